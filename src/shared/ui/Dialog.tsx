import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import styles from './Dialog.module.css';
import { escapeBelongsToPopup, firstFocusable, useReturnFocus } from './dialogParts';

export interface DialogProps {
  open: boolean;
  /** The user asks to close: Escape, the close button, a click beside a dialog without a form. */
  onClose: () => void;
  title: ReactNode;
  /** One line under the title, read when the dialog opens. */
  description?: ReactNode;
  /** The body: text, fields, a list. */
  children?: ReactNode;
  /** The footer's buttons, the main one last. */
  actions?: ReactNode;
  /**
   * Makes the body and the footer one form: Enter in a field submits, the first field takes the
   * focus and a click beside the dialog does not close it (what was typed stays).
   */
  onSubmit?: () => void;
  /** While a call is under way, nothing closes the dialog, so nothing typed is lost. */
  busy?: boolean;
  /** The first field takes the focus on opening, as in a form (a search box). */
  focusFirstField?: boolean;
  wide?: boolean;
  /** Added to the dialog's own class. */
  className?: string | undefined;
}

/**
 * A modal dialog on Radix Dialog: focus moves in, stays in and goes back where it was; Escape and
 * the close button close it; the page behind is inert for assistive technology.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  actions,
  onSubmit,
  busy = false,
  focusFirstField = false,
  wide = false,
  className,
}: DialogProps) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const returnFocus = useReturnFocus(open);
  const form = onSubmit !== undefined;
  const inner = (
    <>
      <div className={styles.body} ref={bodyRef}>
        {children}
      </div>
      {actions && <div className={styles.footer}>{actions}</div>}
    </>
  );
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={[styles.content, wide && styles.wide, className].filter(Boolean).join(' ')}
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          onOpenAutoFocus={(event) => {
            if (!form && !focusFirstField) return;
            const field = firstFocusable(bodyRef.current);
            if (!field) return;
            event.preventDefault();
            field.focus();
          }}
          onCloseAutoFocus={returnFocus}
          onEscapeKeyDown={(event) => {
            if (busy || escapeBelongsToPopup(event)) event.preventDefault();
          }}
          onInteractOutside={(event) => {
            if (form || busy) event.preventDefault();
          }}
        >
          <div className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            <RadixDialog.Close className={styles.close} aria-label="Close" disabled={busy}>
              <X size={18} aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          {description !== undefined && (
            <RadixDialog.Description className={styles.description}>
              {description}
            </RadixDialog.Description>
          )}
          {form ? (
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (!busy) onSubmit();
              }}
            >
              {inner}
            </form>
          ) : (
            inner
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
