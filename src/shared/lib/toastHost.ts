/**
 * Whether the page needs the toast container. react-toastify and its styles are not part of the
 * entry chunk (`/login` shows no toast): the app mounts the container lazily once a toast is
 * raised (or the user is signed in). Toasts raised before it mounts wait in react-toastify's queue.
 */
type Listener = () => void;

let requested = false;
const listeners = new Set<Listener>();

/** Asks the app to mount the toast container; cheap to call before every toast. */
export function requestToastContainer(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: subscribe to the request. */
export function subscribeToastContainer(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function toastContainerRequested(): boolean {
  return requested;
}
