import { Download, Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../shared/ui/Button';
import { Section, Sample } from '../Section';
import styles from '../UiKit.module.css';

/** Buttons: one main action per view, secondary beside it, danger for what cannot be undone. */
export function ButtonsSection() {
  return (
    <Section
      id="buttons"
      title="Buttons"
      intro="One primary button per view; secondary beside it; danger only for what cannot be undone. A busy button says what is happening and cannot be pressed twice. With an address it is a link that looks like a button."
    >
      <div className={styles.samples}>
        <Sample label="Primary">
          <Button variant="primary">Create risk</Button>
        </Sample>
        <Sample label="Secondary">
          <Button>Save draft</Button>
        </Sample>
        <Sample label="Danger">
          <Button variant="danger">Delete</Button>
        </Sample>
        <Sample label="Quiet link">
          <Button variant="quiet-link">Try again</Button>
        </Sample>
        <Sample label="With an icon">
          <Button variant="primary" icon={Plus}>
            New risk
          </Button>
          <Button icon={Download}>Export</Button>
          <Button variant="danger" icon={Trash2}>
            Remove
          </Button>
        </Sample>
        <Sample label="Small">
          <Button size="sm">Edit</Button>
          <Button size="sm" variant="primary">
            Open
          </Button>
        </Sample>
        <Sample label="Disabled">
          <Button variant="primary" disabled>
            Create risk
          </Button>
        </Sample>
        <Sample label="Busy">
          <Button variant="primary" busy busyLabel="Creating…">
            Create risk
          </Button>
        </Sample>
        <Sample label="Link">
          <Button to="/help">Open the help</Button>
        </Sample>
      </div>
    </Section>
  );
}
