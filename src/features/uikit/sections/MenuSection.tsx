import { ChevronsUp, Share2, Trash2, UserRoundPlus } from 'lucide-react';
import { useState } from 'react';
import { Menu } from '../../../shared/ui/Menu';
import { Section, Sample } from '../Section';
import styles from '../UiKit.module.css';

/** Menu: actions and links behind one button. */
export function MenuSection() {
  const [chosen, setChosen] = useState('');
  return (
    <Section
      id="menu"
      title="Menu"
      intro="Several actions or links behind one button. It opens on its first item; arrows move, Enter chooses, Escape closes back to the button."
    >
      <div className={styles.samples}>
        <Sample label="Actions, a link, a disabled and a danger item">
          <Menu
            label="Actions"
            items={[
              { label: 'Delegate…', icon: UserRoundPlus, onSelect: () => setChosen('Delegate') },
              { label: 'Escalate…', icon: ChevronsUp, onSelect: () => setChosen('Escalate') },
              { label: 'Share…', icon: Share2, disabled: true, onSelect: () => setChosen('Share') },
              { label: 'Open the help', to: '/help' },
              { label: 'Delete', icon: Trash2, danger: true, onSelect: () => setChosen('Delete') },
            ]}
          />
        </Sample>
        <Sample label="Quiet, as in the header">
          <Menu
            label="Alex Morgan"
            variant="quiet"
            items={[{ label: 'Sign out', onSelect: () => setChosen('Sign out') }]}
          />
        </Sample>
        <Sample label="Last chosen">
          <output aria-live="polite">{chosen || 'Nothing yet'}</output>
        </Sample>
      </div>
    </Section>
  );
}
