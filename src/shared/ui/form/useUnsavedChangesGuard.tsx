import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../ConfirmDialog';

export const LEAVE_TITLE = 'Leave without saving?';
export const LEAVE_TEXT = 'What you changed on this page is not saved yet and will be lost.';

/**
 * Asks before leaving a form with unsaved changes: a route change inside the app waits for the
 * user's answer in a `ConfirmDialog` ('Leave' / 'Stay'); closing or reloading the tab gets the
 * browser's own question (`beforeunload`). `isDirty` is the form's own `formState.isDirty`.
 * Render `dialog`; call `allowNavigation()` just before navigating away after a successful save.
 */
export function useUnsavedChangesGuard(
  isDirty: boolean,
  { title = LEAVE_TITLE, text = LEAVE_TEXT }: { title?: string; text?: ReactNode } = {},
): { dialog: ReactNode; allowNavigation: () => void } {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!isDirty) return;
    allowed.current = false;
    const warn = (event: BeforeUnloadEvent) => {
      if (!allowed.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const allowNavigation = useCallback(() => {
    allowed.current = true;
  }, []);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={title}
      confirmLabel="Leave"
      cancelLabel="Stay"
      destructive
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {typeof text === 'string' ? <p>{text}</p> : text}
    </ConfirmDialog>
  );
  return { dialog, allowNavigation };
}
