import type { ReactNode } from 'react';
import { Controller, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import type { PersonRef } from '../../../api/contract/actionRequests';
import { PersonPicker, type PersonPickerProps } from '../PersonPicker';
import { ControlFocus, Field } from './Field';

export interface PersonFieldProps<TFieldValues extends FieldValues> {
  name: FieldPath<TFieldValues>;
  label: string;
  /** Said under the picker (who is offered, for instance). */
  hint?: ReactNode;
  required?: boolean;
  /** People never offered (those already chosen elsewhere). */
  exclude?: readonly number[];
  /** The people search, an RTK Query hook such as `useSearchUsersQuery`: shared/ knows no API. */
  useSearch: PersonPickerProps<PersonRef>['useSearch'];
  debounceMs?: number;
  placeholder?: string;
}

/**
 * One person as a field of the surrounding form (its value a `PersonRef` or null): the picker
 * labels itself, the kit's `Field` adds the error and takes the focus on error.
 */
export function PersonField<TFieldValues extends FieldValues>({
  name,
  label,
  hint,
  required = false,
  exclude,
  useSearch,
  debounceMs,
  placeholder = 'Type a name or a login',
}: PersonFieldProps<TFieldValues>) {
  const { control } = useFormContext<TFieldValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field<TFieldValues> name={name} hint={hint}>
          {(props) => (
            <ControlFocus fieldRef={field.ref}>
              <PersonPicker
                id={props.id}
                label={label}
                person={field.value as PersonRef | null}
                onChange={(person) => field.onChange(person)}
                useSearch={useSearch}
                placeholder={placeholder}
                describedBy={props['aria-describedby']}
                invalid={Boolean(props['aria-invalid'])}
                required={required}
                {...(debounceMs !== undefined ? { debounceMs } : {})}
                {...(exclude ? { exclude } : {})}
              />
            </ControlFocus>
          )}
        </Field>
      )}
    />
  );
}
