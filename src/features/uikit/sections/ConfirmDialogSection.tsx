import { useState } from 'react';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { Section, Sample } from '../Section';
import styles from '../UiKit.module.css';
import { Button } from '../../../shared/ui/Button';

/** ConfirmDialog: asks before a step, destructive or not, and shows the call under way. */
export function ConfirmDialogSection() {
  const [open, setOpen] = useState<'plain' | 'destructive' | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    setBusy(true);
    window.setTimeout(() => {
      setBusy(false);
      setOpen(null);
    }, 600);
  };
  return (
    <Section
      id="confirm-dialog"
      title="Confirm dialog"
      intro="Asks before a step: Cancel takes the focus, a click beside it does nothing, the confirm button says what is happening while the call runs."
    >
      <div className={styles.samples}>
        <Sample label="Plain">
          <Button type="button" onClick={() => setOpen('plain')}>
            Open the draft
          </Button>
        </Sample>
        <Sample label="Destructive, then busy">
          <Button type="button" variant="danger" onClick={() => setOpen('destructive')}>
            Delete the draft
          </Button>
        </Sample>
      </div>
      <ConfirmDialog
        open={open === 'plain'}
        title="Open this draft?"
        confirmLabel="Open draft"
        onConfirm={() => setOpen(null)}
        onCancel={() => setOpen(null)}
      >
        <p>What you typed and did not save is replaced by the draft.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'destructive'}
        title="Delete this draft?"
        confirmLabel="Delete draft"
        busyLabel="Deleting…"
        destructive
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setOpen(null)}
      >
        <p>The draft is deleted for good.</p>
      </ConfirmDialog>
    </Section>
  );
}
