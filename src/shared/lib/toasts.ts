import { toast, type Id, type ToastOptions } from 'react-toastify';
import { requestToastContainer } from './toastHost';

/** Spec §9: the supervisor-comment warning stays 20 000 ms. */
export const WARNING_TOAST_MS = 20_000;

/** Toast types that belong to the page they were raised on (spec §8: cleared on a path change). */
const pageBound = new Set<Id>();

function track(id: Id): Id {
  pageBound.add(id);
  return id;
}

/** Every toast goes through here: the container (loaded lazily) is asked for first. */
export const notify = {
  success: (message: string, options?: ToastOptions) => {
    requestToastContainer();
    return toast.success(message, options);
  },
  info: (message: string, options?: ToastOptions) => {
    requestToastContainer();
    return track(toast.info(message, options));
  },
  warning: (message: string, options?: ToastOptions) => {
    requestToastContainer();
    return track(toast.warning(message, { autoClose: WARNING_TOAST_MS, ...options }));
  },
};

/** Takes one toast away, by the id it was raised with. */
export function dismissToast(id: Id): void {
  toast.dismiss(id);
}

/** Clears the info and warning toasts of the page being left; errors and successes stay. */
export function clearPageToasts(): void {
  for (const id of pageBound) toast.dismiss(id);
  pageBound.clear();
}
