import { useState } from 'react';
import { ConfirmDialog } from '../ConfirmDialog';

/**
 * A form dialog's close that asks first when something was changed: `close` closes at once when
 * nothing was, else opens the 'Discard the changes?' confirmation (`dialog`, to render inside the
 * form dialog), whose confirm calls `onClose`. `what` ends its sentence: 'in this period'.
 */
export function useDiscardGuard(isDirty: boolean, onClose: () => void, what: string) {
  const [asking, setAsking] = useState(false);
  const close = () => (isDirty ? setAsking(true) : onClose());
  const dialog = (
    <ConfirmDialog
      open={asking}
      title="Discard the changes?"
      confirmLabel="Discard changes"
      cancelLabel="Keep editing"
      destructive
      onConfirm={() => {
        setAsking(false);
        onClose();
      }}
      onCancel={() => setAsking(false)}
    >
      <p>What you typed {what} is not saved and will be lost.</p>
    </ConfirmDialog>
  );
  return { close, dialog };
}
