import { useState } from 'react';
import {
  ISSUE_GRADES,
  RATINGS,
  RESPONSE_DECISIONS,
  RESPONSE_STRATEGIES,
  RISK_CATEGORIES,
  RISK_EDITABLE_FIELDS,
  STATEMENT_MAX,
  ratingOf,
  type PersonRef,
  type Risk,
  type RiskEditableField,
  type RiskUpdateRequest,
} from '../../../api/contract/risks';
import { notify } from '../../../shared/lib/toasts';
import { useUpdateRiskMutation } from '../api';
import {
  describedBy,
  FieldError,
  FormErrors,
  readServerErrors,
  type FieldErrors,
} from './formErrors';
import { LabelsField, VisibilityTagsField } from './LabelsField';
import { PeopleField, PersonPicker } from './PersonPicker';
import {
  ISSUE_GRADE_LABELS,
  RATING_LABELS,
  RESPONSE_DECISION_LABELS,
  RESPONSE_STRATEGY_LABELS,
  RISK_CATEGORY_LABELS,
} from '../labels';
import { Chip, fieldLabel } from './fieldDisplay';

export const detailsSaved = (kind: Risk['kind']) => `The ${kind} has been saved.`;

type Values = Omit<
  Required<RiskUpdateRequest>,
  'informed_ids' | 'owner_id' | 'response_strategy' | 'response_decision'
> & {
  response_strategy: string;
  response_decision: string;
  informed: PersonRef[];
  owner: PersonRef | null;
};

const CHOICES: Partial<
  Record<
    RiskEditableField,
    { options: readonly string[]; labels: Record<string, string>; optional?: boolean }
  >
> = {
  category: { options: RISK_CATEGORIES, labels: RISK_CATEGORY_LABELS },
  probability: { options: RATINGS, labels: RATING_LABELS },
  impact: { options: RATINGS, labels: RATING_LABELS },
  priority: { options: ISSUE_GRADES, labels: ISSUE_GRADE_LABELS },
  severity: { options: ISSUE_GRADES, labels: ISSUE_GRADE_LABELS },
  response_strategy: {
    options: RESPONSE_STRATEGIES,
    labels: RESPONSE_STRATEGY_LABELS,
    optional: true,
  },
  response_decision: {
    options: RESPONSE_DECISIONS,
    labels: RESPONSE_DECISION_LABELS,
    optional: true,
  },
};

/** How the fields sit on the form: related ones side by side. */
const LAYOUT: RiskEditableField[][] = [
  ['statement'],
  ['description'],
  ['category', 'owner_id'],
  ['probability', 'impact'],
  ['priority', 'severity'],
  ['response_strategy', 'response_decision', 'due_date'],
  ['labels'],
  ['visibility_tags'],
  ['informed_ids'],
];

/**
 * The fields this user may change, saved together with `PATCH /api/risks/{id}/` (only what
 * changed). A refusal shows beside its field and keeps everything typed.
 */
