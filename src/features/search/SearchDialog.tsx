import { useCombobox } from 'downshift';
import { useState, type MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router';
import { SEARCH_MIN_LENGTH, type SearchGroup, type SearchResult } from '../../api/contract/search';
import { useDebouncedValue } from '../../shared/lib/useDebounced';
import { Dialog } from '../../shared/ui/Dialog';
import { useAppDispatch } from '../../app/hooks';
import { searchApi, useSearchQuery } from './api';
import styles from './SearchDialog.module.css';

/** The search answers once the text has been still this long. */
const SEARCH_PAUSE_MS = 200;

const resultKey = (result: SearchResult) => `${result.kind}-${result.id}`;

/** What the line under the box says: what to type, what is happening, what was found. */
function statusOf(
  text: string,
  searching: boolean,
  groups: SearchGroup[] | undefined,
  failed: boolean,
) {
  const typed = text.trim();
  if (typed.length < SEARCH_MIN_LENGTH)
    return `Type at least ${SEARCH_MIN_LENGTH} letters of a name, a code or an id.`;
  if (failed) return 'The search failed. Change the text to try again.';
  if (groups === undefined || searching) return 'Searching…';
  const found = groups.reduce((sum, group) => sum + group.count, 0);
  const shown = groups.reduce((sum, group) => sum + group.results.length, 0);
  if (found === 0) return `Nothing matches “${typed}”.`;
  const count = found === shown ? `${found} found` : `${found} found, the best ${shown} shown`;
  return `${count}. Use the arrow keys and Enter to open one.`;
}

/**
 * One search across the product (the header's box, Ctrl/⌘+K): projects, accounts, risks and
 * issues, checks and people, grouped by kind. The arrow keys move through every result, Enter
 * opens one (pressed before the results arrive, the first of them as they arrive); each result is a link, so a middle click or Ctrl+click opens it in a new tab.
 */
export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), SEARCH_PAUSE_MS);
  const ready = term.length >= SEARCH_MIN_LENGTH;
  // `currentData` is the answer to this very text: an older answer never shows for newer text.
  const { currentData, isFetching, isError } = useSearchQuery(term, { skip: !open || !ready });
  const settled = term === text.trim();
  const groups: SearchGroup[] = ready && settled ? (currentData?.groups ?? []) : [];
  const results = groups.flatMap((group) => group.results);
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  // The text Enter was pressed for before its results arrived: they are asked for at once (the
  // same request the pause would make, shared), and the first opens on arrival unless the text
  // has changed meanwhile.
  const [enterFor, setEnterFor] = useState<string | null>(null);
  const waitingEnter = enterFor !== null && enterFor === text.trim();

  const close = () => {
    setText('');
    setEnterFor(null);
    onClose();
  };

  const openFirstOnArrival = async (input: HTMLInputElement, typed: string) => {
    setEnterFor(typed);
    const request = dispatch(searchApi.endpoints.search.initiate(typed));
    const answer = await request;
    request.unsubscribe();
    const first = answer.data?.groups.flatMap((group) => group.results)[0];
    if (!first || !input.isConnected || input.value.trim() !== typed) return;
    close();
    void navigate(first.path);
  };

  const { getLabelProps, getInputProps, getMenuProps, getItemProps, highlightedIndex } =
    useCombobox<SearchResult>({
      items: results,
      itemToString: (result) => result?.title ?? '',
      itemToKey: (result) => (result ? resultKey(result) : null),
      inputValue: text,
      selectedItem: null,
      isOpen: results.length > 0,
      initialHighlightedIndex: 0,
      defaultHighlightedIndex: 0,
      inputId: 'app-search',
      labelId: 'app-search-label',
      menuId: 'app-search-results',
      getItemId: (index) => `app-search-result-${index}`,
      onSelectedItemChange: ({ selectedItem }) => {
        if (!selectedItem) return;
        close();
        void navigate(selectedItem.path);
      },
    });

  // The index of each group's first result in the flat list the keys move through.
  const firstIndex = groups.map((_, at) =>
    groups.slice(0, at).reduce((sum, group) => sum + group.results.length, 0),
  );
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Search"
      wide
      focusFirstField
      className={styles.dialog}
    >
      <label {...getLabelProps()} htmlFor="app-search" className="visually-hidden">
        Search projects, accounts, risks, issues, checks and people
      </label>
      <input
        {...getInputProps({
          type: 'search',
          className: styles.input,
          placeholder: 'A name, a code or an id',
          autoComplete: 'off',
          'aria-describedby': 'app-search-status',
          // The text changes in the input's own event (see Combobox.tsx: letters were lost).
          onChange: (event) => {
            setText(event.currentTarget.value);
            setEnterFor(null);
          },
          onKeyDown: (event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            // With results shown, the list opens the highlighted one; else the first, on arrival.
            if (results.length === 0 && text.trim().length >= SEARCH_MIN_LENGTH)
              void openFirstOnArrival(event.currentTarget, text.trim());
          },
        })}
      />
      <p id="app-search-status" role="status" className={styles.status}>
        {statusOf(text, isFetching || !settled, settled ? currentData?.groups : undefined, isError)}
        {waitingEnter && !isError && ' The first result opens as soon as it is found.'}
      </p>
      <div {...getMenuProps({ 'aria-label': 'Results' })} className={styles.results}>
        {groups.map((group, at) => (
          <div
            key={group.kind}
            role="group"
            aria-labelledby={`app-search-group-${group.kind}`}
            className={styles.group}
          >
            <div id={`app-search-group-${group.kind}`} className={styles.groupLabel}>
              {group.label}
              <span className={styles.count}>
                {group.count > group.results.length
                  ? `${group.results.length} of ${group.count}`
                  : group.count}
              </span>
            </div>
            {group.results.map((result, offset) => {
              const index = firstIndex[at]! + offset;
              return (
                <ResultLink
                  key={resultKey(result)}
                  result={result}
                  highlighted={highlightedIndex === index}
                  itemProps={getItemProps({ item: result, index })}
                />
              );
            })}
          </div>
        ))}
      </div>
    </Dialog>
  );
}

/** A result: a real link (new tab, copy address) that the list's keys and clicks pick. */
function ResultLink({
  result,
  highlighted,
  itemProps,
}: {
  result: SearchResult;
  highlighted: boolean;
  itemProps: Record<string, unknown> & { onClick?: (event: MouseEvent) => void };
}) {
  const href = useHref(result.path);
  const { onClick, ...props } = itemProps;
  return (
    <a
      {...props}
      href={href}
      className={highlighted ? `${styles.result} ${styles.highlighted}` : styles.result}
      onClick={(event) => {
        // A new tab or window is the browser's: only a plain click picks it here.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
          return;
        event.preventDefault();
        onClick?.(event);
      }}
    >
      <span className={styles.title}>{result.title}</span>
      <span className={styles.detail}>{result.detail}</span>
    </a>
  );
}
