import { useEffect, useState, type KeyboardEvent } from 'react';

/**
 * A text box with suggestions (WAI-ARIA combobox with a listbox popup): typing opens the list,
 * arrows move through it, Enter picks, Escape closes, the mouse picks without blurring.
 */
export function Combobox<Option>({
  id,
  label,
  text,
  onTextChange,
  options,
  optionKey,
  optionLabel,
  onSelect,
  status,
  describedBy,
  invalid = false,
  required = false,
  placeholder,
}: {
  id: string;
  label: string;
  text: string;
  onTextChange: (text: string) => void;
  options: readonly Option[];
  optionKey: (option: Option) => string | number;
  optionLabel: (option: Option) => string;
  onSelect: (option: Option) => void;
  /** What the search is doing, announced politely. */
  status: string;
  describedBy?: string | undefined;
  invalid?: boolean;
  required?: boolean;
  placeholder?: string;
}) {
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const expanded = open && options.length > 0;
  const active = expanded && activeIndex < options.length ? activeIndex : -1;
  const listboxId = `${id}-listbox`;
  const statusId = `${id}-status`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const pick = (option: Option) => {
    onSelect(option);
    setOpen(false);
    setActiveIndex(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (count === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex(
        expanded ? (active + step + count) % count : event.key === 'ArrowDown' ? 0 : count - 1,
      );
    } else if (event.key === 'Enter' && expanded) {
      // Enter picks from the open list and never submits the form around it.
      event.preventDefault();
      const option = options[active];
      if (option !== undefined) pick(option);
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list only, not a dialog the box sits in.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActiveIndex(-1);
    }
  };

  return (
    <div className="risk-combobox-field">
      <label htmlFor={id}>{label}</label>
      <div className="risk-combobox-box">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          aria-describedby={[statusId, describedBy].filter(Boolean).join(' ')}
          aria-invalid={invalid || undefined}
          aria-required={required || undefined}
          placeholder={placeholder}
          value={text}
          onChange={(event) => {
            onTextChange(event.target.value);
            setOpen(true);
            setActiveIndex(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
        <ul
          id={listboxId}
          role="listbox"
          aria-label={label}
          className="risk-suggestions"
          hidden={!expanded}
        >
          {options.map((option, index) => (
            <li
              key={optionKey(option)}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="risk-suggestion"
              // Keeps the focus in the box so that blur does not close the list before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(option)}
            >
              {optionLabel(option)}
            </li>
          ))}
        </ul>
      </div>
      <p id={statusId} className="risk-form-hint" role="status">
        {status}
      </p>
    </div>
  );
}

/** Searches start at this many letters: one letter matches half the company. */
export const MIN_SEARCH_LENGTH = 2;

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

/** `value`, once it has stopped changing for `ms`: search boxes ask the server after the last key. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
