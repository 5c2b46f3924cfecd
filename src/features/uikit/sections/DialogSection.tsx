import { useState } from 'react';
import { Dialog } from '../../../shared/ui/Dialog';
import { Section, Sample } from '../Section';
import styles from '../UiKit.module.css';
import { Button } from '../../../shared/ui/Button';

/** Dialog: a form in a modal, with a save that takes a moment. */
export function DialogSection() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const [saved, setSaved] = useState('');
  const save = () => {
    setBusy(true);
    window.setTimeout(() => {
      setBusy(false);
      setOpen(false);
      setSaved(note);
    }, 600);
  };
  return (
    <Section
      id="dialog"
      title="Dialog"
      intro="For a task that needs the user's full attention: a title, an optional description, a body and the actions. The focus moves in, stays in, and goes back to the button; Escape closes unless a save is under way."
    >
      <div className={styles.samples}>
        <Sample label="Form dialog">
          <Button type="button" onClick={() => setOpen(true)}>
            Edit the note
          </Button>
          <Dialog
            open={open}
            onClose={() => setOpen(false)}
            title="Edit the note"
            description="The note is shown to everyone on the project."
            busy={busy}
            onSubmit={save}
            actions={
              <>
                <Button type="button" disabled={busy} onClick={() => setOpen(false)}>
                  Cancel
                </Button>
                <Button type="submit" variant="primary" busy={busy}>
                  {busy ? 'Saving…' : 'Save'}
                </Button>
              </>
            }
          >
            <label htmlFor="uikit-note">Note</label>
            <input
              id="uikit-note"
              type="text"
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </Dialog>
        </Sample>
        <Sample label="Last saved">
          <output aria-live="polite">{saved ? `“${saved}”` : 'Nothing saved yet'}</output>
        </Sample>
      </div>
    </Section>
  );
}
