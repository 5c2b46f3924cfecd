import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from '../../../shared/ui/form/zod';
import {
  RISK_MESSAGES,
  TEXT_MAX,
  TRANSFER_SIDES,
  type PersonRef,
  type Risk,
  type TransferSide,
} from '../../../api/contract/risks';
import { formatDateTime, personLabel } from '../../../api/contract/display';
import { applyDrfErrors } from '../../../api/applyDrfErrors';
import { notify } from '../../../shared/lib/toasts';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { Field, FieldSet } from '../../../shared/ui/form/Field';
import { Form, FormAlert } from '../../../shared/ui/form/Form';
import { useZodForm } from '../../../shared/ui/form/useZodForm';
import { useTransferRiskMutation } from '../api';
import { PersonField } from './PersonPicker';
import { SIDE_LABELS } from '../labels';
import { RichText } from '../../../shared/ui/RichText';
import { can } from './riskAccess';
import { Button } from '../../../shared/ui/Button';
import detailStyles from '../riskDetail.module.css';

/** Spec §6 help text on transfers, as it is true for the reader: one who may transfer, or not. */
export const TRANSFER_HINT =
  'You can transfer this risk to a person on the company, client or third-party side. They can then only view it: they cannot edit it, comment on it or act on it.';
export const TRANSFER_HINT_READ_ONLY =
  'The risk owner can transfer this risk to a person on the company, client or third-party side, who can then only view it; your role cannot transfer it.';

const schema = z.object({
  person: z
    .custom<PersonRef | null>()
    .refine((person) => person !== null, 'Choose the person who receives the risk.'),
  side: z.union([z.enum(TRANSFER_SIDES), z.literal('')]).refine((side) => side !== '', {
    message: 'Choose their side.',
  }),
  comment: z.string().max(TEXT_MAX, `Keep it to ${TEXT_MAX} characters or fewer.`),
});
type Values = z.input<typeof schema>;

/** Who the risk has been transferred to, and (with the transfer flag) a new transfer. */
export function TransferTab({ risk }: { risk: Risk }) {
  const editable = can(risk, 'transfer');
  return (
    <div className="risk-transfer">
      <h2>Transfer</h2>
      <p className={detailStyles.riskFormHint}>
        {editable ? TRANSFER_HINT : TRANSFER_HINT_READ_ONLY}
      </p>
      <h3>Current transfer</h3>
      {risk.transfer ? (
        <dl className={detailStyles.riskFactsGrid}>
          <div className={detailStyles.riskFact}>
            <dt>Transferred to</dt>
            <dd>{personLabel(risk.transfer.to)}</dd>
          </div>
          <div className={detailStyles.riskFact}>
            <dt>Side</dt>
            <dd>{SIDE_LABELS[risk.transfer.side]}</dd>
          </div>
          <div className={detailStyles.riskFact}>
            <dt>By</dt>
            <dd>{personLabel(risk.transfer.by)}</dd>
          </div>
          <div className={detailStyles.riskFact}>
            <dt>On</dt>
            <dd>{formatDateTime(risk.transfer.at)}</dd>
          </div>
          <div className={`${detailStyles.riskFact} ${detailStyles.riskFactWide}`}>
            <dt>Comment</dt>
            <dd>
              {risk.transfer.comment ? <RichText text={risk.transfer.comment} /> : 'None given.'}
            </dd>
          </div>
        </dl>
      ) : (
        <p className={detailStyles.riskUnset}>This risk has not been transferred.</p>
      )}
      {editable && <TransferForm risk={risk} />}
    </div>
  );
}

function TransferForm({ risk }: { risk: Risk }) {
  const form = useZodForm(schema, { defaultValues: { person: null, side: '', comment: '' } });
  const [confirming, setConfirming] = useState(false);
  const [transferRisk, { isLoading }] = useTransferRiskMutation();
  const [person, side, comment] = useWatch({
    control: form.control,
    name: ['person', 'side', 'comment'],
  });

  const run = async () => {
    if (!person || !side) return;
    try {
      await transferRisk({
        riskId: risk.id,
        user_id: person.id,
        side: side as TransferSide,
        comment: comment.trim(),
      }).unwrap();
      notify.success(RISK_MESSAGES.actionProcessed(risk.kind));
      form.setValue('comment', '');
    } catch (error) {
      applyDrfErrors(error, form.setError, {
        fields: ['person', 'side', 'comment'],
        rename: { user_id: 'person' },
      });
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Form
      form={form}
      alert={false}
      className={detailStyles.riskForm}
      aria-labelledby="risk-transfer-title"
      onSubmit={() => {
        if (!isLoading) setConfirming(true);
      }}
    >
      <h3 id="risk-transfer-title">
        {risk.transfer ? 'Transfer to someone else' : 'Transfer the risk'}
      </h3>
      <FormAlert />
      <PersonField<Values> name="person" label="Person" required />
      <FieldSet<Values> name="side" legend="Side" className={detailStyles.riskChoiceGroup}>
        <div className={detailStyles.riskChoices}>
          {TRANSFER_SIDES.map((option) => (
            <label key={option}>
              <input type="radio" value={option} {...form.register('side')} /> {SIDE_LABELS[option]}
            </label>
          ))}
        </div>
      </FieldSet>
      <Field<Values>
        name="comment"
        label={
          <>
            Comment
            <span className={detailStyles.riskOptional}> (optional)</span>
          </>
        }
      >
        <textarea rows={3} {...form.register('comment')} />
      </Field>
      <div className={detailStyles.riskFormActions}>
        <Button type="submit" variant="primary" busy={isLoading}>
          Transfer…
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Transfer this risk?"
        confirmLabel="Transfer"
        busy={isLoading}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void run()}
      >
        <p>
          {person ? personLabel(person) : ''} ({side ? SIDE_LABELS[side as TransferSide] : ''}) will
          be able to view this risk, and only view it.
        </p>
      </ConfirmDialog>
    </Form>
  );
}
