import { useState, type KeyboardEvent } from 'react';

export interface ComboboxProps<T> {
  /** The input's id; the listbox and the status derive theirs from it. */
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
  describedBy?: string | undefined;
  invalid?: boolean;
  required?: boolean;
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
  describedBy,
  invalid = false,
  required = false,
}: ComboboxProps<T>) {
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const listboxId = `${id}-listbox`;
  const statusId = `${id}-status`;
  const expanded = open && options.length > 0;
  const active = expanded && activeIndex < options.length ? activeIndex : -1;
  const optionId = (index: number) => `${id}-option-${index}`;

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
    <div className="combobox">
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
          value={text}
          onChange={(event) => {
            onTextChange(event.target.value);
            setOpen(true);
            setActiveIndex(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
        <ul id={listboxId} role="listbox" aria-label={label} className="listbox" hidden={!expanded}>
          {options.map((option, index) => (
            <li
              key={optionKey(option)}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="listbox-option"
              // Keeps the focus in the box so that blur does not close the list before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(option)}
            >
              {optionLabel(option)}
            </li>
          ))}
        </ul>
      </div>
      <p id={statusId} className="combobox-status" role="status">
        {status}
      </p>
    </div>
  );
}
