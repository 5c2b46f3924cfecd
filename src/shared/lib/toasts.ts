import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { toast, type Id, type ToastOptions, type UpdateOptions } from 'react-toastify';
import { requestToastContainer } from './toastHost';

/** Spec §9: the supervisor-comment warning stays 20 000 ms. */
export const WARNING_TOAST_MS = 20_000;

/**
 * Spec §8: a toast belongs to the page it was raised on and is cleared when the path changes, of
 * every type: a success does not follow the user to the next page, nor a persistent error about a
 * page they left. A toast that reports where the user is being sent (raised just before the
 * navigation) survives that one path change. Each id maps to the path changes it still survives.
 */
const pageBound = new Map<Id, number>();

/** Binds a toast to the current page (or, `forNextPage`, to the page the app is about to open). */
export function bindToPage(id: Id, forNextPage = false): Id {
  pageBound.set(id, forNextPage ? 1 : 0);
  return id;
}

/** Every toast goes through here: the container (loaded lazily) is asked for first. */
export const notify = {
  success: (message: string, options?: ToastOptions) => {
    requestToastContainer();
    return bindToPage(toast.success(message, options));
  },
  /** A success the user reads on the page the app opens next (a save that navigates). */
  successOnNextPage: (message: string, options?: ToastOptions) => {
    requestToastContainer();
    return bindToPage(toast.success(message, options), true);
  },
  info: (message: string, options?: ToastOptions) => {
    requestToastContainer();
    return bindToPage(toast.info(message, options));
  },
  warning: (message: string, options?: ToastOptions) => {
    requestToastContainer();
    return bindToPage(toast.warning(message, { autoClose: WARNING_TOAST_MS, ...options }));
  },
  /**
   * Changes a toast still shown (a long task's "keep this page open" once it is done); nothing
   * when the user has left its page and it is gone.
   */
  update: (id: Id, options: UpdateOptions) => {
    if (pageBound.has(id)) toast.update(id, options);
  },
};

/** Takes one toast away, by the id it was raised with. */
export function dismissToast(id: Id): void {
  toast.dismiss(id);
  pageBound.delete(id);
}

/** The path changed: clears the toasts of the page left, keeps those raised for the new one. */
export function clearPageToasts(): void {
  for (const [id, survives] of pageBound) {
    if (survives > 0) pageBound.set(id, survives - 1);
    else dismissToast(id);
  }
}

/**
 * The page a toast belongs to: the path, with the tab a page names in its query (`?tab=`, the
 * risk's sections), as each tab is a page of its own to the user. Other query parameters (a
 * list's filters, its sort) leave the user on the same page.
 */
export function toastPageOf({ pathname, search }: { pathname: string; search: string }): string {
  const tab = new URLSearchParams(search).get('tab');
  return tab === null ? pathname : `${pathname}?tab=${tab}`;
}

/**
 * Clears the page's toasts when the user moves to another page (or tab). It runs as a layout
 * effect, before the new page's own effects: a toast the new page raises as it opens (the risks
 * step's info) is the new page's, and stays.
 */
export function usePageToasts(): void {
  const page = toastPageOf(useLocation());
  const last = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (last.current === page) return;
    if (last.current !== null) clearPageToasts();
    last.current = page;
  }, [page]);
}
