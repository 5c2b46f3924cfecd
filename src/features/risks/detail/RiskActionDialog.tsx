import { useState } from 'react';
import {
  RISK_MESSAGES,
  TEXT_MAX,
  type PersonRef,
  type Risk,
  type RiskAction,
} from '../../../api/contract/risks';
import { notify } from '../../../shared/lib/toasts';
import { Dialog } from '../../../shared/ui/Dialog';
import { useRiskActionMutation } from '../api';
import {
  describedBy,
  FieldError,
  FormErrors,
  readServerErrors,
  type FieldErrors,
} from './formErrors';
import { PersonPicker } from './PersonPicker';
import { RISK_ACTION_LABELS } from '../labels';

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
export function RiskActionDialog({
  risk,
  action,
  onClose,
}: {
  risk: Risk;
  action: RiskAction | null;
  onClose: () => void;
}) {
  const [recipient, setRecipient] = useState<PersonRef | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [runAction, { isLoading }] = useRiskActionMutation();
  const needsRecipient = action !== null && REQUEST_ACTIONS.includes(action);

  const close = () => {
    setRecipient(null);
    setComment('');
    setErrors({});
    setFormErrors([]);
    onClose();
  };

  const submit = async () => {
    if (!action) return;
    const found: FieldErrors = {};
    if (needsRecipient && !recipient) found.recipient_id = ['Choose who receives the request.'];
    if (needsRecipient && !comment.trim()) found.comment = ['Say why, for the person who decides.'];
    if (comment.length > TEXT_MAX) found.comment = [`Keep it to ${TEXT_MAX} characters or fewer.`];
    setErrors(found);
    setFormErrors([]);
    if (Object.keys(found).length > 0) {
      document
        .getElementById(found.recipient_id ? 'risk-action-recipient' : 'risk-action-comment')
        ?.focus();
      return;
    }
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
      const server = readServerErrors(error, ['recipient_id', 'comment']);
      setErrors(server.fields);
      setFormErrors(server.form);
    }
  };

  const title = action ? `${RISK_ACTION_LABELS[action]}: ${risk.statement}` : '';
  return (
    <Dialog
      open={action !== null}
      onClose={close}
      title={title}
      description={action ? EXPLANATIONS[action](risk.kind) : undefined}
      busy={isLoading}
      className="risk-action-dialog"
      onSubmit={() => void submit()}
      actions={
        <>
          <button type="button" className="button" onClick={close} disabled={isLoading}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={isLoading}>
            {isLoading ? 'Sending…' : action ? RISK_ACTION_LABELS[action] : ''}
          </button>
        </>
      }
    >
      <FormErrors messages={formErrors} />
      {needsRecipient && (
        <div className="risk-form-field">
          <PersonPicker
            id="risk-action-recipient"
            label="Recipient"
            person={recipient}
            exclude={[risk.owner.id]}
            onChange={(person) => {
              setRecipient(person);
              setErrors(({ recipient_id: _cleared, ...rest }) => rest);
            }}
            invalid={Boolean(errors.recipient_id)}
            describedBy={describedBy(errors.recipient_id && 'risk-action-recipient-error')}
            required
          />
          <FieldError id="risk-action-recipient-error" messages={errors.recipient_id} />
        </div>
      )}
      <div className="risk-form-field">
        <label htmlFor="risk-action-comment">
          Comment{!needsRecipient && <span className="risk-optional"> (optional)</span>}
        </label>
        <textarea
          id="risk-action-comment"
          rows={3}
          value={comment}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={describedBy(errors.comment && 'risk-action-comment-error')}
          onChange={(event) => {
            setComment(event.target.value);
            setErrors(({ comment: _cleared, ...rest }) => rest);
          }}
        />
        <FieldError id="risk-action-comment-error" messages={errors.comment} />
      </div>
    </Dialog>
  );
}
