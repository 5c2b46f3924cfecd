import { useCallback, useEffect, useState } from 'react';
import type { ParamChanges } from './searchParams';

/** Search boxes wait this long after the last key before they ask the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value`, once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A text box bound to a URL search param: it shows every key at once and writes the trimmed text
 * to the URL `ms` after the last key. When the URL changes from elsewhere (reset, back), the box
 * follows it; its own write coming back leaves alone any keys typed since.
 */
export function useUrlText(
  urlValue: string,
  commit: (value: string) => void,
  ms = SEARCH_DEBOUNCE_MS,
): [string, (text: string) => void] {
  const [text, setText] = useState(urlValue);
  const [seenUrlValue, setSeenUrlValue] = useState(urlValue);
  // The value last written, until the URL shows something else: then the change came from elsewhere.
  const [committed, setCommitted] = useState<string | null>(null);
  if (urlValue !== seenUrlValue) {
    setSeenUrlValue(urlValue);
    if (urlValue !== committed) {
      setCommitted(null);
      if (urlValue !== text.trim()) setText(urlValue);
    }
  }
  useEffect(() => {
    const value = text.trim();
    if (value === urlValue) return;
    const timer = setTimeout(() => {
      setCommitted(value);
      commit(value);
    }, ms);
    return () => clearTimeout(timer);
  }, [text, urlValue, commit, ms]);
  return [text, setText];
}

/** `useUrlText` for the URL param `param`, written with the list page's `update`. */
export function useParamText(
  params: URLSearchParams,
  update: (changes: ParamChanges) => void,
  param: string,
) {
  const commit = useCallback((text: string) => update({ [param]: text }), [update, param]);
  return useUrlText(params.get(param) ?? '', commit);
}
