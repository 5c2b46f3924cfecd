import type { ComponentType } from 'react';
import { BadgesSection } from './sections/BadgesSection';
import { ButtonsSection } from './sections/ButtonsSection';
import { ComboboxSection } from './sections/ComboboxSection';
import { ConfirmDialogSection } from './sections/ConfirmDialogSection';
import { DialogSection } from './sections/DialogSection';
import { EmptyStateSection } from './sections/EmptyStateSection';
import { FormSection } from './sections/FormSection';
import { LoadingSection } from './sections/LoadingSection';
import { MenuSection } from './sections/MenuSection';
import { PageHeaderSection } from './sections/PageHeaderSection';
import { SegmentedControlSection } from './sections/SegmentedControlSection';
import { TabsSection } from './sections/TabsSection';
import { TooltipSection } from './sections/TooltipSection';
import styles from './UiKit.module.css';

/** The sections in page order: a new primitive adds its own file and one line here. */
const SECTIONS: { key: string; Section: ComponentType }[] = [
  { key: 'buttons', Section: ButtonsSection },
  { key: 'dialog', Section: DialogSection },
  { key: 'confirm-dialog', Section: ConfirmDialogSection },
  { key: 'tabs', Section: TabsSection },
  { key: 'menu', Section: MenuSection },
  { key: 'tooltip', Section: TooltipSection },
  { key: 'combobox', Section: ComboboxSection },
  { key: 'form', Section: FormSection },
  { key: 'segmented-control', Section: SegmentedControlSection },
  { key: 'badges', Section: BadgesSection },
  { key: 'empty-state', Section: EmptyStateSection },
  { key: 'page-header', Section: PageHeaderSection },
  { key: 'loading', Section: LoadingSection },
];

/**
 * `/_/ui`, reached by its address only: every primitive of `src/shared/ui` in its states, for
 * review and for the accessibility scan. `src/shared/ui/README.md` says when to use which.
 */
export default function UiKitPage() {
  return (
    <div className={styles.page}>
      <header>
        <h1>UI kit</h1>
        <p className={styles.lead}>
          The primitives every screen is built from, in each of their states.
        </p>
      </header>
      {SECTIONS.map(({ key, Section }) => (
        <Section key={key} />
      ))}
    </div>
  );
}
