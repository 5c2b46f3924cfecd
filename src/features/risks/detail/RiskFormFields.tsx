import type { ReactNode } from 'react';
import {
  ISSUE_GRADES,
  RATINGS,
  RESPONSE_STRATEGIES,
  RISK_CATEGORIES,
  STATEMENT_MAX,
  ratingOf,
  type RiskKind,
  type RiskLevel,
} from '../../../api/contract/risks';
import {
  ISSUE_GRADE_LABELS,
  RATING_LABELS,
  RESPONSE_STRATEGY_LABELS,
  RISK_CATEGORY_LABELS,
} from '../labels';
import { describedBy, FieldError, type FieldErrors } from './formErrors';
import { LabelsField, VisibilityTagsField } from './LabelsField';
import { PeopleField } from './PersonPicker';
import { FIELD_IDS, type FormField, type RiskFormValues } from './riskForm';
import { ScopeField } from './ScopeField';

/** The risk-example hint of spec §9, one for each kind. */
export const STATEMENT_EXAMPLES: Record<RiskKind, { intro: string; example: string }> = {
  risk: {
    intro:
      'Name the cause, the uncertain event and its effect on the project, so that anyone can judge it without asking you.',
    example:
      'Because the only engineer who knows the payment integration may leave before the release, the integration may not be finished by the go-live date, which would delay go-live by about a month.',
  },
  issue: {
    intro:
      'Say what is happening now and what it already costs, so that anyone can judge how urgent it is.',
    example:
      'The shared test environment is down twice a week, so the regression suite cannot run before each release and two releases have slipped by three days.',
  },
};

/**
 * Every field of a new risk or issue, controlled by the page: risk rating from probability and
 * impact, issue priority and severity, labels, visibility tags and informed people. `duplicates`
 * sits under the statement, where the likely duplicates belong.
 */
