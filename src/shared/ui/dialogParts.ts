import { useLayoutEffect, useRef } from 'react';
import { focusPlace, placesAround } from '../lib/focus';

/** What a dialog may focus first: its fields and buttons, not what is disabled or hidden. */
const FOCUSABLE =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** The first field or control inside `container`, for a form dialog's initial focus. */
export function firstFocusable(container: Element | null): HTMLElement | null {
  return container?.querySelector<HTMLElement>(FOCUSABLE) ?? null;
}

/**
 * Escape in a box whose list is open (a combobox) closes the list, not the dialog around it:
 * Radix listens on the document before the box sees the key, so the dialog asks the box first.
 */
export function escapeBelongsToPopup(event: KeyboardEvent): boolean {
  const target = event.target;
  return target instanceof Element && target.getAttribute('aria-expanded') === 'true';
}

/**
 * Gives the focus back to what had it when the dialog opened. Radix returns it to its own
 * Trigger, and our dialogs are opened by the caller's state, so they have none. When the opener
 * went with what the dialog changed (the row a Delete removed, the buttons of a request decided),
 * the focus goes to the nearest part of the page around it that stays (its heading, or itself),
 * not to <body>. Pass the result as `onCloseAutoFocus`.
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const places = useRef<HTMLElement[]>([]);
  // A layout effect runs before the dialog's focus scope moves the focus in.
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement as HTMLElement | null;
    opener.current = active;
    places.current = placesAround(active);
  }, [open]);
  return (event: Event) => {
    const target = opener.current;
    const around = places.current;
    opener.current = null;
    places.current = [];
    if (!target || target === document.body) return;
    if (target.isConnected) {
      event.preventDefault();
      target.focus({ preventScroll: true });
      return;
    }
    if (focusPlace(around)) event.preventDefault();
  };
}
