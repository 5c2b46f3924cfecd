import {
  Controller,
  useFormContext,
  type FieldPath,
  type FieldValues,
  type PathValue,
} from 'react-hook-form';
import type { PersonRef } from '../../../api/contract/risks';
import { personLabel } from '../../../api/contract/display';
import { ControlFocus, FieldSet } from '../../../shared/ui/form/Field';
import {
  PersonField as FormPersonField,
  type PersonFieldProps,
} from '../../../shared/ui/form/PersonField';
import {
  PersonPicker as SearchPersonPicker,
  type PersonPickerProps,
} from '../../../shared/ui/PersonPicker';
import { useSearchUsersQuery } from '../../checks/api';
import detailStyles from '../riskDetail.module.css';

type PickerProps = Omit<PersonPickerProps<PersonRef>, 'useSearch'> & {
  /** The people search; `GET /api/users/?search=` unless narrowed (e.g. to a risk's recipients). */
  useSearch?: PersonPickerProps<PersonRef>['useSearch'];
};

/** Picks one person through `GET /api/users/?search=` (see the shared PersonPicker). */
export function PersonPicker({ useSearch = useSearchUsersQuery, ...props }: PickerProps) {
  return (
    <SearchPersonPicker
      debounceMs={250}
      placeholder="Type a name or a login"
      {...props}
      useSearch={useSearch}
    />
  );
}

/**
 * One person as a field of the surrounding form (the kit's PersonField), found through
 * `GET /api/users/?search=` unless `useSearch` narrows it (e.g. to a risk's recipients).
 */
export function PersonField<TFieldValues extends FieldValues>({
  useSearch = useSearchUsersQuery,
  ...props
}: Omit<PersonFieldProps<TFieldValues>, 'useSearch' | 'debounceMs'> & {
  useSearch?: PersonFieldProps<TFieldValues>['useSearch'];
}) {
  return <FormPersonField<TFieldValues> {...props} useSearch={useSearch} debounceMs={250} />;
}

/**
 * Several people as a field of the surrounding form (its value a `PersonRef[]`): the chosen
 * ones as a list with a remove button each, and a picker to add.
 */
export function PeopleField<TFieldValues extends FieldValues>({
  name,
  label,
  hint,
}: {
  name: FieldPath<TFieldValues>;
  label: string;
  hint?: string;
}) {
  const { control } = useFormContext<TFieldValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const people = field.value as PersonRef[];
        const change = (next: PersonRef[]) =>
          field.onChange(next as PathValue<TFieldValues, FieldPath<TFieldValues>>);
        return (
          <FieldSet<TFieldValues>
            name={name}
            legend={label}
            className="risk-people"
            {...(hint ? { hint } : {})}
          >
            {people.length > 0 ? (
              <ul className={detailStyles.riskChips}>
                {people.map((person) => (
                  <li key={person.id} className={detailStyles.riskChipItem}>
                    {personLabel(person)}
                    <button
                      type="button"
                      className={detailStyles.riskChipRemove}
                      aria-label={`Remove ${personLabel(person)}`}
                      onClick={() => change(people.filter((other) => other.id !== person.id))}
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={detailStyles.riskFormHint}>No one yet.</p>
            )}
            <ControlFocus fieldRef={field.ref}>
              <PersonPicker
                id={`${field.name}-add`}
                label={`Add to ${label.toLowerCase()}`}
                person={null}
                clearOnPick
                exclude={people.map((person) => person.id)}
                onChange={(person) => {
                  if (person) change([...people, person]);
                }}
                invalid={fieldState.invalid}
              />
            </ControlFocus>
          </FieldSet>
        );
      }}
    />
  );
}