export function RiskFormFields({
  kind,
  level,
  values,
  onChange,
  errors,
  duplicates,
}: {
  kind: RiskKind;
  level: RiskLevel;
  values: RiskFormValues;
  onChange: (patch: Partial<RiskFormValues>, field?: FormField) => void;
  errors: FieldErrors;
  duplicates: ReactNode;
}) {
  const errorId = (field: FormField) => `${FIELD_IDS[field]}-error`;
  const describe = (field: FormField, ...more: string[]) =>
    describedBy(...more, errors[field] && errorId(field));
  const invalid = (field: FormField) => (errors[field] ? true : undefined);
  const length = values.statement.trim().length;
  const example = STATEMENT_EXAMPLES[kind];
  const rating =
    values.probability && values.impact ? ratingOf(values.probability, values.impact) : null;

  const select = <Value extends string>(
    field: FormField,
    label: string,
    value: Value | '',
    options: readonly Value[],
    labels: Record<Value, string>,
    placeholder: string,
    required = true,
  ) => (
    <div className="risk-form-field">
      <label htmlFor={FIELD_IDS[field]}>
        {label}
        {!required && <span className="risk-optional"> (optional)</span>}
      </label>
      <select
        id={FIELD_IDS[field]}
        value={value}
        required={required}
        aria-invalid={invalid(field)}
        aria-describedby={describe(field)}
        onChange={(event) =>
          onChange({ [field]: event.target.value } as Partial<RiskFormValues>, field)
        }
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
      <FieldError id={errorId(field)} messages={errors[field]} />
    </div>
  );

  return (
    <>
      <div className="risk-form-field">
        <ScopeField
          id={FIELD_IDS.scope_id}
          level={level}
          scope={values.scope}
          onChange={(scope) => onChange({ scope }, 'scope_id')}
          describedBy={describe('scope_id')}
          invalid={Boolean(errors.scope_id)}
        />
        <FieldError id={errorId('scope_id')} messages={errors.scope_id} />
      </div>

      <div className="risk-form-field">
        <label htmlFor={FIELD_IDS.statement}>Statement</label>
        <textarea
          id={FIELD_IDS.statement}
          rows={2}
          value={values.statement}
          required
          aria-invalid={invalid('statement') ?? (length > STATEMENT_MAX || undefined)}
          aria-describedby={describe('statement', 'risk-create-statement-count', 'risk-example')}
          onChange={(event) => onChange({ statement: event.target.value }, 'statement')}
        />
        <span
          id="risk-create-statement-count"
          className={length > STATEMENT_MAX ? 'risk-counter risk-counter-over' : 'risk-counter'}
        >
          {length} of {STATEMENT_MAX} characters
          {length > STATEMENT_MAX && ` — ${length - STATEMENT_MAX} too many`}
        </span>
        <FieldError id={errorId('statement')} messages={errors.statement} />
        <div id="risk-example" className="risk-example">
          <p>{example.intro}</p>
          <p>
            <strong>Example:</strong> “{example.example}”
          </p>
        </div>
      </div>

      {duplicates}

      <div className="risk-form-field">
        <label htmlFor={FIELD_IDS.description}>
          Description<span className="risk-optional"> (optional)</span>
        </label>
        <textarea
          id={FIELD_IDS.description}
          rows={4}
          value={values.description}
          aria-invalid={invalid('description')}
          aria-describedby={describe('description')}
          onChange={(event) => onChange({ description: event.target.value }, 'description')}
        />
        <FieldError id={errorId('description')} messages={errors.description} />
      </div>

      {select(
        'category',
        'Category',
        values.category,
        RISK_CATEGORIES,
        RISK_CATEGORY_LABELS,
        'Choose a category',
      )}

      {kind === 'risk' ? (
        <div className="risk-form-row">
          {select(
            'probability',
            'Probability',
            values.probability,
            RATINGS,
            RATING_LABELS,
            'Choose',
          )}
          {select('impact', 'Impact', values.impact, RATINGS, RATING_LABELS, 'Choose')}
          <div className="risk-form-field">
            <span className="risk-form-label" id="risk-create-rating-label">
              Rating
            </span>
            <output aria-labelledby="risk-create-rating-label" className="risk-rating-output">
              {rating ? (
                <span className={`risk-chip risk-chip-${rating}`}>{RATING_LABELS[rating]}</span>
              ) : (
                <span className="risk-form-hint">Set probability and impact</span>
              )}
            </output>
          </div>
        </div>
      ) : (
        <div className="risk-form-row">
          {select(
            'priority',
            'Priority',
            values.priority,
            ISSUE_GRADES,
            ISSUE_GRADE_LABELS,
            'Choose',
          )}
          {select(
            'severity',
            'Severity',
            values.severity,
            ISSUE_GRADES,
            ISSUE_GRADE_LABELS,
            'Choose',
          )}
        </div>
      )}

      <div className="risk-form-row">
        {kind === 'risk' &&
          select(
            'response_strategy',
            'Response strategy',
            values.response_strategy,
            RESPONSE_STRATEGIES,
            RESPONSE_STRATEGY_LABELS,
            'Not decided yet',
            false,
          )}
        <div className="risk-form-field">
          <label htmlFor={FIELD_IDS.due_date}>
            Due date<span className="risk-optional"> (optional)</span>
          </label>
          <input
            id={FIELD_IDS.due_date}
            type="date"
            value={values.due_date}
            aria-invalid={invalid('due_date')}
            aria-describedby={describe('due_date')}
            onChange={(event) => onChange({ due_date: event.target.value }, 'due_date')}
          />
          <FieldError id={errorId('due_date')} messages={errors.due_date} />
        </div>
      </div>

      <LabelsField
        id={FIELD_IDS.labels}
        labels={values.labels}
        onChange={(labels) => onChange({ labels }, 'labels')}
        serverErrors={errors.labels}
      />
      <VisibilityTagsField
        id="risk-create-tags"
        tags={values.visibility_tags}
        onChange={(visibility_tags) => onChange({ visibility_tags }, 'visibility_tags')}
        serverErrors={errors.visibility_tags}
      />
      <PeopleField
        id={FIELD_IDS.informed_ids}
        label="Informed people"
        hint={`They are told about changes to this ${kind}; being informed gives no right to edit it.`}
        people={values.informed}
        onChange={(informed) => onChange({ informed }, 'informed_ids')}
        errorId={errors.informed_ids && errorId('informed_ids')}
        invalid={Boolean(errors.informed_ids)}
      />
      <FieldError id={errorId('informed_ids')} messages={errors.informed_ids} />
    </>
  );
}
