import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from '../../shared/ui/form/zod';
import type { PersonRef } from '../../api/contract/actionRequests';
import { applyDrfErrors } from '../../api/applyDrfErrors';
import { OUTCOME_ACTION_ERRORS, OUTCOME_SEVERITIES } from '../../api/contract/polls';
import { notify } from '../../shared/lib/toasts';
import { DateField } from '../../shared/ui/DateField';
import { PersonField } from '../../shared/ui/form/PersonField';
import { useSearchUsersQuery } from '../checks/api';
import { CorrectiveAction } from './CorrectiveAction';
import { DeleteDialog } from '../../shared/ui/DeleteDialog';
import { Field } from '../../shared/ui/form/Field';
import { Form } from '../../shared/ui/form/Form';
import { dateSchema, requiredText } from '../../shared/ui/form/schemas';
import { useUnsavedChangesGuard } from '../../shared/ui/form/useUnsavedChangesGuard';
import { useZodForm } from '../../shared/ui/form/useZodForm';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import { useAddOutcomeMutation, useDeleteOutcomeMutation, useGetOutcomesQuery } from './api';
import { can, useStepTitle, useSurvey } from './context';
import { StepNav } from './StepNav';
import { SURVEY_TEXT_LIMITS } from '../../api/contract/pollRules';
import { Button } from '../../shared/ui/Button';
import { EmptyState } from '../../shared/ui/EmptyState';
import surveyStyles from './survey.module.css';
import { OUTCOME_SEVERITY_LABELS } from '../../api/contract/pollLabels';

/** What adding a finding says (issue 33: every save says so). */
export const FINDING_SAVED = 'The finding has been saved.';

const SEVERITY_LABELS = OUTCOME_SEVERITY_LABELS;

const TITLE_MAX = SURVEY_TEXT_LIMITS.outcomeTitle;
const DESCRIPTION_MAX = SURVEY_TEXT_LIMITS.outcomeDescription;

const outcomeSchema = z
  .object({
    title: requiredText('Give the finding a title.')
      .max(TITLE_MAX, `Keep the title to ${TITLE_MAX} characters or fewer.`)
      .transform((title) => title.trim()),
    severity: z.enum(OUTCOME_SEVERITIES),
    description: z
      .string()
      .max(DESCRIPTION_MAX, `Keep the description to ${DESCRIPTION_MAX} characters or fewer.`),
    // The corrective action: an owner and a due date, both or neither (as the server says).
    owner: z.custom<PersonRef | null>(),
    due: dateSchema(),
  })
  .superRefine(({ owner, due }, context) => {
    if (owner && due === '')
      context.addIssue({ code: 'custom', path: ['due'], message: OUTCOME_ACTION_ERRORS.due_date });
    if (!owner && due !== '')
      context.addIssue({
        code: 'custom',
        path: ['owner'],
        message: OUTCOME_ACTION_ERRORS.owner_id,
      });
  });
type OutcomeInput = z.input<typeof outcomeSchema>;
type OutcomeValues = z.output<typeof outcomeSchema>;
const OUTCOME_FIELDS = ['title', 'severity', 'description', 'owner', 'due'] as const;
const EMPTY_ACTION = { owner: null, due: '' };

