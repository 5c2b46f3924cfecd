import { Section, Sample } from '../Section';
import styles from '../UiKit.module.css';

/** Buttons: one main action per view, secondary beside it, danger for what cannot be undone. */
export function ButtonsSection() {
  return (
    <Section
      id="buttons"
      title="Buttons"
      intro="One primary button per view; secondary beside it; danger only for what cannot be undone. A busy button says what is happening and cannot be pressed twice."
    >
      <div className={styles.samples}>
        <Sample label="Primary">
          <button type="button" className="button button-primary">
            Create risk
          </button>
        </Sample>
        <Sample label="Secondary">
          <button type="button" className="button">
            Save draft
          </button>
        </Sample>
        <Sample label="Danger">
          <button type="button" className="button button-danger">
            Delete
          </button>
        </Sample>
        <Sample label="Disabled">
          <button type="button" className="button button-primary" disabled>
            Create risk
          </button>
        </Sample>
        <Sample label="Busy">
          <button type="button" className="button button-primary" disabled aria-busy="true">
            Creating…
          </button>
        </Sample>
      </div>
    </Section>
  );
}
