import { z } from '../../../shared/ui/form/zod';
import { TEXT_MAX, type Risk } from '../../../api/contract/risks';
import { applyDrfErrors } from '../../../api/applyDrfErrors';
import { notify } from '../../../shared/lib/toasts';
import { Field } from '../../../shared/ui/form/Field';
import { Form } from '../../../shared/ui/form/Form';
import { useZodForm } from '../../../shared/ui/form/useZodForm';
import { useUpdateRiskMutation } from '../api';
import { RichText } from '../../../shared/ui/RichText';
import { canEdit } from './riskAccess';
import { Button } from '../../../shared/ui/Button';
import detailStyles from '../riskDetail.module.css';

export const COMMUNICATION_SAVED = 'The communication with the client has been saved.';

const schema = z.object({
  client_communication: z.string().max(TEXT_MAX, `Keep it to ${TEXT_MAX} characters or fewer.`),
});

/** What was told to the client and when: one text, edited with its own spec §6 flag. */
export function CommunicationTab({ risk }: { risk: Risk }) {
  const editable = canEdit(risk, 'client_communication');
  return (
    <div className="risk-communication">
      <h2>Communication with client</h2>
      <p className={detailStyles.riskFormHint}>
        Record what the client has been told about this {risk.kind}, by whom and when.
      </p>
      {editable ? (
        <CommunicationForm key={risk.updated_at} risk={risk} />
      ) : risk.client_communication ? (
        <RichText text={risk.client_communication} />
      ) : (
        <p className={detailStyles.riskUnset}>Nothing recorded yet.</p>
      )}
    </div>
  );
}

function CommunicationForm({ risk }: { risk: Risk }) {
  const form = useZodForm(schema, {
    defaultValues: { client_communication: risk.client_communication },
  });
  const [updateRisk, { isLoading }] = useUpdateRiskMutation();
  const { isDirty } = form.formState;

  const save = async ({ client_communication }: z.output<typeof schema>) => {
    if (isLoading || !isDirty) return;
    try {
      await updateRisk({ riskId: risk.id, client_communication }).unwrap();
      form.reset({ client_communication });
      notify.success(COMMUNICATION_SAVED);
    } catch (failure) {
      applyDrfErrors(failure, form.setError, { fields: ['client_communication'] });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={save}
      className={detailStyles.riskForm}
      aria-label="Communication with client"
    >
      <Field name="client_communication" label="What the client has been told">
        <textarea rows={6} {...form.register('client_communication')} />
      </Field>
      <div className={detailStyles.riskFormActions}>
        <Button type="submit" variant="primary" disabled={isLoading || !isDirty}>
          {isLoading ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </Form>
  );
}
