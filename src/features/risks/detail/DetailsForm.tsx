import { useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { z } from '../../../shared/ui/form/zod';
import {
  ISSUE_GRADES,
  RATINGS,
  RESPONSE_DECISIONS,
  RESPONSE_STRATEGIES,
  RISK_CATEGORIES,
  STATEMENT_MAX,
  ratingOf,
  type IssueGrade,
  type PersonRef,
  type Rating,
  type Risk,
  type RiskCategory,
  type RiskEditableField,
  type RiskUpdateRequest,
  type VisibilityTag,
} from '../../../api/contract/risks';
import { applyDrfErrors } from '../../../api/applyDrfErrors';
import { notify } from '../../../shared/lib/toasts';
import { DateField } from '../../../shared/ui/DateField';
import { Field } from '../../../shared/ui/form/Field';
import { Form, FormAlert } from '../../../shared/ui/form/Form';
import { dateSchema } from '../../../shared/ui/form/schemas';
import { useUnsavedChangesGuard } from '../../../shared/ui/form/useUnsavedChangesGuard';
import { useZodForm } from '../../../shared/ui/form/useZodForm';
import { useUpdateRiskMutation } from '../api';
import { LabelsField, VisibilityTagsField } from './LabelsField';
import { PeopleField, PersonField } from './PersonPicker';
import {
  ISSUE_GRADE_LABELS,
  RATING_LABELS,
  RESPONSE_DECISION_LABELS,
  RESPONSE_STRATEGY_LABELS,
  RISK_CATEGORY_LABELS,
} from '../labels';
import { Chip, fieldLabel } from './fieldDisplay';
import { Button } from '../../../shared/ui/Button';
import detailStyles from '../riskDetail.module.css';

export const detailsSaved = (kind: Risk['kind']) => `The ${kind} has been saved.`;

/** The form's values: the risk's, with people as references and no value as ''. */
interface Values {
  statement: string;
  description: string;
  category: RiskCategory;
  owner: PersonRef | null;
  probability: Rating;
  impact: Rating;
  priority: IssueGrade;
  severity: IssueGrade;
  response_strategy: string;
  response_decision: string;
  due_date: string;
  labels: string[];
  visibility_tags: VisibilityTag[];
  informed: PersonRef[];
}

/** The form's fields in the order it shows them; a refusal focuses the first in error. */
const FORM_FIELDS = [
  'statement',
  'description',
  'category',
  'owner',
  'probability',
  'impact',
  'priority',
  'severity',
  'response_strategy',
  'response_decision',
  'due_date',
  'labels',
  'visibility_tags',
  'informed',
] as const satisfies readonly (keyof Values)[];

/** Only the statement and the owner can be wrong before saving; the server checks the rest. */
function detailsSchema(kind: Risk['kind']) {
  return z.object({
    statement: z.string().superRefine((value, context) => {
      const statement = value.trim();
      if (!statement)
        context.addIssue({ code: 'custom', message: `The ${kind} needs a statement.` });
      else if (statement.length > STATEMENT_MAX)
        context.addIssue({
          code: 'custom',
          message: `Keep the statement to ${STATEMENT_MAX} characters or fewer.`,
        });
    }),
    description: z.string(),
    category: z.custom<RiskCategory>(),
    owner: z.custom<PersonRef | null>().refine((owner) => owner !== null, 'Choose the owner.'),
    probability: z.custom<Rating>(),
    impact: z.custom<Rating>(),
    priority: z.custom<IssueGrade>(),
    severity: z.custom<IssueGrade>(),
    response_strategy: z.string(),
    response_decision: z.string(),
    due_date: dateSchema(),
    labels: z.array(z.string()),
    visibility_tags: z.array(z.custom<VisibilityTag>()),
    informed: z.array(z.custom<PersonRef>()),
  }) satisfies z.ZodType<Values, Values>;
}

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
  const schema = useMemo(() => detailsSchema(risk.kind), [risk.kind]);
  const form = useZodForm(schema, { defaultValues: valuesOf(risk) });
  const { isDirty } = form.formState;
  const { dialog, allowNavigation } = useUnsavedChangesGuard(isDirty);
  const [updateRisk, { isLoading }] = useUpdateRiskMutation();
  const [probability, impact] = useWatch({
    control: form.control,
    name: ['probability', 'impact'],
  });
  const { register } = form;

  const save = async (values: Values) => {
    const patch = changes(risk, values, fields);
    if (isLoading || Object.keys(patch).length === 0) return;
    try {
      await updateRisk({ riskId: risk.id, ...patch }).unwrap();
      // Saved: nothing is left to lose while the risk reloads.
      allowNavigation();
      form.reset(values);
      notify.success(detailsSaved(risk.kind));
    } catch (error) {
      applyDrfErrors(error, form.setError, {
        fields: FORM_FIELDS,
        rename: { owner_id: 'owner', informed_ids: 'informed' },
      });
    }
  };

  const rating =
    risk.kind === 'risk' && probability && impact ? ratingOf(probability, impact) : null;

  const renderField = (field: RiskEditableField) => {
    const choice = CHOICES[field];
    if (field === 'statement')
      return (
        <Field<Values>
          key={field}
          name="statement"
          label={fieldLabel(field)}
          maxLength={STATEMENT_MAX}
        >
          <textarea rows={2} {...register('statement')} />
        </Field>
      );
    if (field === 'description')
      return (
        <Field<Values> key={field} name="description" label={fieldLabel(field)}>
          <textarea rows={5} {...register('description')} />
        </Field>
      );
    if (choice) {
      const name = field as keyof typeof CHOICES & keyof Values;
      return (
        <Field<Values> key={field} name={name} label={fieldLabel(field)}>
          <select {...register(name)}>
            {choice.optional && <option value="">Not decided yet</option>}
            {choice.options.map((option) => (
              <option key={option} value={option}>
                {choice.labels[option]}
              </option>
            ))}
          </select>
        </Field>
      );
    }
    if (field === 'due_date')
      return (
        <Controller
          key={field}
          control={form.control}
          name="due_date"
          render={({ field: date }) => (
            <Field<Values> name="due_date" label="Due date">
              {(control) => <DateField {...control} {...date} />}
            </Field>
          )}
        />
      );
    if (field === 'labels') return <LabelsField<Values> key={field} name="labels" />;
    if (field === 'visibility_tags')
      return <VisibilityTagsField<Values> key={field} name="visibility_tags" kind={risk.kind} />;
    if (field === 'informed_ids')
      return <PeopleField<Values> key={field} name="informed" label="Informed people" />;
    if (field === 'owner_id')
      return <PersonField<Values> key={field} name="owner" label="Owner" required />;
    return null;
  };

  return (
    <section aria-labelledby="risk-edit-title" className={detailStyles.riskEdit}>
      <h2 id="risk-edit-title">What you can change</h2>
      <Form
        form={form}
        alert={false}
        onSubmit={save}
        className={detailStyles.riskForm}
        aria-labelledby="risk-edit-title"
      >
        <FormAlert />
        {LAYOUT.map((group) => {
          const shown = group.filter((field) => fields.includes(field));
          const withRating =
            risk.kind === 'risk' && group.includes('probability') && shown.length > 0;
          if (shown.length === 0) return null;
          if (shown.length === 1 && !withRating) return renderField(shown[0]!);
          return (
            <div key={group.join('-')} className={detailStyles.riskFormRow}>
              {shown.map(renderField)}
              {withRating && (
                <div className={detailStyles.riskFormField}>
                  <span className={detailStyles.riskFormLabel} id="risk-edit-rating-label">
                    Rating
                  </span>
                  <output aria-labelledby="risk-edit-rating-label">
                    {rating ? <Chip grade={rating} label={RATING_LABELS[rating]} /> : '—'}
                  </output>
                </div>
              )}
            </div>
          );
        })}
        <div className={detailStyles.riskFormActions}>
          <Button type="submit" variant="primary" disabled={isLoading || !isDirty}>
            {isLoading ? 'Saving…' : 'Save changes'}
          </Button>
          <Button type="button" disabled={isLoading || !isDirty} onClick={() => form.reset()}>
            Discard changes
          </Button>
          <span className={detailStyles.riskFormHint} role="status">
            {isDirty ? 'You have unsaved changes.' : ''}
          </span>
        </div>
        {dialog}
      </Form>
    </section>
  );
}

