import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift';
import { useLayoutEffect, useState } from 'react';
import styles from './Combobox.module.css';

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
 * list, arrow keys move through it (the highlighted option scrolls into view), Enter picks,
 * Escape closes, the mouse picks without blurring. The caller owns the text and the choice.
 */
// Downshift rather than React Aria: small and hook-based, so the markup and the tokens stay ours.
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
  const open = controlledOpen ?? ownOpen;
  const expanded = open && options.length > 0;
  const statusId = `${id}-status`;

  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };

  const { getLabelProps, getInputProps, getMenuProps, getItemProps, highlightedIndex } =
    useCombobox<T>({
      items: options as T[],
      itemToString: (option) => (option === null ? '' : optionLabel(option)),
      itemToKey: (option) => (option === null ? null : optionKey(option)),
      inputValue: text,
      // The caller keeps the choice: Downshift only reports picks.
      selectedItem: null,
      isOpen: expanded,
      inputId: id,
      labelId: `${id}-label`,
      menuId: `${id}-listbox`,
      getItemId: (index) => `${id}-option-${index}`,
      stateReducer: keepTextAndChoice,
      onSelectedItemChange: ({ selectedItem }) => {
        if (selectedItem === null || selectedItem === undefined) return;
        onSelect(selectedItem);
        setOpen(false);
      },
      onIsOpenChange: ({ isOpen }) => setOpen(Boolean(isOpen)),
    });

  // Downshift scrolls only when the highlight moves while the list is already shown; the first
  // arrow opens the list (our state) and highlights at once, so the scroll is done here.
  useLayoutEffect(() => {
    const list = document.getElementById(`${id}-listbox`);
    if (!expanded || highlightedIndex < 0 || !list) return;
    const option = list.children[highlightedIndex];
    if (option instanceof HTMLElement) scrollWithin(list, option);
  }, [id, expanded, highlightedIndex]);

  return (
    <div className={className ? `${styles.root} ${className}` : styles.root}>
      <label {...getLabelProps()} className={styles.label}>
        {label}
      </label>
      <div className={styles.box} data-part="box">
        <input
          {...getInputProps({
            type: 'text',
            className: styles.input,
            'aria-describedby': [statusId, describedBy].filter(Boolean).join(' '),
            'aria-invalid': invalid || undefined,
            'aria-required': required || undefined,
            placeholder,
            onFocus: selectOnFocus ? (event) => event.target.select() : undefined,
            // The text changes in the input's own change event, not in Downshift's
            // onInputValueChange, which runs after a render with the old text: typing fast while
            // the search answered then lost letters ("Handmade Ball" arrived as "Hndmade Bal").
            onChange: (event) => {
              onTextChange(event.currentTarget.value);
              setOpen(true);
            },
            onKeyDown: (event) => {
              const native = event.nativeEvent as KeyboardEvent & {
                preventDownshiftDefault?: boolean;
              };
              // Home and End move the caret in the text, as in any text box.
              if (event.key === 'Home' || event.key === 'End')
                native.preventDownshiftDefault = true;
              // Enter picks from an open list and never submits the form around it.
              if (event.key === 'Enter' && expanded) event.preventDefault();
              // Escape closes an open list only, not the dialog or the page it sits in.
              if (event.key === 'Escape' && expanded) event.stopPropagation();
            },
            onBlur: () => setOpen(false),
          })}
        />
        <ul
          {...getMenuProps({ 'aria-label': label })}
          className={styles.listbox}
          hidden={!expanded}
        >
          {options.map((option, index) => (
            <li
              key={optionKey(option)}
              {...getItemProps({ item: option, index })}
              className={isCurrent?.(option) ? `${styles.option} ${styles.current}` : styles.option}
            >
              {optionLabel(option)}
            </li>
          ))}
        </ul>
      </div>
      <p id={statusId} className={statusHidden ? 'visually-hidden' : styles.status} role="status">
        {status}
      </p>
    </div>
  );
}

/** Scrolls `list` the least that shows the whole of `option`. */
function scrollWithin(list: HTMLElement, option: HTMLElement) {
  const top = option.offsetTop;
  const bottom = top + option.offsetHeight;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
}

/**
 * Downshift's own rules, minus what the caller decides: a pick, Escape or leaving the box never
 * rewrites the text, leaving never picks the highlighted option, and a click in the box does not
 * open the list (typing and the arrows do).
 */
function keepTextAndChoice<T>(
  state: UseComboboxState<T>,
  { type, changes }: UseComboboxStateChangeOptions<T>,
): Partial<UseComboboxState<T>> {
  const types = useCombobox.stateChangeTypes;
  switch (type) {
    case types.InputClick:
      return state;
    case types.InputBlur:
    case types.InputKeyDownEscape:
      return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
    case types.InputKeyDownEnter:
    case types.ItemClick:
      return { ...changes, inputValue: state.inputValue };
    default:
      return changes;
  }
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
