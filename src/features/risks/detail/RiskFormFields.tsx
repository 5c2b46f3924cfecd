import type { ReactNode } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
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
import { DateField } from '../../../shared/ui/DateField';
import { ControlFocus, Field } from '../../../shared/ui/form/Field';
import { LabelsField, VisibilityTagsField } from './LabelsField';
import { PeopleField } from './PersonPicker';
import type { RiskFormValues } from './riskForm';
import { ScopeField } from './ScopeField';
import detailStyles from '../riskDetail.module.css';

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

type ChoiceField =
  'category' | 'probability' | 'impact' | 'priority' | 'severity' | 'response_strategy';

const optional = <span className={detailStyles.riskOptional}> (optional)</span>;

/**
 * Every field of a new risk or issue, in the page's form (`RiskFormValues`): risk rating from
 * probability and impact, issue priority and severity, labels, visibility tags and informed
 * people. `duplicates` sits under the statement, where the likely duplicates belong.
 */
export function RiskFormFields({
  kind,
  level,
  duplicates,
}: {
  kind: RiskKind;
  level: RiskLevel;
  duplicates: ReactNode;
}) {
  const { control, register } = useFormContext<RiskFormValues>();
  const [probability, impact] = useWatch({ control, name: ['probability', 'impact'] });
  const example = STATEMENT_EXAMPLES[kind];
  const rating = probability && impact ? ratingOf(probability, impact) : null;

  const select = <Value extends string>(
    field: ChoiceField,
    label: string,
    options: readonly Value[],
    labels: Record<Value, string>,
    placeholder: string,
    required = true,
  ) => (
    <Field<RiskFormValues>
      name={field}
      label={
        <>
          {label}
          {!required && optional}
        </>
      }
    >
      <select required={required} {...register(field)}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </Field>
  );

  return (
    <>
      <Controller
        control={control}
        name="scope"
        render={({ field }) => (
          <Field<RiskFormValues> name="scope">
            {(props) => (
              <ControlFocus fieldRef={field.ref}>
                <ScopeField
                  id={props.id}
                  level={level}
                  scope={field.value}
                  onChange={field.onChange}
                  describedBy={props['aria-describedby']}
                  invalid={Boolean(props['aria-invalid'])}
                />
              </ControlFocus>
            )}
          </Field>
        )}
      />

      <div>
        <Field<RiskFormValues> name="statement" label="Statement" maxLength={STATEMENT_MAX}>
          {(props) => (
            <textarea
              {...props}
              aria-describedby={`${props['aria-describedby'] ?? ''} risk-example`.trim()}
              rows={2}
              required
              {...register('statement')}
            />
          )}
        </Field>
        <div id="risk-example" className={detailStyles.riskExample}>
          <p>{example.intro}</p>
          <p>
            <strong>Example:</strong> “{example.example}”
          </p>
        </div>
      </div>

      {duplicates}

      <Field<RiskFormValues> name="description" label={<>Description{optional}</>}>
        <textarea rows={4} {...register('description')} />
      </Field>

      {select('category', 'Category', RISK_CATEGORIES, RISK_CATEGORY_LABELS, 'Choose a category')}

      {kind === 'risk' ? (
        <div className={detailStyles.riskFormRow}>
          {select('probability', 'Probability', RATINGS, RATING_LABELS, 'Choose')}
          {select('impact', 'Impact', RATINGS, RATING_LABELS, 'Choose')}
          <div className={detailStyles.riskFormField}>
            <span className={detailStyles.riskFormLabel} id="risk-create-rating-label">
              Rating
            </span>
            <output aria-labelledby="risk-create-rating-label">
              {rating ? (
                <span className={detailStyles.riskChip} data-rating={rating}>
                  {RATING_LABELS[rating]}
                </span>
              ) : (
                <span className={detailStyles.riskFormHint}>Set probability and impact</span>
              )}
            </output>
          </div>
        </div>
      ) : (
        <div className={detailStyles.riskFormRow}>
          {select('priority', 'Priority', ISSUE_GRADES, ISSUE_GRADE_LABELS, 'Choose')}
          {select('severity', 'Severity', ISSUE_GRADES, ISSUE_GRADE_LABELS, 'Choose')}
        </div>
      )}

      <div className={detailStyles.riskFormRow}>
        {kind === 'risk' &&
          select(
            'response_strategy',
            'Response strategy',
            RESPONSE_STRATEGIES,
            RESPONSE_STRATEGY_LABELS,
            'Not decided yet',
            false,
          )}
        <Controller
          control={control}
          name="due_date"
          render={({ field }) => (
            <Field<RiskFormValues> name="due_date" label={<>Due date{optional}</>}>
              {(props) => <DateField {...props} {...field} />}
            </Field>
          )}
        />
      </div>

      <LabelsField<RiskFormValues> name="labels" />
      <VisibilityTagsField<RiskFormValues> name="visibility_tags" kind={kind} />
      <PeopleField<RiskFormValues>
        name="informed"
        label="Informed people"
        hint={`They are told about changes to this ${kind}; being informed gives no right to edit it.`}
      />
    </>
  );
}
