import { useState } from 'react';
import { SegmentedControl } from '../../../shared/ui/SegmentedControl';
import { Section, Sample } from '../Section';
import styles from '../UiKit.module.css';

const ANSWERS = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
  { value: 'not_applicable', label: 'N/A' },
] as const;
type Answer = (typeof ANSWERS)[number]['value'];

/** Segmented control: one of a few short options, side by side. */
export function SegmentedControlSection() {
  const [answer, setAnswer] = useState<Answer | null>(null);
  return (
    <Section
      id="segmented-control"
      title="Segmented control"
      intro="One choice among two to four short options, side by side: a checklist item's answer. Radios underneath, so the arrows choose and Tab passes the group once."
    >
      <div className={styles.samples}>
        <Sample label="No choice yet">
          <SegmentedControl
            legend="Release notes are written"
            segments={ANSWERS}
            value={answer}
            onChange={setAnswer}
          />
        </Sample>
        <Sample label="Chosen">
          <SegmentedControl
            legend="Regression tests pass"
            segments={ANSWERS}
            value="yes"
            onChange={() => undefined}
          />
        </Sample>
        <Sample label="Read-only">
          <SegmentedControl
            legend="A rollback plan exists"
            segments={ANSWERS}
            value="no"
            onChange={() => undefined}
            disabled
          />
        </Sample>
      </div>
    </Section>
  );
}
