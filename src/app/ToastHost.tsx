import { lazy, Suspense, useSyncExternalStore } from 'react';
import { selectIsSignedIn } from '../api/credentials';
import { subscribeToastContainer, toastContainerRequested } from '../shared/lib/toastHost';
import { useAppSelector } from './hooks';

const Toasts = lazy(() => import('./Toasts'));

/**
 * The toast container, out of the entry chunk: mounted for a signed-in user (whose screens raise
 * toasts) and on the first toast anywhere else. Toasts raised before it mounts are queued.
 */
export function ToastHost() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const requested = useSyncExternalStore(
    subscribeToastContainer,
    toastContainerRequested,
    toastContainerRequested,
  );
  if (!signedIn && !requested) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
