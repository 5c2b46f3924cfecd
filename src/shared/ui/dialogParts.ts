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
