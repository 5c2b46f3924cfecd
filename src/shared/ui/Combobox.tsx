import { useState, type KeyboardEvent } from 'react';
import './combobox.css';

export interface ComboboxProps<T> {
  /** The input's id; the listbox, its options and the status derive theirs from it. */
  id: string;
  label: string;
  text: string;
  onTextChange: (text: string) => void;
  options: readonly T[];
  optionKey: (option: T) => string | number;
  optionLabel: (option: T) => string;
  onSelect: (option: T) => void;
  /** What the search is doing, announced politely: 'Searching…', 'No one matches…'. */
  status: string;
  /** Keeps the status for screen readers only. */
  statusHidden?: boolean;
  describedBy?: string | undefined;
  invalid?: boolean;
  required?: boolean;
  placeholder?: string | undefined;
  /** Added to the root's class, for the layout around the box. */
  className?: string | undefined;
  /** Marks the option that is the current choice (in bold). */
  isCurrent?: (option: T) => boolean;
  /** Selects the text on focus, so that typing replaces it. */
  selectOnFocus?: boolean;
  /** Whether the list is open, for a caller that needs to know (it then owns the state). */
  open?: boolean;
  /** The list opens (typing, arrows) or closes (a pick, Escape, leaving the box). */
  onOpenChange?: (open: boolean) => void;
}

/**
 * A text box with a list of suggestions (WAI-ARIA combobox with listbox popup): typing opens the
 * list, arrow keys move through it, Enter picks, Escape closes, the mouse picks without blurring.
 */
export function Combobox<T>({
  id,
  label,
  text,
  onTextChange,
  options,
  optionKey,
  optionLabel,
  onSelect,
  status,
  statusHidden = false,
  describedBy,
  invalid = false,
  required = false,
  placeholder,
  className,
  isCurrent,
  selectOnFocus = false,
  open: controlledOpen,
  onOpenChange,
}: ComboboxProps<T>) {
  const [ownOpen, setOwnOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const open = controlledOpen ?? ownOpen;
  const listboxId = `${id}-listbox`;
  const statusId = `${id}-status`;
  const expanded = open && options.length > 0;
  const active = expanded && activeIndex < options.length ? activeIndex : -1;
  const optionId = (index: number) => `${id}-option-${index}`;

  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };

  const pick = (option: T) => {
    onSelect(option);
    setOpen(false);
    setActiveIndex(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (count > 0) setActiveIndex(expanded ? (active + 1) % count : 0);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (count > 0) setActiveIndex(expanded ? (active - 1 + count) % count : count - 1);
        break;
      case 'Enter': {
        if (!expanded) break;
        // The list is open: Enter picks from it and never submits the form around.
        event.preventDefault();
        const option = options[active];
        if (option !== undefined) pick(option);
        break;
      }
      case 'Escape':
        if (!expanded) break;
        // Closes the list only, not the dialog the box may sit in.
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActiveIndex(-1);
        break;
    }
  };

  return (
    <div className={className ? `combobox ${className}` : 'combobox'}>
      <label htmlFor={id}>{label}</label>
      <div className="combobox-box">
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
          onFocus={selectOnFocus ? (event) => event.target.select() : undefined}
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
          className="combobox-listbox"
          hidden={!expanded}
        >
          {options.map((option, index) => (
            // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events -- options never hold focus; the input's Enter picks the active one (ARIA combobox)
            <li
              key={optionKey(option)}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={
                isCurrent?.(option) ? 'combobox-option combobox-option-current' : 'combobox-option'
              }
              // Keeps the focus in the box so that blur does not close the list before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(option)}
            >
              {optionLabel(option)}
            </li>
          ))}
        </ul>
      </div>
      <p
        id={statusId}
        className={statusHidden ? 'visually-hidden' : 'combobox-status'}
        role="status"
      >
        {status}
      </p>
    </div>
  );
}

/** Searches start at this many letters: one letter matches half the company. */
export const MIN_SEARCH_LENGTH = 2;

/**
 * The polite line under a search box: what to type, what is happening, what was found. A box that
 * searches from the first letter (or none) passes `minLength: 0`.
 */
export function searchStatus({
  text,
  searching,
  isFetching,
  isError,
  found,
  noun: [one, many],
  minLength = MIN_SEARCH_LENGTH,
}: {
  text: string;
  searching: boolean;
  isFetching: boolean;
  isError: boolean;
  found: number | undefined;
  noun: [string, string];
  minLength?: number;
}): string {
  const typed = text.trim();
  if (typed.length > 0 && typed.length < minLength)
    return `Type at least ${minLength} letters to search.`;
  if (!searching) return '';
  if (isFetching) return 'Searching…';
  if (isError) return 'The search failed. Change the text to try again.';
  if (found === undefined) return '';
  if (found === 0) return `No ${one} matches “${typed}”.`;
  return `${found} ${found === 1 ? one : many} found. Use the arrow keys and Enter to choose.`;
}
