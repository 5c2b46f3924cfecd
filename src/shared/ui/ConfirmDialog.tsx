import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useRef, type ReactNode } from 'react';
import styles from './Dialog.module.css';
import { escapeBelongsToPopup, firstFocusable, useReturnFocus } from './dialogParts';
import { Button, buttonClassName } from './Button';

/**
 * A modal confirmation on Radix AlertDialog: focus moves in (to Cancel, or to the first field of a
 * form), is kept there and goes back where it was; Escape cancels; a click beside it does nothing.
 * With `form`, the content is a form with fields: Enter in a field confirms, and while `busy`
 * Escape and Cancel wait so that what was typed is not lost. While `busy`, the confirm button says
 * what is happening (`busyLabel`, 'Starting…') and nothing is sent twice.
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
  const bodyRef = useRef<HTMLDivElement>(null);
  const returnFocus = useReturnFocus(open);
  const body =
    children === undefined ? null : form ? (
      <div className={styles.body} ref={bodyRef}>
        {children}
      </div>
    ) : (
      <AlertDialog.Description asChild>
        <div className={styles.body}>{children}</div>
      </AlertDialog.Description>
    );
  const content = (
    <>
      <AlertDialog.Title className={styles.title}>{title}</AlertDialog.Title>
      {body}
      <div className={styles.footer}>
        <AlertDialog.Cancel className={buttonClassName()} disabled={busy}>
          {cancelLabel}
        </AlertDialog.Cancel>
        <Button
          type={form ? 'submit' : 'button'}
          variant={destructive ? 'danger' : 'primary'}
          onClick={form ? undefined : onConfirm}
          busy={busy}
          busyLabel={busyLabel}
        >
          {confirmLabel}
        </Button>
      </div>
    </>
  );
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content
          // The screens and their tests know these as dialogs: the role stays 'dialog'.
          role="dialog"
          className={className ? `${styles.content} ${className}` : styles.content}
          {...(form || children === undefined ? { 'aria-describedby': undefined } : {})}
          onOpenAutoFocus={(event) => {
            if (!form) return;
            const field = firstFocusable(bodyRef.current);
            if (!field) return;
            event.preventDefault();
            field.focus();
          }}
          onCloseAutoFocus={returnFocus}
          onEscapeKeyDown={(event) => {
            if (escapeBelongsToPopup(event) || (form && busy)) event.preventDefault();
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
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
