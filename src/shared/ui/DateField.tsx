import { CalendarDays } from 'lucide-react';
import { useRef, useState, type FocusEvent, type Ref } from 'react';
import { DayPicker, type Matcher } from 'react-day-picker';
import 'react-day-picker/style.css';
import { dateToIso, isoToDate, readDateText, writeDateText } from './dateText';
import styles from './DateField.module.css';
import { Popover } from './Popover';

export interface DateFieldProps {
  id?: string;
  name?: string;
  /**
   * The API's date, `yyyy-MM-dd`, or '' for none. While what is typed is not a date, `onChange`
   * gets the text itself, which `isIsoDate` (and the kit's `dateSchema`) reject.
   */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The first and last days the calendar offers, `yyyy-MM-dd` (the schema checks typed ones). */
  min?: string;
  max?: string;
  disabled?: boolean;
  required?: boolean;
  /** The calendar button's name; it must not repeat the field's label. */
  calendarLabel?: string;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: boolean | 'true' | 'false' | undefined;
  /** The text box, for react-hook-form's focus (`field.ref`). */
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

/**
 * A date typed as MM/DD/YYYY (spec §5) or picked in a calendar (react-day-picker in a
 * `Popover`). The text box is a plain text input, so it takes a `Field`'s id and descriptions;
 * the button beside it opens the calendar, where arrows move by day and week, Page Up/Down by
 * month, Enter picks and Escape closes, the focus going back to the button.
 */
export function DateField({
  id,
  name,
  value,
  onChange,
  onBlur,
  min,
  max,
  disabled = false,
  required,
  calendarLabel = 'Choose a date from the calendar',
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  ref,
  className,
}: DateFieldProps) {
  const [text, setText] = useState(() => writeDateText(value));
  const [shownValue, setShownValue] = useState(value);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  // Moving between the box, its button and the calendar is not leaving the field: the form's
  // `onBlur` (which marks it touched and checks it) waits until the focus goes elsewhere.
  const leave = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (open || (next instanceof Node && rootRef.current?.contains(next))) return;
    onBlur?.();
  };
  // A value set from outside (a reset, a pick elsewhere) replaces the text; one that only
  // echoes what is typed leaves it alone.
  if (value !== shownValue) {
    setShownValue(value);
    if (readDateText(text) !== value) setText(writeDateText(value));
  }

  const selected = isoToDate(value);
  const first = isoToDate(min);
  const last = isoToDate(max);
  const outside: Matcher[] = [
    ...(first ? [{ before: first }] : []),
    ...(last ? [{ after: last }] : []),
  ];

  return (
    <div ref={rootRef} className={className ? `${styles.root} ${className}` : styles.root}>
      <input
        ref={ref}
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="MM/DD/YYYY"
        className={styles.input}
        value={text}
        disabled={disabled}
        required={required}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          setText(event.target.value);
          onChange(readDateText(event.target.value));
        }}
        onBlur={(event) => {
          const read = readDateText(text);
          if (read !== text) setText(writeDateText(read));
          leave(event);
        }}
      />
      <Popover
        open={open}
        onOpenChange={setOpen}
        label={calendarLabel}
        align="end"
        trigger={
          <button
            type="button"
            className={styles.button}
            aria-label={calendarLabel}
            disabled={disabled}
            onBlur={leave}
          >
            <CalendarDays aria-hidden="true" size={18} />
          </button>
        }
      >
        <DayPicker
          className={styles.calendar}
          mode="single"
          // The calendar opens at the user's request and takes the focus (ARIA date picker dialog).
          // eslint-disable-next-line jsx-a11y-x/no-autofocus
          autoFocus
          selected={selected}
          defaultMonth={selected ?? first}
          startMonth={first}
          endMonth={last}
          disabled={outside}
          onSelect={(day) => {
            if (!day) return;
            const picked = dateToIso(day);
            setText(writeDateText(picked));
            onChange(picked);
            setOpen(false);
            onBlur?.();
          }}
        />
      </Popover>
    </div>
  );
}
