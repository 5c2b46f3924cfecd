import type { ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Asks before deleting `target` (open while it is not null). The dialog closes once `onDelete`
 * succeeds; when it fails it stays open for another try, the error toast having said why.
 */
export function DeleteDialog<Target>({
  target,
  title,
  children,
  busy,
  onDelete,
  onClose,
}: {
  target: Target | null;
  title: string;
  children: ReactNode;
  busy: boolean;
  onDelete: (target: Target) => Promise<unknown>;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={target !== null}
      title={title}
      confirmLabel="Delete"
      destructive
      busy={busy}
      onCancel={onClose}
      onConfirm={() => {
        if (target === null) return;
        void onDelete(target)
          .then(onClose)
          .catch(() => undefined);
      }}
    >
      {children}
    </ConfirmDialog>
  );
}
