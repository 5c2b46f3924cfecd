import { useCallback, useEffect, useRef } from 'react';

/** What an action produced, to focus: an element, or how to find it once it is rendered. */
export type FocusTarget = HTMLElement | null | undefined | (() => HTMLElement | null | undefined);

/** A dialog or popover holds the focus while it is open, and gives it back a task after it goes. */
const POPUP = '[role="dialog"], [role="alertdialog"]';

/** The dialogs and popovers open now. */
export const openPopups = (): Element[] => Array.from(document.querySelectorAll(POPUP));

const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]';

/** Focuses `element`, first making a heading or a message focusable from script (tabIndex -1). */
export function focusElement(element: HTMLElement) {
  if (!element.matches(FOCUSABLE)) element.tabIndex = -1;
  element.focus();
}

/** The parts of a page the focus may fall back to when the element that had it is gone. */
const PLACES = 'section, article, form, [role="region"], [role="tabpanel"], main';

/** The parts of the page around `element`, nearest first. */
export function placesAround(element: Element | null): HTMLElement[] {
  const places: HTMLElement[] = [];
  let place = element?.parentElement?.closest<HTMLElement>(PLACES) ?? null;
  while (place) {
    places.push(place);
    place = place.parentElement?.closest<HTMLElement>(PLACES) ?? null;
  }
  return places;
}

/**
 * Focuses the nearest of `places` still on the page (its heading, or itself), for a focus whose
 * element went with what an action removed. False when none is left.
 */
export function focusPlace(places: readonly HTMLElement[]): boolean {
  const place = places.find((each) => each.isConnected);
  if (!place) return false;
  focusElement(place.querySelector<HTMLElement>('h1, h2, h3, h4') ?? place);
  return true;
}

/** Calls `onInput` at the user's next key (a modifier alone aside) or pointer press. */
export function onUserInput(onInput: () => void): () => void {
  const listener = (event: Event) => {
    if (event instanceof KeyboardEvent && ['Shift', 'Control', 'Alt', 'Meta'].includes(event.key))
      return;
    onInput();
  };
  document.addEventListener('keydown', listener, true);
  document.addEventListener('pointerdown', listener, true);
  return () => {
    document.removeEventListener('keydown', listener, true);
    document.removeEventListener('pointerdown', listener, true);
  };
}

/** How often, and how long, a wait for what an action produced looks for it. */
const LOOK_EVERY_MS = 50;
const GIVE_UP_MS = 5000;

/**
 * Focuses what an action produced once it is there: after the refetch that renders it, and after
 * a dialog has closed and given the focus back (Radix does so a task after the dialog goes), so
 * that the focus lands on the result (the new comment, the status message, the item), never on
 * <body>. Gives up when the user presses a key or a pointer first, or after five seconds.
 * Returns the way to call it off.
 */
export function focusWhenReady(target: FocusTarget): () => void {
  const find = typeof target === 'function' ? target : () => target;
  const deadline = Date.now() + GIVE_UP_MS;
  let timer = 0;
  // Focus no sooner than the look after the one that saw the last dialog gone.
  let popupSeen = true;
  const stop = () => {
    window.clearTimeout(timer);
    stopListening();
  };
  const look = () => {
    const popup = openPopups().length > 0;
    const element = find();
    if (element?.isConnected && !popup && !popupSeen) {
      stop();
      focusElement(element);
      return;
    }
    popupSeen = popup;
    if (Date.now() < deadline) timer = window.setTimeout(look, LOOK_EVERY_MS);
    else stop();
  };
  const stopListening = onUserInput(stop);
  timer = window.setTimeout(look, 0);
  return stop;
}

/**
 * The focus after an action: call the function it returns with what the action produced, once
 * the call has succeeded (`focusAfter(() => list.current?.lastElementChild)`). A button that
 * disables itself while sending, or goes with the form it was in, drops the focus to <body>;
 * this puts it on the result instead. A newer call replaces a pending one; unmounting calls it off.
 */
export function useFocusAfterAction(): (target: FocusTarget) => void {
  const pending = useRef<(() => void) | null>(null);
  useEffect(() => () => pending.current?.(), []);
  return useCallback((target: FocusTarget) => {
    pending.current?.();
    pending.current = focusWhenReady(target);
  }, []);
}
