import { toast, type Id, type ToastOptions } from 'react-toastify';
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