export function DetailsForm({ risk, fields }: { risk: Risk; fields: RiskEditableField[] }) {
  const [values, setValues] = useState<Values>(() => valuesOf(risk));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [updateRisk, { isLoading }] = useUpdateRiskMutation();
  const patch = changes(risk, values, fields);
  const changed = Object.keys(patch).length > 0;
  const id = (field: RiskEditableField) => `risk-edit-${field}`;
  const errorId = (field: RiskEditableField) => `risk-edit-${field}-error`;

  const set = (field: RiskEditableField, next: Partial<Values>) => {
    setValues((current) => ({ ...current, ...next }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const save = async () => {
    const found: FieldErrors = {};
    if (fields.includes('statement')) {
      const statement = values.statement.trim();
      if (!statement) found.statement = [`The ${risk.kind} needs a statement.`];
      else if (statement.length > STATEMENT_MAX)
        found.statement = [`Keep the statement to ${STATEMENT_MAX} characters or fewer.`];
    }
    if (fields.includes('owner_id') && !values.owner) found.owner_id = ['Choose the owner.'];
    setErrors(found);
    setFormErrors([]);
    if (Object.keys(found).length > 0) {
      document.getElementById(id(Object.keys(found)[0] as RiskEditableField))?.focus();
      return;
    }
    try {
      await updateRisk({ riskId: risk.id, ...patch }).unwrap();
      notify.success(detailsSaved(risk.kind));
    } catch (error) {
      const server = readServerErrors(error, RISK_EDITABLE_FIELDS);
      setErrors(server.fields);
      setFormErrors(server.form);
    }
  };

  const rating =
    risk.kind === 'risk' && values.probability && values.impact
      ? ratingOf(values.probability, values.impact)
      : null;

  const renderField = (field: RiskEditableField) => {
    const invalid = errors[field] ? true : undefined;
    const describe = describedBy(errors[field] && errorId(field));
    const choice = CHOICES[field];
    if (field === 'statement' || field === 'description')
      return (
        <div key={field} className="risk-form-field">
          <label htmlFor={id(field)}>{fieldLabel(field)}</label>
          <textarea
            id={id(field)}
            rows={field === 'statement' ? 2 : 5}
            value={values[field]}
            aria-invalid={invalid}
            aria-describedby={describedBy(
              field === 'statement' && 'risk-edit-statement-count',
              errors[field] && errorId(field),
            )}
            onChange={(event) => set(field, { [field]: event.target.value })}
          />
          {field === 'statement' && (
            <span id="risk-edit-statement-count" className="risk-counter">
              {values.statement.trim().length} of {STATEMENT_MAX} characters
            </span>
          )}
          <FieldError id={errorId(field)} messages={errors[field]} />
        </div>
      );
    if (choice)
      return (
        <div key={field} className="risk-form-field">
          <label htmlFor={id(field)}>{fieldLabel(field)}</label>
          <select
            id={id(field)}
            value={values[field as keyof Values] as string}
            aria-invalid={invalid}
            aria-describedby={describe}
            onChange={(event) => set(field, { [field]: event.target.value } as Partial<Values>)}
          >
            {choice.optional && <option value="">Not decided yet</option>}
            {choice.options.map((option) => (
              <option key={option} value={option}>
                {choice.labels[option]}
              </option>
            ))}
          </select>
          <FieldError id={errorId(field)} messages={errors[field]} />
        </div>
      );
    if (field === 'due_date')
      return (
        <div key={field} className="risk-form-field">
          <label htmlFor={id(field)}>Due date</label>
          <input
            id={id(field)}
            type="date"
            value={values.due_date ?? ''}
            aria-invalid={invalid}
            aria-describedby={describe}
            onChange={(event) => set(field, { due_date: event.target.value || null })}
          />
          <FieldError id={errorId(field)} messages={errors[field]} />
        </div>
      );
    if (field === 'labels')
      return (
        <LabelsField
          key={field}
          id={id(field)}
          labels={values.labels}
          onChange={(labels) => set(field, { labels })}
          serverErrors={errors.labels}
        />
      );
    if (field === 'visibility_tags')
      return (
        <VisibilityTagsField
          key={field}
          id={id(field)}
          tags={values.visibility_tags}
          onChange={(visibility_tags) => set(field, { visibility_tags })}
          serverErrors={errors.visibility_tags}
        />
      );
    if (field === 'informed_ids')
      return (
        <div key={field}>
          <PeopleField
            id={id(field)}
            label="Informed people"
            people={values.informed}
            onChange={(informed) => set(field, { informed })}
            errorId={errors[field] && errorId(field)}
            invalid={Boolean(invalid)}
          />
          <FieldError id={errorId(field)} messages={errors[field]} />
        </div>
      );
    if (field === 'owner_id')
      return (
        <div key={field} className="risk-form-field">
          <PersonPicker
            id={id(field)}
            label="Owner"
            person={values.owner}
            onChange={(owner) => set(field, { owner })}
            describedBy={describe}
            invalid={Boolean(invalid)}
            required
          />
          <FieldError id={errorId(field)} messages={errors[field]} />
        </div>
      );
    return null;
  };

  return (
    <section aria-labelledby="risk-edit-title" className="risk-edit">
      <h2 id="risk-edit-title">What you can change</h2>
      <FormErrors messages={formErrors} />
      <form
        className="risk-form"
        noValidate
        aria-labelledby="risk-edit-title"
        onSubmit={(event) => {
          event.preventDefault();
          if (!isLoading && changed) void save();
        }}
      >
        {LAYOUT.map((group) => {
          const shown = group.filter((field) => fields.includes(field));
          const withRating =
            risk.kind === 'risk' && group.includes('probability') && shown.length > 0;
          if (shown.length === 0) return null;
          if (shown.length === 1 && !withRating) return renderField(shown[0]!);
          return (
            <div key={group.join('-')} className="risk-form-row">
              {shown.map(renderField)}
              {withRating && (
                <div className="risk-form-field">
                  <span className="risk-form-label" id="risk-edit-rating-label">
                    Rating
                  </span>
                  <output aria-labelledby="risk-edit-rating-label" className="risk-rating-output">
                    {rating ? <Chip grade={rating} label={RATING_LABELS[rating]} /> : '—'}
                  </output>
                </div>
              )}
            </div>
          );
        })}
        <div className="risk-form-actions">
          <button type="submit" className="button button-primary" disabled={isLoading || !changed}>
            {isLoading ? 'Saving…' : 'Save changes'}
          </button>
          <button
            type="button"
            className="button"
            disabled={isLoading || !changed}
            onClick={() => {
              setValues(valuesOf(risk));
              setErrors({});
              setFormErrors([]);
            }}
          >
            Discard changes
          </button>
          <span className="risk-form-hint" role="status">
            {changed ? 'You have unsaved changes.' : ''}
          </span>
        </div>
      </form>
    </section>
  );
}

function valuesOf(risk: Risk): Values {
  return {
    statement: risk.statement,
    description: risk.description,
    category: risk.category,
    probability: risk.probability ?? 'moderate',
    impact: risk.impact ?? 'moderate',
    priority: risk.priority ?? 'moderate',
    severity: risk.severity ?? 'moderate',
    response_strategy: risk.response_strategy ?? '',
    response_decision: risk.response_decision ?? '',
    due_date: risk.due_date,
    labels: risk.labels,
    visibility_tags: risk.visibility_tags,
    client_communication: risk.client_communication,
    informed: risk.informed,
    owner: risk.owner,
  };
}

/** Only the editable fields whose value differs from the risk's. */
function changes(risk: Risk, values: Values, fields: RiskEditableField[]): RiskUpdateRequest {
  const original = valuesOf(risk);
  const patch: Record<string, unknown> = {};
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  for (const field of fields) {
    if (field === 'informed_ids') {
      const ids = values.informed.map((person) => person.id);
      if (
        !same(
          ids,
          original.informed.map((person) => person.id),
        )
      )
        patch.informed_ids = ids;
    } else if (field === 'owner_id') {
      if (values.owner && values.owner.id !== risk.owner.id) patch.owner_id = values.owner.id;
    } else if (field === 'response_strategy' || field === 'response_decision') {
      if (values[field] !== original[field]) patch[field] = values[field] || null;
    } else if (field === 'statement') {
      if (values.statement.trim() !== risk.statement) patch.statement = values.statement.trim();
    } else if (!same(values[field], original[field])) {
      patch[field] = values[field];
    }
  }
  return patch as RiskUpdateRequest;
}
