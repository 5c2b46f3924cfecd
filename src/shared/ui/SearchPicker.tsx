import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../lib/useDebounced';
import { Combobox, MIN_SEARCH_LENGTH, searchStatus } from './Combobox';

/** A server search, an RTK Query hook such as `useSearchUsersQuery`: shared/ knows no API. */
export type SearchHook<T> = (
  term: string,
  options: { skip: boolean },
) => { data?: { results: readonly T[] } | undefined; isFetching: boolean; isError: boolean };

export interface SearchPickerProps<T extends { id: number }> {
  id: string;
  label: string;
  value: T | null;
  onChange: (value: T | null) => void;
  /** Asks the server once the text has been still for `debounceMs` and has enough letters. */
  useSearch: SearchHook<T>;
  optionLabel: (option: T) => string;
  /** What is searched for, one and many: 'person', 'people'. */
  noun: [string, string];
  debounceMs?: number;
  /** Ids never offered (those already chosen elsewhere). */
  exclude?: readonly number[];
  /** Empties the box after each pick, for adding several one by one. */
  clearOnPick?: boolean;
  describedBy?: string | undefined;
  invalid?: boolean;
  required?: boolean;
  placeholder?: string | undefined;
}

/** Picks one item through a server search. Typing again drops the choice. */
export function SearchPicker<T extends { id: number }>({
  id,
  label,
  value,
  onChange,
  useSearch,
  optionLabel,
  noun,
  debounceMs = SEARCH_DEBOUNCE_MS,
  exclude = [],
  clearOnPick = false,
  describedBy,
  invalid = false,
  required = false,
  placeholder,
}: SearchPickerProps<T>) {
  const [text, setText] = useState(value ? optionLabel(value) : '');
  const term = useDebouncedValue(text.trim(), debounceMs);
  const searching = value === null && term.length >= MIN_SEARCH_LENGTH;
  const { data, isFetching, isError } = useSearch(term, { skip: !searching });
  const options = searching
    ? (data?.results ?? []).filter((option) => !exclude.includes(option.id))
    : [];

  return (
    <Combobox
      id={id}
      label={label}
      text={text}
      onTextChange={(next) => {
        setText(next);
        if (value) onChange(null);
      }}
      options={options}
      optionKey={(option) => option.id}
      optionLabel={optionLabel}
      onSelect={(option) => {
        setText(clearOnPick ? '' : optionLabel(option));
        onChange(option);
      }}
      status={searchStatus({
        text,
        searching,
        isFetching,
        isError,
        found: data ? options.length : undefined,
        noun,
      })}
      describedBy={describedBy}
      invalid={invalid}
      required={required}
      placeholder={placeholder}
    />
  );
}
