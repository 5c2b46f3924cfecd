import { Controller, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import type { PersonRef } from '../../../api/contract/actionRequests';
import { ControlFocus, Field } from '../../../shared/ui/form/Field';
import { PersonPicker } from '../../../shared/ui/PersonPicker';
import { useSearchUsersQuery } from '../../checks/api';

/**
 * One person as a field of the surrounding form (its value a `PersonRef` or null), found through
 * `GET /api/users/?search=`: the picker labels itself, the kit's `Field` adds the error and takes
 * the focus on error.
 */
export function PersonField<TFieldValues extends FieldValues>({
  name,
  label,
  exclude,
}: {
  name: FieldPath<TFieldValues>;
  label: string;
  /** People never offered (those already on the team). */
  exclude?: readonly number[];
}) {
  const { control } = useFormContext<TFieldValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Field<TFieldValues> name={name}>
          {(props) => (
            <ControlFocus fieldRef={field.ref}>
              <PersonPicker
                id={props.id}
                label={label}
                person={field.value as PersonRef | null}
                onChange={(person) => field.onChange(person)}
                useSearch={useSearchUsersQuery}
                placeholder="Type a name or a login"
                describedBy={props['aria-describedby']}
                invalid={Boolean(props['aria-invalid'])}
                required
                {...(exclude ? { exclude } : {})}
              />
            </ControlFocus>
          )}
        </Field>
      )}
    />
  );
}
