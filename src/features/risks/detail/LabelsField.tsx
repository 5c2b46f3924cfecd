import { useState } from 'react';
import { LABEL_MAX, VISIBILITY_TAGS, type VisibilityTag } from '../../../api/contract/risks';
import { VISIBILITY_TAG_LABELS } from '../labels';
import { describedBy, FieldError } from './formErrors';

/** Spec §6 help text, shown beside every visibility-tag choice. */
export const VISIBILITY_TAGS_HINT =
  'Visibility tags only help filter what to present to stakeholders. They grant no permissions: who may see the risk does not change.';

/** Free labels, each up to 50 characters (spec §9): typed one at a time, removed one at a time. */
export function LabelsField({
  id,
  labels,
  onChange,
  serverErrors,
}: {
  id: string;
  labels: string[];
  onChange: (labels: string[]) => void;
  serverErrors?: string[] | undefined;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const messages = [...(error ? [error] : []), ...(serverErrors ?? [])];

  const add = () => {
    const label = text.trim();
    if (!label) return;
    if (label.length > LABEL_MAX) {
      setError(`A label can have up to ${LABEL_MAX} characters; this one has ${label.length}.`);
      return;
    }
    setError(null);
    setText('');
    if (!labels.some((known) => known.toLowerCase() === label.toLowerCase()))
      onChange([...labels, label]);
  };

  return (
    <div className="risk-form-field">
      <label htmlFor={id}>Labels</label>
      {labels.length > 0 && (
        <ul className="risk-chips" aria-label="Labels added">
          {labels.map((label) => (
            <li key={label} className="risk-chip-item">
              {label}
              <button
                type="button"
                className="risk-chip-remove"
                aria-label={`Remove label ${label}`}
                onClick={() => onChange(labels.filter((other) => other !== label))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="risk-inline">
        <input
          id={id}
          type="text"
          value={text}
          aria-invalid={messages.length > 0 || undefined}
          aria-describedby={describedBy(hintId, messages.length > 0 && errorId)}
          onChange={(event) => {
            setText(event.target.value);
            if (error && event.target.value.trim().length <= LABEL_MAX) setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button" onClick={add}>
          Add label
        </button>
      </div>
      <span id={hintId} className="risk-form-hint">
        Press Enter or Add label after each one; up to {LABEL_MAX} characters each.
      </span>
      <FieldError id={errorId} messages={messages.length > 0 ? messages : undefined} />
    </div>
  );
}

export function VisibilityTagsField({
  id,
  tags,
  onChange,
  serverErrors,
}: {
  id: string;
  tags: VisibilityTag[];
  onChange: (tags: VisibilityTag[]) => void;
  serverErrors?: string[] | undefined;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="risk-form-field risk-choice-group"
      aria-describedby={describedBy(hintId, serverErrors && errorId)}
    >
      <legend>Visibility tags</legend>
      <span id={hintId} className="risk-form-hint">
        {VISIBILITY_TAGS_HINT}
      </span>
      <div className="risk-choices">
        {VISIBILITY_TAGS.map((tag) => (
          <label key={tag}>
            <input
              id={`${id}-${tag}`}
              type="checkbox"
              checked={tags.includes(tag)}
              onChange={(event) =>
                onChange(
                  VISIBILITY_TAGS.filter((known) =>
                    known === tag ? event.target.checked : tags.includes(known),
                  ),
                )
              }
            />{' '}
            {VISIBILITY_TAG_LABELS[tag]}
          </label>
        ))}
      </div>
      <FieldError id={errorId} messages={serverErrors} />
    </fieldset>
  );
}
