import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal confirmation on the native <dialog>: focus moves in and is kept there, Escape cancels,
 * focus returns to where it was. With `form`, the content is a form with fields: Enter in a field
 * confirms, and while `busy` Escape waits so that what was typed is not lost. While `busy`, the
 * confirm button says what is happening (`busyLabel`, 'Starting…') and nothing is sent twice.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel = confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  busy = false,
  form = false,
  className,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  busy?: boolean;
  form?: boolean;
  /** Added to the dialog's own class, for a wider dialog. */
  className?: string;
  onConfirm: () => void;
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
  const content = (
    <>
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button
          type={form ? 'submit' : 'button'}
          className={destructive ? 'button button-danger' : 'button button-primary'}
          onClick={form ? undefined : onConfirm}
          disabled={busy}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </>
  );
  return (
    <dialog
      ref={ref}
      className={className ? `confirm-dialog ${className}` : 'confirm-dialog'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!(form && busy)) onCancel();
      }}
    >
      {form ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) onConfirm();
          }}
        >
          {content}
        </form>
      ) : (
        content
      )}
    </dialog>
  );
}