function valuesOf(risk: Risk): Values {
  return {
    statement: risk.statement,
    description: risk.description,
    category: risk.category,
    owner: risk.owner,
    probability: risk.probability ?? 'moderate',
    impact: risk.impact ?? 'moderate',
    priority: risk.priority ?? 'moderate',
    severity: risk.severity ?? 'moderate',
    response_strategy: risk.response_strategy ?? '',
    response_decision: risk.response_decision ?? '',
    due_date: risk.due_date ?? '',
    labels: risk.labels,
    visibility_tags: risk.visibility_tags,
    informed: risk.informed,
  };
}

const sameList = <T,>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/** The form values → the `PATCH` body: only the editable fields whose value differs. */
function changes(risk: Risk, values: Values, fields: RiskEditableField[]): RiskUpdateRequest {
  const original = valuesOf(risk);
  const patch: Record<string, unknown> = {};
  for (const field of fields) {
    if (field === 'informed_ids') {
      const ids = values.informed.map((person) => person.id);
      if (
        !sameList(
          ids,
          original.informed.map((person) => person.id),
        )
      )
        patch.informed_ids = ids;
    } else if (field === 'owner_id') {
      if (values.owner && values.owner.id !== risk.owner.id) patch.owner_id = values.owner.id;
    } else if (field === 'labels' || field === 'visibility_tags') {
      if (!sameList<string>(values[field], original[field])) patch[field] = values[field];
    } else if (field === 'response_strategy' || field === 'response_decision') {
      if (values[field] !== original[field]) patch[field] = values[field] || null;
    } else if (field === 'due_date') {
      if (values.due_date !== original.due_date) patch.due_date = values.due_date || null;
    } else if (field === 'statement') {
      if (values.statement.trim() !== risk.statement) patch.statement = values.statement.trim();
    } else if (field !== 'client_communication' && values[field] !== original[field]) {
      patch[field] = values[field];
    }
  }
  return patch as RiskUpdateRequest;
}
