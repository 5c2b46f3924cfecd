import { useState, type FormEvent } from 'react';
import { OUTCOME_SEVERITIES, type OutcomeSeverity } from '../../api/contract/polls';
import { DeleteDialog } from '../../shared/ui/DeleteDialog';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import { useAddOutcomeMutation, useDeleteOutcomeMutation, useGetOutcomesQuery } from './api';
import { can, useSurvey } from './context';
import { StepNav } from './StepNav';
import { SURVEY_TEXT_LIMITS } from '../../api/contract/pollRules';

const SEVERITY_LABELS: Record<OutcomeSeverity, string> = {
  major: 'Major finding',
  minor: 'Minor finding',
  observation: 'Observation',
};

/** `/audit-survey/{id}/outcomes`: the audit's findings. */
export default function OutcomesStep() {
  const { poll } = useSurvey();
  const { data: outcomes, isLoading } = useGetOutcomesQuery(poll.id);
  const [addOutcome, { isLoading: adding }] = useAddOutcomeMutation();
  const [deleteOutcome, { isLoading: deleting }] = useDeleteOutcomeMutation();
  const [title, setTitle] = useState('');
  const [severity, setSeverity] = useState<OutcomeSeverity>('minor');
  const [description, setDescription] = useState('');
  const [removing, setRemoving] = useState<number | null>(null);
  const mayEdit = can(poll, 'CAN_EDIT_POLL_OUTCOMES');

  const add = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await addOutcome({ pollId: poll.id, title: title.trim(), severity, description }).unwrap();
      setTitle('');
      setDescription('');
    } catch {
      // the error toast names the field; the form keeps what was typed
    }
  };

  return (
    <section aria-labelledby="outcomes-title">
      <h1 id="outcomes-title">Audit outcomes</h1>
      {isLoading ? (
        <LoadingScreen label="Loading the outcomes…" />
      ) : !outcomes || outcomes.length === 0 ? (
        <p className="empty-state">No finding is recorded yet.</p>
      ) : (
        <ul className="outcomes">
          {outcomes.map((outcome) => (
            <li key={outcome.id} className={`outcome outcome-${outcome.severity}`}>
              <h2>{outcome.title}</h2>
              <p className="muted">{SEVERITY_LABELS[outcome.severity]}</p>
              <p>{outcome.description}</p>
              {mayEdit && (
                <button type="button" className="button" onClick={() => setRemoving(outcome.id)}>
                  Delete
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {mayEdit && (
        <form className="outcome-form" onSubmit={(event) => void add(event)}>
          <h2>Record a finding</h2>
          <label htmlFor="outcome-title">Title</label>
          <input
            id="outcome-title"
            required
            maxLength={SURVEY_TEXT_LIMITS.outcomeTitle}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
          <label htmlFor="outcome-severity">Severity</label>
          <select
            id="outcome-severity"
            value={severity}
            onChange={(event) => setSeverity(event.target.value as OutcomeSeverity)}
          >
            {OUTCOME_SEVERITIES.map((value) => (
              <option key={value} value={value}>
                {SEVERITY_LABELS[value]}
              </option>
            ))}
          </select>
          <label htmlFor="outcome-description">Description</label>
          <textarea
            id="outcome-description"
            rows={3}
            maxLength={SURVEY_TEXT_LIMITS.outcomeDescription}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
          <p>
            <button type="submit" className="button button-primary" disabled={adding}>
              {adding ? 'Adding…' : 'Add finding'}
            </button>
          </p>
        </form>
      )}
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
