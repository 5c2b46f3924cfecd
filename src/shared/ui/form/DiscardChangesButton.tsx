import { useEffect, useState } from 'react';
import { Button, type ButtonVariant } from '../Button';
import { useDiscardGuard } from './useDiscardGuard';

/**
 * A form's own 'Discard changes' button (issue 33: an irreversible step asks first): it asks the
 * question a form dialog asks before its changes are dropped ('Discard the changes?'), and only
 * then calls `onDiscard`. The form is reset once the question has closed and given the focus back
 * to this button, which then keeps it while the clean form disables it. `what` ends the
 * question's sentence: 'What you typed … is not saved' ('in the project overview').
 */
export function DiscardChangesButton({
  isDirty,
  disabled = false,
  what,
  variant,
  onDiscard,
}: {
  isDirty: boolean;
  /** Held back meanwhile (a save on its way). */
  disabled?: boolean;
  what: string;
  variant?: ButtonVariant;
  onDiscard: () => void;
}) {
  const [discarding, setDiscarding] = useState(false);
  const { close, dialog } = useDiscardGuard(isDirty, () => setDiscarding(true), what);
  useEffect(() => {
    if (!discarding) return;
    // After the question's own focus return (a timer Radix sets as it closes), not before it: a
    // button disabled by the reset could not take the focus back.
    const timer = setTimeout(() => {
      setDiscarding(false);
      onDiscard();
    });
    return () => clearTimeout(timer);
  }, [discarding, onDiscard]);
  return (
    <>
      <Button variant={variant} disabled={!isDirty || disabled} onClick={close}>
        Discard changes
      </Button>
      {dialog}
    </>
  );
}
