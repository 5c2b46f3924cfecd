import { formatDate, personLabel } from '../../api/contract/display';
import type { AuditOutcome } from '../../api/contract/polls';
import { Badge } from '../../shared/ui/Badge';
import surveyStyles from './survey.module.css';
import { isOverdue } from '../../shared/lib/today';

/**
 * A finding's corrective action in one line: who, by when, and whether it is done (an open one
 * past its due date says so). Nothing for a finding without one.
 */
export function CorrectiveAction({
  outcome,
}: {
  outcome: Pick<AuditOutcome, 'owner' | 'due_date' | 'done_at'>;
}) {
  const { owner, due_date: due, done_at: done } = outcome;
  if (!owner || !due) return null;
  const overdue = !done && isOverdue(due);
  return (
    <p className={surveyStyles.correctiveAction}>
      <span>
        Corrective action: <strong>{personLabel(owner)}</strong>, due {formatDate(due)}
      </span>{' '}
      {done ? (
        <Badge tone="success">Done {formatDate(done)}</Badge>
      ) : overdue ? (
        <Badge tone="danger">Overdue</Badge>
      ) : (
        <Badge tone="info">Open</Badge>
      )}
    </p>
  );
}
