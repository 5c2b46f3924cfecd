import { useState } from 'react';
import {
  RISK_MESSAGES,
  TEXT_MAX,
  TRANSFER_SIDES,
  type PersonRef,
  type Risk,
  type TransferSide,
} from '../../../api/contract/risks';
import { formatDateTime, personLabel } from '../../../api/contract/display';
import { notify } from '../../../shared/lib/toasts';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useTransferRiskMutation } from '../api';
import {
  describedBy,
  FieldError,
  FormErrors,
  readServerErrors,
  type FieldErrors,
} from './formErrors';
import { PersonPicker } from './PersonPicker';
import { SIDE_LABELS } from '../labels';
import { RichText } from './RichText';
import { can } from './riskAccess';

/** Spec §6 help text on transfers. */
export const TRANSFER_HINT =
  'You can transfer this risk to a person on the company, client or third-party side. They can then only view it: they cannot edit it, comment on it or act on it.';

const TRANSFER_FIELDS = ['user_id', 'side', 'comment'] as const;

/** Who the risk has been transferred to, and (with the transfer flag) a new transfer. */
export function TransferTab({ risk }: { risk: Risk }) {
  const editable = can(risk, 'transfer');
  return (
    <div className="risk-transfer">
      <h2>Transfer</h2>
      <p className="risk-form-hint">{TRANSFER_HINT}</p>
      <h3>Current transfer</h3>
      {risk.transfer ? (
        <dl className="risk-facts-grid">
          <div className="risk-fact">
            <dt>Transferred to</dt>
            <dd>{personLabel(risk.transfer.to)}</dd>
          </div>
          <div className="risk-fact">
            <dt>Side</dt>
            <dd>{SIDE_LABELS[risk.transfer.side]}</dd>
          </div>
          <div className="risk-fact">
            <dt>By</dt>
            <dd>{personLabel(risk.transfer.by)}</dd>
          </div>
          <div className="risk-fact">
            <dt>On</dt>
            <dd>{formatDateTime(risk.transfer.at)}</dd>
          </div>
          <div className="risk-fact risk-fact-wide">
            <dt>Comment</dt>
            <dd>
              {risk.transfer.comment ? <RichText text={risk.transfer.comment} /> : 'None given.'}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="risk-unset">This risk has not been transferred.</p>
      )}
      {editable ? (
        <TransferForm risk={risk} />
      ) : (
        <p className="risk-form-hint">Your role cannot transfer this risk.</p>
      )}
    </div>
  );
}

function TransferForm({ risk }: { risk: Risk }) {
  const [person, setPerson] = useState<PersonRef | null>(null);
  const [side, setSide] = useState<TransferSide | ''>('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [transferRisk, { isLoading }] = useTransferRiskMutation();

  const check = () => {
    const found: FieldErrors = {};
    if (!person) found.user_id = ['Choose the person who receives the risk.'];
    if (!side) found.side = ['Choose their side.'];
    if (comment.length > TEXT_MAX) found.comment = [`Keep it to ${TEXT_MAX} characters or fewer.`];
    setErrors(found);
    setFormErrors([]);
    const first = TRANSFER_FIELDS.find((field) => found[field]);
    if (first)
      document
        .getElementById(
          first === 'user_id'
            ? 'risk-transfer-person'
            : first === 'side'
              ? 'risk-transfer-side-company'
              : 'risk-transfer-comment',
        )
        ?.focus();
    else setConfirming(true);
  };

  const run = async () => {
    if (!person || !side) return;
    try {
      await transferRisk({
        riskId: risk.id,
        user_id: person.id,
        side,
        comment: comment.trim(),
      }).unwrap();
      notify.success(RISK_MESSAGES.actionProcessed(risk.kind));
      setComment('');
    } catch (error) {
      const server = readServerErrors(error, TRANSFER_FIELDS);
      setErrors(server.fields);
      setFormErrors(server.form);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <form
      className="risk-form"
      noValidate
      aria-labelledby="risk-transfer-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (!isLoading) check();
      }}
    >
      <h3 id="risk-transfer-title">
        {risk.transfer ? 'Transfer to someone else' : 'Transfer the risk'}
      </h3>
      <FormErrors messages={formErrors} />
      <div className="risk-form-field">
        <PersonPicker
          id="risk-transfer-person"
          label="Person"
          person={person}
          onChange={(next) => {
            setPerson(next);
            setErrors(({ user_id: _cleared, ...rest }) => rest);
          }}
          invalid={Boolean(errors.user_id)}
          describedBy={describedBy(errors.user_id && 'risk-transfer-person-error')}
          required
        />
        <FieldError id="risk-transfer-person-error" messages={errors.user_id} />
      </div>
      <fieldset
        className="risk-form-field risk-choice-group"
        aria-describedby={describedBy(errors.side && 'risk-transfer-side-error')}
      >
        <legend>Side</legend>
        <div className="risk-choices">
          {TRANSFER_SIDES.map((option) => (
            <label key={option}>
              <input
                id={`risk-transfer-side-${option}`}
                type="radio"
                name="risk-transfer-side"
                value={option}
                checked={side === option}
                onChange={() => {
                  setSide(option);
                  setErrors(({ side: _cleared, ...rest }) => rest);
                }}
              />{' '}
              {SIDE_LABELS[option]}
            </label>
          ))}
        </div>
        <FieldError id="risk-transfer-side-error" messages={errors.side} />
      </fieldset>
      <div className="risk-form-field">
        <label htmlFor="risk-transfer-comment">
          Comment<span className="risk-optional"> (optional)</span>
        </label>
        <textarea
          id="risk-transfer-comment"
          rows={3}
          value={comment}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={describedBy(errors.comment && 'risk-transfer-comment-error')}
          onChange={(event) => setComment(event.target.value)}
        />
        <FieldError id="risk-transfer-comment-error" messages={errors.comment} />
      </div>
      <div className="risk-form-actions">
        <button type="submit" className="button button-primary" disabled={isLoading}>
          Transfer…
        </button>
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
          {person ? personLabel(person) : ''} ({side ? SIDE_LABELS[side] : ''}) will be able to view
          this risk, and only view it.
        </p>
      </ConfirmDialog>
    </form>
  );
}
