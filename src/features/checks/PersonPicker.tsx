import { useState } from 'react';
import type { PersonRef } from '../../api/contract/actionRequests';
import { personLabel } from '../../shared/lib/format';
import { useSearchUsersQuery } from './api';
import { Combobox } from './Combobox';
import { useDebouncedValue } from './useDebounced';

/** Searches start at this many letters: one letter matches half the company. */
export const MIN_SEARCH_LENGTH = 2;

/**
 * Picks one person through `GET /api/users/?search=`. Typing again drops the choice; with
 * `clearOnPick` the box empties after each pick, for adding several people one by one.
 */
export function PersonPicker({
  id,
  label,
  person,
  onChange,
  exclude = [],
  clearOnPick = false,
  describedBy,
  invalid = false,
}: {
  id: string;
  label: string;
  person: PersonRef | null;
  onChange: (person: PersonRef | null) => void;
  exclude?: readonly number[];
  clearOnPick?: boolean;
  describedBy?: string | undefined;
  invalid?: boolean;
}) {
  const [text, setText] = useState(person ? personLabel(person) : '');
  const term = useDebouncedValue(text.trim());
  const searching = person === null && term.length >= MIN_SEARCH_LENGTH;
  const { data, isFetching, isError } = useSearchUsersQuery(term, { skip: !searching });
  const people = searching ? (data?.results ?? []).filter((p) => !exclude.includes(p.id)) : [];

  return (
    <Combobox
      id={id}
      label={label}
      text={text}
      onTextChange={(next) => {
        setText(next);
        if (person) onChange(null);
      }}
      options={people}
      optionKey={(option) => option.id}
      optionLabel={personLabel}
      onSelect={(option) => {
        setText(clearOnPick ? '' : personLabel(option));
        onChange(option);
      }}
      status={searchStatus({
        text,
        searching,
        isFetching,
        isError,
        found: data ? people.length : undefined,
        noun: ['person', 'people'],
      })}
      describedBy={describedBy}
      invalid={invalid}
    />
  );
}

/** The polite line under a search box: what to type, what is happening, what was found. */
export function searchStatus({
  text,
  searching,
  isFetching,
  isError,
  found,
  noun: [one, many],
}: {
  text: string;
  searching: boolean;
  isFetching: boolean;
  isError: boolean;
  found: number | undefined;
  noun: [string, string];
}): string {
  const typed = text.trim();
  if (typed.length > 0 && typed.length < MIN_SEARCH_LENGTH)
    return `Type at least ${MIN_SEARCH_LENGTH} letters to search.`;
  if (!searching) return '';
  if (isFetching) return 'Searching…';
  if (isError) return 'The search failed. Change the text to try again.';
  if (found === undefined) return '';
  if (found === 0) return `No ${one} matches “${typed}”.`;
  return `${found} ${found === 1 ? one : many} found. Use the arrow keys and Enter to choose.`;
}
