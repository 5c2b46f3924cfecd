import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../../shared/lib/useDebounced';

/** The list page's URL params and one way to change them (the shared list-page hook). */
export { useUrlParams as useListUrl } from '../../../shared/lib/searchParams';

/**
 * The search box's text: it changes on every key (the rows filter at once) and reaches the URL
 * `SEARCH_DEBOUNCE_MS` after the last key. When the URL changes from elsewhere (reset, back), the
 * box follows it.
 */
export function useSearchText(
  urlValue: string,
  commit: (value: string) => void,
): [string, (text: string) => void] {
  const [text, setText] = useState(urlValue);
  const [seenUrlValue, setSeenUrlValue] = useState(urlValue);
  // Our own commit arriving back must not undo keys typed since it left.
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
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, urlValue, commit]);
  return [text, setText];
}