/** `/audit-survey/{id}/outcomes`: the audit's findings. */
export default function OutcomesStep() {
  const { poll } = useSurvey();
  useStepTitle('Audit outcomes');
  const { data: outcomes, isLoading } = useGetOutcomesQuery(poll.id);
  const [deleteOutcome, { isLoading: deleting }] = useDeleteOutcomeMutation();
  const [removing, setRemoving] = useState<number | null>(null);
  const mayEdit = can(poll, 'CAN_EDIT_POLL_OUTCOMES');

  return (
    <section aria-labelledby="outcomes-title">
      <h1 id="outcomes-title">Audit outcomes</h1>
      {isLoading ? (
        <LoadingScreen label="Loading the outcomes…" />
      ) : !outcomes || outcomes.length === 0 ? (
        <EmptyState as="p">No finding is recorded yet.</EmptyState>
      ) : (
        <ul className={surveyStyles.outcomes}>
          {outcomes.map((outcome) => (
            <li key={outcome.id} className={surveyStyles.outcome} data-severity={outcome.severity}>
              <h2>{outcome.title}</h2>
              <p className="muted">{SEVERITY_LABELS[outcome.severity]}</p>
              <p>{outcome.description}</p>
              <CorrectiveAction outcome={outcome} />
              {mayEdit && (
                <Button type="button" onClick={() => setRemoving(outcome.id)}>
                  Delete
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {mayEdit && <OutcomeForm pollId={poll.id} />}
      <DeleteDialog
        target={removing}
        title="Delete this finding?"
        busy={deleting}
        onDelete={(outcomeId) => deleteOutcome({ pollId: poll.id, outcomeId }).unwrap()}
        onClose={() => setRemoving(null)}
      >
        <p>The finding is removed from the audit report.</p>
      </DeleteDialog>
      <StepNav />
    </section>
  );
}

/** Records a finding; what was typed stays when the call fails, and leaving with it asks. */
function OutcomeForm({ pollId }: { pollId: number }) {
  const [addOutcome] = useAddOutcomeMutation();
  const form = useZodForm(outcomeSchema, {
    defaultValues: { title: '', severity: 'minor', description: '', ...EMPTY_ACTION },
  });
  const { register, formState } = form;
  const { dialog } = useUnsavedChangesGuard(formState.isDirty);

  const add = async ({ owner, due, ...values }: OutcomeValues) => {
    try {
      await addOutcome({
        pollId,
        ...values,
        owner_id: owner?.id ?? null,
        due_date: due === '' ? null : due,
      }).unwrap();
      form.reset({ title: '', severity: values.severity, description: '', ...EMPTY_ACTION });
      notify.success(FINDING_SAVED);
    } catch (error) {
      // The error toast names the problem; a 400's field messages also go on their fields.
      applyDrfErrors(error, form.setError, {
        fields: OUTCOME_FIELDS,
        rename: { owner_id: 'owner', due_date: 'due' },
        toastShowsRest: true,
      });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={add}
      className={surveyStyles.outcomeForm}
      aria-labelledby="outcome-form-title"
    >
      <h2 id="outcome-form-title">Record a finding</h2>
      <Field name="title" label="Title" id="outcome-title" maxLength={TITLE_MAX}>
        <input {...register('title')} required maxLength={TITLE_MAX} />
      </Field>
      <Field name="severity" label="Severity" id="outcome-severity">
        <select {...register('severity')}>
          {OUTCOME_SEVERITIES.map((value) => (
            <option key={value} value={value}>
              {SEVERITY_LABELS[value]}
            </option>
          ))}
        </select>
      </Field>
      <Field
        name="description"
        label="Description"
        id="outcome-description"
        maxLength={DESCRIPTION_MAX}
      >
        <textarea rows={3} maxLength={DESCRIPTION_MAX} {...register('description')} />
      </Field>
      <fieldset className={surveyStyles.actionFields}>
        <legend>Corrective action (optional)</legend>
        <p className="muted">
          Name who fixes the finding and by when. Once the report is approved it is an action item
          of the project until it is marked done.
        </p>
        <PersonField<OutcomeInput>
          name="owner"
          label="Owner"
          useSearch={useSearchUsersQuery}
          debounceMs={250}
        />
        <Controller
          control={form.control}
          name="due"
          render={({ field }) => (
            <Field<OutcomeInput> name="due" label="Due date" id="outcome-due">
              {(control) => <DateField {...control} {...field} />}
            </Field>
          )}
        />
      </fieldset>
      <p>
        <Button type="submit" variant="primary" busy={formState.isSubmitting}>
          {formState.isSubmitting ? 'Adding…' : 'Add finding'}
        </Button>
      </p>
      {dialog}
    </Form>
  );
}
