import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import styles from './Drawer.module.css';

/**
 * A modal panel that slides in from the left edge (the menu) or the right (a preview beside a
 * list) (Radix Dialog): focus is trapped inside while it
 * is open and goes back to what opened it, Escape and a click on the overlay close it, the page
 * behind is inert to assistive technology and does not scroll.
 */
export function Drawer({
  open,
  onOpenChange,
  title,
  closeLabel = 'Close',
  returnFocusTo,
  side = 'left',
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The drawer's accessible name; shown as its heading. */
  title: string;
  closeLabel?: string;
  /** Where focus goes back when the drawer closes: the button that opened it. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  side?: 'left' | 'right';
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={side === 'right' ? `${styles.panel} ${styles.right}` : styles.panel}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo?.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
        >
          <div className={styles.head}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={closeLabel}>
              <X aria-hidden="true" size={20} />
            </Dialog.Close>
          </div>
          <div className={styles.body}>{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
