import { vi } from 'vitest';

/**
 * The window is a phone's, below 600 px: every `max-width` media query matches (the DataTable's
 * cards). Undo it with `vi.unstubAllGlobals()`.
 */
export function onAPhone() {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}
