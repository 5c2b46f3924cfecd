import { useMemo } from 'react';
import { FormProvider, type FieldErrors } from 'react-hook-form';
import { z } from '../../../shared/ui/form/zod';
import {
  RISK_MESSAGES,
  TEXT_MAX,
  type PersonRef,
  type Risk,
  type RiskAction,
} from '../../../api/contract/risks';
import { applyDrfErrors } from '../../../api/applyDrfErrors';
import { notify } from '../../../shared/lib/toasts';
import { Dialog } from '../../../shared/ui/Dialog';
import { Field } from '../../../shared/ui/form/Field';
import { FormAlert } from '../../../shared/ui/form/Form';
import { requiredText } from '../../../shared/ui/form/schemas';
import { useZodForm } from '../../../shared/ui/form/useZodForm';
import { useRiskActionMutation, useSearchRiskRecipientsQuery } from '../api';
import { PersonField } from './PersonPicker';
import { RISK_ACTION_LABELS } from '../labels';
import { Button } from '../../../shared/ui/Button';
import detailStyles from '../riskDetail.module.css';

/** Propagate, delegate and escalate create an action request for a recipient to decide on. */
export const REQUEST_ACTIONS: readonly RiskAction[] = ['propagate', 'delegate', 'escalate'];

const EXPLANATIONS: Record<RiskAction, (kind: Risk['kind']) => string> = {
  propagate: (kind) =>
    `Asks someone at the next level up to take this ${kind} into their register as well. It changes nothing until they accept.`,
  delegate: (kind) =>
    `Asks someone to take over this ${kind}. It changes nothing until they accept.`,
  escalate: (kind) =>
    `Asks someone higher up to decide on this ${kind}. It changes nothing until they accept.`,
  raise_awareness: (kind) => `Marks this ${kind} as one the stakeholders must be made aware of.`,
  lower_awareness: (kind) => `Removes the awareness mark from this ${kind}.`,
  share_with_account: (kind) =>
    `Makes this ${kind} visible in the account's register as well as where it lives now.`,
  share_with_project: (kind) =>
    `Makes this ${kind} visible in the projects' registers as well as where it lives now.`,
};

export const actionMessage = (action: RiskAction, kind: Risk['kind']) =>
  action === 'share_with_account'
    ? RISK_MESSAGES.sharedWithAccount(kind)
    : action === 'share_with_project'
      ? RISK_MESSAGES.sharedWithProject(kind)
      : RISK_MESSAGES.actionProcessed(kind);

/**
 * One of the header's actions, confirmed in a modal form: a recipient and a comment for the
 * requests, an optional comment for the others. `POST /api/risks/{id}/actions/`.
 */
/** A request names its recipient and says why; the other actions take an optional comment. */
function actionSchema(needsRecipient: boolean) {
  const tooLong = z.string().max(TEXT_MAX, `Keep it to ${TEXT_MAX} characters or fewer.`);
  return z.object({
    recipient: needsRecipient
      ? z
          .custom<PersonRef | null>()
          .refine((person) => person !== null, 'Choose who receives the request.')
      : z.custom<PersonRef | null>(),
    comment: needsRecipient
      ? requiredText('Say why, for the person who decides.').pipe(tooLong)
      : tooLong,
  });
}
type Values = z.input<ReturnType<typeof actionSchema>>;

/** The people search of one risk's recipients: only those who may act on it. */
function recipientSearch(riskId: number) {
  return function useRecipientSearch(search: string, options: { skip: boolean }) {
    return useSearchRiskRecipientsQuery({ riskId, search }, options);
  };
}
const EMPTY: Values = { recipient: null, comment: '' };

/**
 * One of the header's actions, confirmed in a modal form: a recipient and a comment for the
 * requests, an optional comment for the others. `POST /api/risks/{id}/actions/`.
 */
export function RiskActionDialog({
  risk,
  action,
  onClose,
}: {
  risk: Risk;
  action: RiskAction | null;
  onClose: () => void;
}) {
  const needsRecipient = action !== null && REQUEST_ACTIONS.includes(action);
  const schema = useMemo(() => actionSchema(needsRecipient), [needsRecipient]);
  const form = useZodForm(schema, { defaultValues: EMPTY });
  const [runAction, { isLoading }] = useRiskActionMutation();
  const useRecipients = useMemo(() => recipientSearch(risk.id), [risk.id]);

  const close = () => {
    form.reset(EMPTY);
    onClose();
  };

  const save = async ({ recipient, comment }: Values) => {
    if (!action) return;
    try {
      await runAction({
        riskId: risk.id,
        action,
        ...(recipient && needsRecipient ? { recipient_id: recipient.id } : {}),
        ...(comment.trim() ? { comment: comment.trim() } : {}),
      }).unwrap();
      notify.success(actionMessage(action, risk.kind));
      close();
    } catch (error) {
      applyDrfErrors(error, form.setError, {
        fields: ['recipient', 'comment'],
        rename: { recipient_id: 'recipient' },
      });
    }
  };

  // The dialog is the form: a wrong submit focuses the first field in error, as `Form` does.
  const focusFirst = (errors: FieldErrors<Values>) => {
    const first = (['recipient', 'comment'] as const).find((name) => errors[name]);
    if (first) form.setFocus(first);
  };

  const title = action ? `${RISK_ACTION_LABELS[action]}: ${risk.statement}` : '';
  return (
    <Dialog
      open={action !== null}
      onClose={close}
      title={title}
      description={action ? EXPLANATIONS[action](risk.kind) : undefined}
      busy={isLoading}
      className={detailStyles.riskActionDialog}
      onSubmit={() => {
        if (!isLoading) void form.handleSubmit(save, focusFirst)();
      }}
      actions={
        <>
          <Button type="button" onClick={close} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" busy={isLoading}>
            {isLoading ? 'Sending…' : action ? RISK_ACTION_LABELS[action] : ''}
          </Button>
        </>
      }
    >
      <FormProvider {...form}>
        <FormAlert />
        {needsRecipient && (
          <PersonField<Values>
            name="recipient"
            label="Recipient"
            exclude={[risk.owner.id]}
            useSearch={useRecipients}
            hint={`Only people who may act on this ${risk.kind} are offered: company staff who may view risks and issues.`}
            required
          />
        )}
        <Field<Values>
          name="comment"
          label={
            <>
              Comment
              {!needsRecipient && <span className={detailStyles.riskOptional}> (optional)</span>}
            </>
          }
        >
          <textarea rows={3} {...form.register('comment')} />
        </Field>
      </FormProvider>
    </Dialog>
  );
}
