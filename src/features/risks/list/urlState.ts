import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '../../../shared/lib/useDebounced';

export type UrlChanges = Record<string, string | number | undefined | null>;

/**
 * The list page's URL params and one way to change them: empty values remove a param. Changes of
 * filters replace the history entry; `push` (a new tab) adds one, so Back returns to it.
 */
export function useListUrl() {
  const [params, setParams] = useSearchParams();
  // React Router hands a functional update the params of the last render, so two changes made
  // before it renders again (a select, then the search box's commit) would lose the first. Each
  // change builds on the last one sent instead, until the URL has caught up with it.
  const latest = useRef(params);
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (sent.current !== null && params.toString() !== sent.current) return;
    sent.current = null;
    latest.current = params;
  }, [params]);
  const update = useCallback(
    (changes: UrlChanges, { push = false } = {}) => {
      const next = new URLSearchParams(latest.current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === null || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      latest.current = next;
      sent.current = next.toString();
      setParams(next, { replace: !push });
    },
    [setParams],
  );
  return { params, update };
}

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
