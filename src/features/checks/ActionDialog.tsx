import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal form on the native <dialog>, like the shared ConfirmDialog but with fields: Enter
 * submits, Escape cancels, focus returns to where it was. While `busy`, the submit button says
 * what is happening ('Starting…') and nothing can be sent twice.
 */
export function ActionDialog({
  open,
  title,
  children,
  submitLabel,
  busyLabel,
  busy,
  cancelLabel = 'Cancel',
  destructive = false,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  cancelLabel?: string;
  destructive?: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog action-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onSubmit();
        }}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button
            type="submit"
            className={destructive ? 'button button-danger' : 'button button-primary'}
            disabled={busy}
          >
            {busy ? busyLabel : submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
