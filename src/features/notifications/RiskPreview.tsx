import type { ApiError } from '../../api/baseQuery';
import type { ActionRequest } from '../../api/contract/actionRequests';
import { entityLabel, formatDate, personLabel } from '../../api/contract/display';
import { ISSUE_GRADE_LABELS, RATING_LABELS, RISK_CATEGORY_LABELS } from '../../api/contract/risks';
import { Badge, type BadgeTone } from '../../shared/ui/Badge';
import { Button } from '../../shared/ui/Button';
import { EmptyState, LoadFailed } from '../../shared/ui/EmptyState';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import { RichText } from '../../shared/ui/RichText';
import { useGetRiskQuery } from '../risks/api';
import styles from './NotificationsPage.module.css';
import { RiskStatusPill } from '../risks/embed';

const TONES: Record<string, BadgeTone> = {
  low: 'success',
  moderate: 'warning',
  high: 'danger',
  critical: 'danger',
};

/**
 * What a decider needs to see of the risk or issue a request is about, read-only: its statement,
 * where it lives, its owner, rating or grades, status and due date, and the request's comment.
 */
export function RiskPreview({ request }: { request: ActionRequest }) {
  const { data: risk, error, isLoading, refetch } = useGetRiskQuery(request.subject.id);
  const status = (error as ApiError | undefined)?.status;
  const noun = request.subject.type;

  if (isLoading) return <LoadingScreen label={`Loading the ${noun}…`} />;
  if (status === 403 || status === 404)
    return (
      <EmptyState title={`You cannot open this ${noun}`}>
        <p>
          It is not shared with you, or it no longer exists. The request says: “
          {request.subject.title}” in {request.subject.scope_name}.
        </p>
      </EmptyState>
    );
  if (!risk)
    return <LoadFailed title={`The ${noun} could not be loaded`} onRetry={() => void refetch()} />;

  const grades =
    risk.kind === 'risk'
      ? [
          ['Rating', risk.rating, risk.rating && RATING_LABELS[risk.rating]],
          ['Probability', risk.probability, risk.probability && RATING_LABELS[risk.probability]],
          ['Impact', risk.impact, risk.impact && RATING_LABELS[risk.impact]],
        ]
      : [
          ['Priority', risk.priority, risk.priority && ISSUE_GRADE_LABELS[risk.priority]],
          ['Severity', risk.severity, risk.severity && ISSUE_GRADE_LABELS[risk.severity]],
        ];

  return (
    <article className={styles.preview} aria-labelledby="preview-statement">
      <p className="muted">
        {entityLabel(risk.level, risk.kind)} · {risk.scope.name}
      </p>
      <h3 id="preview-statement" className={styles.previewStatement}>
        {risk.statement}
      </h3>
      <dl className={`facts ${styles.previewFacts}`}>
        <div>
          <dt>Status</dt>
          <dd>
            <RiskStatusPill status={risk.status} resolution={risk.resolution} />
          </dd>
        </div>
        {grades.map(([term, value, label]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value ? <Badge tone={TONES[value] ?? 'neutral'}>{label}</Badge> : '—'}</dd>
          </div>
        ))}
        <div>
          <dt>Owner</dt>
          <dd>{personLabel(risk.owner)}</dd>
        </div>
        <div>
          <dt>Category</dt>
          <dd>{RISK_CATEGORY_LABELS[risk.category]}</dd>
        </div>
        <div>
          <dt>Due</dt>
          <dd>{risk.due_date ? formatDate(risk.due_date) : '—'}</dd>
        </div>
        <div>
          <dt>Action plan</dt>
          <dd>
            {risk.action_items_count === 0
              ? 'No action item'
              : `${risk.action_items_count} action ${risk.action_items_count === 1 ? 'item' : 'items'}`}
          </dd>
        </div>
      </dl>
      {risk.description && (
        <>
          <h4>Description</h4>
          <RichText text={risk.description} />
        </>
      )}
      {request.comment && (
        <>
          <h4>{personLabel(request.requested_by)} wrote</h4>
          <RichText text={request.comment} />
        </>
      )}
      <p>
        <Button to={`/risks/${risk.id}`}>Open the {noun}</Button>
      </p>
    </article>
  );
}
