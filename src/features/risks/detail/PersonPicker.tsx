import type { PersonRef } from '../../../api/contract/risks';
import { personLabel } from '../../../api/contract/display';
import {
  PersonPicker as SearchPersonPicker,
  type PersonPickerProps,
} from '../../../shared/ui/PersonPicker';
import { useSearchUsersQuery } from '../../checks/api';
import { describedBy as joinIds } from './formErrors';

/** Picks one person through `GET /api/users/?search=` (see the shared PersonPicker). */
export function PersonPicker(props: Omit<PersonPickerProps<PersonRef>, 'useSearch'>) {
  return (
    <SearchPersonPicker
      debounceMs={250}
      placeholder="Type a name or a login"
      {...props}
      useSearch={useSearchUsersQuery}
    />
  );
}

/** Several people: the chosen ones as a list with a remove button each, and a picker to add. */
export function PeopleField({
  id,
  label,
  people,
  onChange,
  hint,
  errorId,
  invalid = false,
}: {
  id: string;
  label: string;
  people: PersonRef[];
  onChange: (people: PersonRef[]) => void;
  hint?: string;
  errorId?: string | undefined;
  invalid?: boolean;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <fieldset className="risk-form-field risk-people" aria-describedby={joinIds(hintId, errorId)}>
      <legend>{label}</legend>
      {hint && (
        <span id={hintId} className="risk-form-hint">
          {hint}
        </span>
      )}
      {people.length > 0 ? (
        <ul className="risk-chips">
          {people.map((person) => (
            <li key={person.id} className="risk-chip-item">
              {personLabel(person)}
              <button
                type="button"
                className="risk-chip-remove"
                aria-label={`Remove ${personLabel(person)}`}
                onClick={() => onChange(people.filter((other) => other.id !== person.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="risk-form-hint">No one yet.</p>
      )}
      <PersonPicker
        id={id}
        label={`Add to ${label.toLowerCase()}`}
        person={null}
        clearOnPick
        exclude={people.map((person) => person.id)}
        onChange={(person) => {
          if (person) onChange([...people, person]);
        }}
        invalid={invalid}
      />
    </fieldset>
  );
}
