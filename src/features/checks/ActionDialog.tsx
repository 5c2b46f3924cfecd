import { useState, type ReactNode } from 'react';
import { notify } from '../../shared/lib/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';

/** What a check action's dialog sends: the call under way and its success toast's words. */
export interface Sending {
  call: { unwrap: () => Promise<unknown> };
  success: string;
}

/** A check action's words and state, as its button and its dialog show them. */
export interface ActionWords {
  /** The button that opens the dialog. */
  trigger: string;
  primary?: boolean;
  title: string;
  submitLabel: string;
  /** The submit button's words while the call is under way: 'Starting…'. */
  busyLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  /** The mutation's own `isLoading`. */
  busy: boolean;
}

/**
 * One check action: its button and the form dialog it opens. `send` checks the fields (a wrong
 * one says so and takes the focus, and `send` gives null) and makes the call. Success closes the
 * dialog, empties the fields (`onSent`) and says so; a failure leaves the dialog as it is, since
 * the base query's error toast names the problem and what was typed stays for a retry. Cancel and
 * Escape close it (`onClose` clears the errors).
 */
export function ActionDialog({
  trigger,
  primary = false,
  title,
  submitLabel,
  busyLabel,
  cancelLabel,
  destructive,
  busy,
  send,
  onSent,
  onClose,
  children,
}: ActionWords & {
  send: () => Sending | null;
  onSent?: () => void;
  onClose?: () => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const submit = async () => {
    const sending = send();
    if (!sending) return;
    try {
      await sending.call.unwrap();
    } catch {
      return;
    }
    setOpen(false);
    onSent?.();
    notify.success(sending.success);
  };
  return (
    <>
      <button
        type="button"
        className={primary ? 'button button-primary' : 'button'}
        disabled={busy}
        onClick={() => setOpen(true)}
      >
        {trigger}
      </button>
      <ConfirmDialog
        form
        className="action-dialog"
        open={open}
        title={title}
        confirmLabel={submitLabel}
        busyLabel={busyLabel}
        cancelLabel={cancelLabel}
        destructive={destructive}
        busy={busy}
        onConfirm={() => void submit()}
        onCancel={() => {
          setOpen(false);
          onClose?.();
        }}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
