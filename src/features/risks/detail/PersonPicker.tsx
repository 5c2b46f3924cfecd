import { useState } from 'react';
import type { PersonRef } from '../../../api/contract/risks';
import { personLabel } from '../../../shared/lib/format';
import { useSearchUsersQuery } from '../../checks/api';
import { Combobox, useDebouncedValue, MIN_SEARCH_LENGTH, searchStatus } from './Combobox';
import { describedBy as joinIds } from './formErrors';

/**
 * Picks one person through `GET /api/users/?search=`. Typing again drops the choice; with
 * `clearOnPick` the box empties after each pick, for adding people one by one.
 */
export function PersonPicker({
  id,
  label,
  person,
  onChange,
  exclude = [],
  clearOnPick = false,
  describedBy,
  invalid = false,
  required = false,
}: {
  id: string;
  label: string;
  person: PersonRef | null;
  onChange: (person: PersonRef | null) => void;
  exclude?: readonly number[];
  clearOnPick?: boolean;
  describedBy?: string | undefined;
  invalid?: boolean;
  required?: boolean;
}) {
  const [text, setText] = useState(person ? personLabel(person) : '');
  const term = useDebouncedValue(text.trim(), 250);
  const searching = person === null && term.length >= MIN_SEARCH_LENGTH;
  const { data, isFetching, isError } = useSearchUsersQuery(term, { skip: !searching });
  const people = searching ? (data?.results ?? []).filter((p) => !exclude.includes(p.id)) : [];

  return (
    <Combobox
      id={id}
      label={label}
      text={text}
      onTextChange={(next) => {
        setText(next);
        if (person) onChange(null);
      }}
      options={people}
      optionKey={(option) => option.id}
      optionLabel={personLabel}
      onSelect={(option) => {
        setText(clearOnPick ? '' : personLabel(option));
        onChange(option);
      }}
      status={searchStatus({
        text,
        searching,
        isFetching,
        isError,
        found: data ? people.length : undefined,
        noun: ['person', 'people'],
      })}
      describedBy={describedBy}
      invalid={invalid}
      required={required}
      placeholder="Type a name or a login"
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
