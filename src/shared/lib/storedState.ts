import { useCallback, useState } from 'react';

/**
 * State kept in localStorage under `key` (JSON), so a choice such as the columns of a list
 * survives a reload; `fallback` when nothing (or nothing readable) is stored. Storage that is
 * blocked or full keeps the state for this page view only.
 */
export function useStoredState<T>(key: string, fallback: T): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      const stored = localStorage.getItem(key);
      return stored === null ? fallback : (JSON.parse(stored) as T);
    } catch {
      return fallback;
    }
  });
  const update = useCallback(
    (next: T) => {
      setValue(next);
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // blocked or full: the choice lasts for this page view
      }
    },
    [key],
  );
  return [value, update];
}
