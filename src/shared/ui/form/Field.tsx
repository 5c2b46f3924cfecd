import {
  cloneElement,
  isValidElement,
  useId,
  type ReactElement,
  type ReactNode,
  type RefCallback,
} from 'react';
import {
  get,
  useFormContext,
  useFormState,
  useWatch,
  type FieldPath,
  type FieldValues,
  type RefCallBack,
} from 'react-hook-form';
import styles from './Form.module.css';

/** What a field's control gets: its id, its descriptions (hint, counter, error), its state. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

interface FieldProps<TFieldValues extends FieldValues> {
  /** The react-hook-form name whose error (and, with `maxLength`, whose text) the field shows. */
  name: FieldPath<TFieldValues>;
  /** Left out when the control renders its own label (the search pickers do). */
  label?: ReactNode;
  hint?: ReactNode;
  /** Shows a character counter against this limit (the schema says what happens above it). */
  maxLength?: number;
  /** The control's id; a generated one by default. */
  id?: string;
  className?: string;
  /**
   * The control: an element (`<input {...register('title')} />`), which gets the
   * `FieldControlProps`, or a function of them, for a custom control with other prop names.
   */
  children: ReactElement<Partial<FieldControlProps>> | ((control: FieldControlProps) => ReactNode);
}

/**
 * One labelled field of a `Form`: label, control, hint, counter, then the field's error, with
 * the control's `id`, `aria-describedby` (hint, counter, error) and `aria-invalid` wired.
 */
export function Field<TFieldValues extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  maxLength,
  id: givenId,
  className,
  children,
}: FieldProps<TFieldValues>) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const error = useFieldError(name);
  const control: FieldControlProps = {
    id,
    'aria-describedby': describedBy(
      hint !== undefined && `${id}-hint`,
      maxLength !== undefined && `${id}-counter`,
      error && `${id}-error`,
    ),
    'aria-invalid': error ? true : undefined,
  };
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      {label !== undefined && (
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
      )}
      {typeof children === 'function'
        ? children(control)
        : isValidElement(children)
          ? cloneElement(children, control)
          : children}
      {hint !== undefined && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      {maxLength !== undefined && <Counter id={`${id}-counter`} name={name} max={maxLength} />}
      {error && (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  );
}

/**
 * A group of controls under one name (checkboxes, radios, a list with an adder): legend, hint
 * and error, the fieldset described by its hint and error.
 */
export function FieldSet<TFieldValues extends FieldValues = FieldValues>({
  name,
  legend,
  hint,
  className,
  children,
}: {
  name: FieldPath<TFieldValues>;
  legend: ReactNode;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  const error = useFieldError(name);
  return (
    <fieldset
      className={className ? `${styles.fieldset} ${className}` : styles.fieldset}
      aria-describedby={describedBy(hint !== undefined && `${id}-hint`, error && `${id}-error`)}
    >
      <legend className={styles.label}>{legend}</legend>
      {hint !== undefined && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      {children}
      {error && (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      )}
    </fieldset>
  );
}

/**
 * For a custom control that takes no ref (a search picker): wraps it so that react-hook-form's
 * focus on error (`setError(…, { shouldFocus: true })`, `setFocus`, a failed submit) reaches
 * its first input. `fieldRef` is `field.ref` of a `Controller`.
 */
export function ControlFocus({
  fieldRef,
  children,
}: {
  fieldRef: RefCallBack;
  children: ReactNode;
}) {
  const ref: RefCallback<HTMLDivElement> = (wrapper) => {
    if (!wrapper) return;
    fieldRef({
      focus: () =>
        wrapper.querySelector<HTMLElement>('input, select, textarea, button')?.focus() ?? undefined,
    });
  };
  return (
    <div ref={ref} className={styles.contents}>
      {children}
    </div>
  );
}

/** The field's message: its own, or an array's (`roles.root`), or none. */
function useFieldError(name: string): string | undefined {
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  const error = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  return error?.message || error?.root?.message || undefined;
}

function Counter({ id, name, max }: { id: string; name: string; max: number }) {
  const value: unknown = useWatch({ name });
  const length = typeof value === 'string' ? value.length : 0;
  return (
    <span id={id} className={length > max ? `${styles.counter} ${styles.over}` : styles.counter}>
      {length} of {max} characters
    </span>
  );
}

const describedBy = (...ids: (string | false | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined;
