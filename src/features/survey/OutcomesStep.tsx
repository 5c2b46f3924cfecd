import { useState } from 'react';
import { z } from 'zod';
import { applyDrfErrors } from '../../api/applyDrfErrors';
import { OUTCOME_SEVERITIES } from '../../api/contract/polls';
import { DeleteDialog } from '../../shared/ui/DeleteDialog';
import { Field } from '../../shared/ui/form/Field';
import { Form } from '../../shared/ui/form/Form';
import { requiredText } from '../../shared/ui/form/schemas';
import { useUnsavedChangesGuard } from '../../shared/ui/form/useUnsavedChangesGuard';
import { useZodForm } from '../../shared/ui/form/useZodForm';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import { useAddOutcomeMutation, useDeleteOutcomeMutation, useGetOutcomesQuery } from './api';
import { can, useSurvey } from './context';
import { StepNav } from './StepNav';
import { SURVEY_TEXT_LIMITS } from '../../api/contract/pollRules';
import { Button } from '../../shared/ui/Button';
import { EmptyState } from '../../shared/ui/EmptyState';
import surveyStyles from './survey.module.css';
import { OUTCOME_SEVERITY_LABELS } from '../../api/contract/pollLabels';

const SEVERITY_LABELS = OUTCOME_SEVERITY_LABELS;

const TITLE_MAX = SURVEY_TEXT_LIMITS.outcomeTitle;
const DESCRIPTION_MAX = SURVEY_TEXT_LIMITS.outcomeDescription;

const outcomeSchema = z.object({
  title: requiredText('Give the finding a title.')
    .max(TITLE_MAX, `Keep the title to ${TITLE_MAX} characters or fewer.`)
    .transform((title) => title.trim()),
  severity: z.enum(OUTCOME_SEVERITIES),
  description: z
    .string()
    .max(DESCRIPTION_MAX, `Keep the description to ${DESCRIPTION_MAX} characters or fewer.`),
});
type OutcomeValues = z.output<typeof outcomeSchema>;

/** `/audit-survey/{id}/outcomes`: the audit's findings. */
export default function OutcomesStep() {
  const { poll } = useSurvey();
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
    defaultValues: { title: '', severity: 'minor', description: '' },
  });
  const { register, formState } = form;
  const { dialog } = useUnsavedChangesGuard(formState.isDirty);

  const add = async (values: OutcomeValues) => {
    try {
      await addOutcome({ pollId, ...values }).unwrap();
      form.reset({ title: '', severity: values.severity, description: '' });
    } catch (error) {
      // The error toast names the problem; a 400's field messages also go on their fields.
      applyDrfErrors(error, form.setError, {
        fields: ['title', 'severity', 'description'],
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
      <p>
        <Button type="submit" variant="primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Adding…' : 'Add finding'}
        </Button>
      </p>
      {dialog}
    </Form>
  );
}
