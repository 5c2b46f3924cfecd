import { useCallback, useSyncExternalStore } from 'react';

/** Below this width a wide table reads as a list of cards (the phone layout of issue 33). */
export const NARROW_QUERY = '(max-width: 599.98px)';

const media = (query: string) =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query)
    : null;

/**
 * Whether a CSS media query matches, kept up to date as the window resizes. Without
 * `matchMedia` (jsdom, a server) it never matches, so tests see the desktop layout.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = media(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => media(query)?.matches ?? false,
    () => false,
  );
}
