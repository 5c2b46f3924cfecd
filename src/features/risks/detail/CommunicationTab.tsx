import { useState } from 'react';
import { TEXT_MAX, type Risk } from '../../../api/contract/risks';
import { notify } from '../../../shared/lib/toasts';
import { useUpdateRiskMutation } from '../api';
import { describedBy, FieldError, FormErrors, readServerErrors } from './formErrors';
import { RichText } from './RichText';
import { canEdit } from './riskAccess';

export const COMMUNICATION_SAVED = 'The communication with the client has been saved.';

/** What was told to the client and when: one text, edited with its own spec §6 flag. */
export function CommunicationTab({ risk }: { risk: Risk }) {
  const editable = canEdit(risk, 'client_communication');
  return (
    <div className="risk-communication">
      <h2>Communication with client</h2>
      <p className="risk-form-hint">
        Record what the client has been told about this {risk.kind}, by whom and when.
      </p>
      {editable ? (
        <CommunicationForm key={risk.updated_at} risk={risk} />
      ) : risk.client_communication ? (
        <RichText text={risk.client_communication} />
      ) : (
        <p className="risk-unset">Nothing recorded yet.</p>
      )}
    </div>
  );
}

function CommunicationForm({ risk }: { risk: Risk }) {
  const [text, setText] = useState(risk.client_communication);
  const [error, setError] = useState<string[] | undefined>();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [updateRisk, { isLoading }] = useUpdateRiskMutation();
  const changed = text !== risk.client_communication;

  const save = async () => {
    setFormErrors([]);
    if (text.length > TEXT_MAX) {
      setError([`Keep it to ${TEXT_MAX} characters or fewer.`]);
      return;
    }
    try {
      await updateRisk({ riskId: risk.id, client_communication: text }).unwrap();
      notify.success(COMMUNICATION_SAVED);
    } catch (failure) {
      const server = readServerErrors(failure, ['client_communication']);
      setError(server.fields.client_communication);
      setFormErrors(server.form);
    }
  };

  return (
    <form
      className="risk-form"
      noValidate
      aria-label="Communication with client"
      onSubmit={(event) => {
        event.preventDefault();
        if (!isLoading && changed) void save();
      }}
    >
      <FormErrors messages={formErrors} />
      <div className="risk-form-field">
        <label htmlFor="risk-client-communication">What the client has been told</label>
        <textarea
          id="risk-client-communication"
          rows={6}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && 'risk-client-communication-error')}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
        />
        <FieldError id="risk-client-communication-error" messages={error} />
      </div>
      <div className="risk-form-actions">
        <button type="submit" className="button button-primary" disabled={isLoading || !changed}>
          {isLoading ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
