import type { ReactNode } from 'react';
import { Controller, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { DateField } from '../DateField';
import { Field } from './Field';

export interface FormDateFieldProps<TFieldValues extends FieldValues> {
  /** Its value the API's date, `yyyy-MM-dd`, or '' for none (checked with `dateSchema`). */
  name: FieldPath<TFieldValues>;
  label: ReactNode;
  hint?: ReactNode;
  /** The first day the calendar offers, `yyyy-MM-dd` (the schema checks typed ones). */
  min?: string | undefined;
  /** The calendar button's name; it must not repeat the label. */
  calendarLabel?: string;
}

/**
 * A date as a field of the surrounding form: the kit's `Field` (label, hint, error) around a
 * `DateField` bound to the form, which takes the focus on error.
 */
export function FormDateField<TFieldValues extends FieldValues>({
  name,
  label,
  hint,
  min,
  calendarLabel,
}: FormDateFieldProps<TFieldValues>) {
  const { control } = useFormContext<TFieldValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field<TFieldValues> name={name} label={label} hint={hint}>
          {(props) => (
            <DateField
              {...props}
              ref={field.ref}
              name={field.name}
              value={field.value as string}
              onChange={field.onChange}
              onBlur={field.onBlur}
              {...(min ? { min } : {})}
              {...(calendarLabel ? { calendarLabel } : {})}
            />
          )}
        </Field>
      )}
    />
  );
}
