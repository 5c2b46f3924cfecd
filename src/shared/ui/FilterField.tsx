import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { ParamChanges } from '../lib/searchParams';
import { DateField } from './DateField';
import { DATE_TEXT_MESSAGE, isIsoDate } from './dateText';
import { Button } from './Button';
import styles from './FilterField.module.css';

/**
 * A list page's filter bar: a search landmark whose fields write their URL params as they change,
 * so it never submits, and a button that clears them all. The page lays the fields out and gives
 * them its place through its `className`; the controls have base.css's look.
 */
export function FilterBar({
  label,
  className,
  resetLabel,
  canReset,
  onReset,
  children,
}: {
  label: string;
  className?: string;
  resetLabel: string;
  canReset: boolean;
  onReset: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className={className ? `${styles.bar} ${className}` : styles.bar}
      role="search"
      aria-label={label}
      onSubmit={(event) => event.preventDefault()}
    >
      {children}
      <Button type="button" className="filter-reset" onClick={onReset} disabled={!canReset}>
        {resetLabel}
      </Button>
    </form>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>;

/** The search box, with a hint of what it looks through; its text is the page's (debounced). */
export function SearchFilter({
  id,
  hint,
  value,
  onChange,
  ...input
}: InputProps & {
  id: string;
  hint: string;
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <FilterField id={id} label="Search" hint={hint} className="filter-search">
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint`}
        {...input}
      />
    </FilterField>
  );
}

/** A labelled input filter: a text, a number, a date. */
export function InputFilter({
  id,
  label,
  value,
  onChange,
  ...input
}: InputProps & {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FilterField id={id} label={label}>
      <input id={id} value={value} onChange={(event) => onChange(event.target.value)} {...input} />
    </FilterField>
  );
}

/**
 * A date filter (MM/DD/YYYY, spec §5, with a calendar): `onChange` gets the ISO date or '' only;
 * text that is not a date stays in the box, marked wrong, and changes nothing.
 */
export function DateFilter({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [wrong, setWrong] = useState(false);
  return (
    <FilterField id={id} label={label} hint={wrong ? DATE_TEXT_MESSAGE : undefined}>
      <DateField
        id={id}
        value={value}
        aria-invalid={wrong || undefined}
        aria-describedby={wrong ? `${id}-hint` : undefined}
        onChange={(next) => {
          const isDate = next === '' || isIsoDate(next);
          setWrong(!isDate);
          if (isDate) onChange(next);
        }}
      />
    </FilterField>
  );
}

/** One select of a filter bar as a page defines it: the URL param it writes and its words. */
export interface SelectFilterSpec<Param extends string = string> {
  param: Param;
  label: string;
  /** The first option, which narrows nothing: 'Any status'. */
  anyLabel: string;
  options: readonly string[];
  labels: Readonly<Record<string, string>>;
  /**
   * Names a value the URL holds that is not among the options (an owner no row has any more), so
   * that it stays shown; without it, every value is one of the options.
   */
  unknownLabel?: (value: string) => string;
}

/** Selects bound to URL params: the select of `param` has the id `${idPrefix}-${param}`. */
export function SelectFilters<Param extends string>({
  idPrefix,
  filters,
  values,
  onChange,
}: {
  idPrefix: string;
  filters: readonly SelectFilterSpec<Param>[];
  values: Partial<Record<Param, string | number>>;
  onChange: (changes: ParamChanges) => void;
}) {
  return filters.map(({ param, label, anyLabel, options, labels, unknownLabel }) => {
    const id = `${idPrefix}-${param}`;
    const value = String(values[param] ?? '');
    return (
      <FilterField key={param} id={id} label={label}>
        <select
          id={id}
          value={value}
          onChange={(event) => onChange({ [param]: event.target.value })}
        >
          <option value="">{anyLabel}</option>
          {unknownLabel && value && !options.includes(value) && (
            <option value={value}>{unknownLabel(value)}</option>
          )}
          {options.map((option) => (
            <option key={option} value={option}>
              {labels[option] ?? option}
            </option>
          ))}
        </select>
      </FilterField>
    );
  });
}

/** A yes-or-no filter: checked writes its param, unchecked leaves it out. */
export function CheckboxFilter({
  id,
  label,
  checked,
  onChange,
  className,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The caller's own look (a colour key beside the label, for instance). */
  className?: string;
}) {
  return (
    <div className={`${styles.field} ${styles.checkbox}${className ? ` ${className}` : ''}`}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

function FilterField({
  id,
  label,
  hint,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
    </div>
  );
}
