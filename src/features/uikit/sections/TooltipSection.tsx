import { Info, Pencil, Trash2 } from 'lucide-react';
import { IconButton, Tooltip, TruncatedText } from '../../../shared/ui/Tooltip';
import { Section, Sample } from '../Section';
import styles from '../UiKit.module.css';
import { Button } from '../../../shared/ui/Button';

/** Tooltip: the words of an icon button, the whole of a cut text. */
export function TooltipSection() {
  return (
    <Section
      id="tooltip"
      title="Tooltip"
      intro="Shown on hover and keyboard focus, hidden by Escape. It repeats what the element already says to assistive technology: an icon button's name, a cut text's full words."
    >
      <div className={styles.samples}>
        <Sample label="Icon buttons">
          <IconButton
            label="Edit the risk"
            icon={<Pencil size={18} aria-hidden="true" />}
            onClick={() => undefined}
          />
          <IconButton
            label="Delete the risk"
            icon={<Trash2 size={18} aria-hidden="true" />}
            onClick={() => undefined}
          />
          <IconButton
            label="Nothing to edit"
            icon={<Pencil size={18} aria-hidden="true" />}
            onClick={() => undefined}
            disabled
          />
        </Sample>
        <Sample label="Truncated text">
          <div className={styles.narrow}>
            <TruncatedText text="Handmade Ball panel: integration with the payment provider" />
          </div>
        </Sample>
        <Sample label="On a button">
          <Tooltip content="Sends the reminder to every participant who has not answered">
            <Button type="button">
              <Info size={16} aria-hidden="true" /> Remind
            </Button>
          </Tooltip>
        </Sample>
      </div>
    </Section>
  );
}
