import { useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';
import {
  focusElement,
  focusPlace,
  onUserInput,
  openPopups,
  placesAround,
} from '../shared/lib/focus';

/** How often, and how long, a new page is looked at for its h1 (its data may still be loading). */
const LOOK_EVERY_MS = 50;
const GIVE_UP_MS = 8000;

/** The new page's h1, or its main once the wait is over. */
const pageHeading = () =>
  document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
const pageMain = () => document.querySelector<HTMLElement>('main');

/**
 * Focus that follows a page change, once for every route: when the path changes (not on the
 * first load, not when only the query changes, as a filter does), the focus moves to the new
 * page's h1 once it is rendered (to its main when none comes), and its title is announced in a
 * polite live region. The focus stays where it is when it is on a tab (the project card's tabs
 * are routes, and a tab keeps the focus as it is activated), when the new page opened a dialog,
 * when the user pressed a key or a pointer in the meantime, and when the address names a place
 * in the page (`#question-12`) that the page put the focus in; the title is announced still.
 */
export function PageChangeFocus() {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState('');
  const shown = useRef<string | null>(null);
  // While a page change waits for its h1, the rescue below leaves the focus to it.
  const changing = useRef(false);
  useFocusRescue(changing);

  useEffect(() => {
    const previous = shown.current;
    shown.current = pathname;
    if (previous === null || previous === pathname) return;
    const popupsBefore = new Set(openPopups());
    const onTab = document.activeElement?.getAttribute('role') === 'tab';
    const deadline = Date.now() + GIVE_UP_MS;
    let userMoved = false;
    let popupSeen = true;
    let timer = 0;
    const stopListening = onUserInput(() => {
      userMoved = true;
    });
    changing.current = true;
    const settle = (target: HTMLElement | null) => {
      stopListening();
      changing.current = false;
      const newPopup = openPopups().some((popup) => !popupsBefore.has(popup));
      if (target && !onTab && !userMoved && !newPopup && !focusInPlace()) focusElement(target);
      // Cleared first, so that the same title twice is announced twice.
      setAnnouncement('');
      timer = window.setTimeout(() => setAnnouncement(document.title), LOOK_EVERY_MS);
    };
    const look = () => {
      const popup = openPopups().some((each) => popupsBefore.has(each));
      const heading = pageHeading();
      // A menu drawer or dialog that closes with the navigation gives its focus back a task
      // after it goes: the heading is focused after that.
      if (heading && !popup && !popupSeen) return settle(heading);
      popupSeen = popup;
      if (userMoved || Date.now() >= deadline) return settle(heading ?? pageMain());
      timer = window.setTimeout(look, LOOK_EVERY_MS);
    };
    timer = window.setTimeout(look, 0);
    return () => {
      window.clearTimeout(timer);
      stopListening();
      changing.current = false;
    };
  }, [pathname]);

  return (
    // A live region of its own, not a status: the page's own status messages stay apart from it.
    <p id="page-announcer" className="visually-hidden" aria-live="polite" aria-atomic="true">
      {announcement}
    </p>
  );
}

/** The focus is in the place of the page the address names (`#id`). */
function focusInPlace(): boolean {
  const { hash } = window.location;
  if (!hash) return false;
  const named = document.getElementById(decodeURIComponent(hash.slice(1)));
  return named !== null && named.contains(document.activeElement);
}

/** What manages its own focus: dialogs and menus give it back when they close. */
const SELF_MANAGED = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';
/** Long enough for a dialog's or a component's own focus move to have happened. */
const RESCUE_AFTER_MS = 100;

/**
 * The safety net under every screen: when the element that has the focus leaves the page, or
 * turns disabled (a form that closes once saved, a row deleted, a raw button off while it
 * sends), and nothing takes the focus on, the focus goes to the nearest part of the page that
 * stays (its heading, or itself) instead of <body>.
 */
function useFocusRescue(paused: RefObject<boolean>) {
  useEffect(() => {
    let focused: HTMLElement | null = null;
    let places: HTMLElement[] = [];
    let timer = 0;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      focused = target && !target.closest(SELF_MANAGED) ? target : null;
      places = placesAround(focused);
    };
    const lost = () =>
      focused !== null &&
      document.activeElement === document.body &&
      (!focused.isConnected || focused.matches(':disabled'));
    const observer = new MutationObserver(() => {
      if (!lost()) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        if (lost() && !paused.current && openPopups().length === 0 && focusPlace(places))
          focused = null;
      }, RESCUE_AFTER_MS);
    });
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributeFilter: ['disabled'],
    });
    document.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      window.clearTimeout(timer);
    };
  }, [paused]);
}
