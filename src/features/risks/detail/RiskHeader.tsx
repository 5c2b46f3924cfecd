import { useState } from 'react';
import type { Risk, RiskAction } from '../../../api/contract/risks';
import { entityLabel, formatDate, LEVEL_LABELS, personLabel } from '../../../api/contract/display';
import { ISSUE_GRADE_LABELS, RATING_LABELS, SIDE_LABELS } from '../labels';
import { ActionsMenu, availableActions } from './ActionsMenu';
import { Chip } from './fieldDisplay';
import { RiskActionDialog } from './RiskActionDialog';
import detailStyles from '../riskDetail.module.css';
import { Breadcrumb } from '../../../shared/ui/Breadcrumb';
import { usePageTitle } from '../../../shared/lib/documentTitle';
import { RiskStatusPill } from '../RiskStatusPill';

/**
 * Who and what at a glance: the entity label, the statement, status, rating (or priority and
 * severity), owner, scope and due date; the transfer if any; the Actions menu; and, when the user
 * may only view, why.
 */
export function RiskHeader({
  risk,
  viewOnlyReason,
  receivedByUser = false,
}: {
  risk: Risk;
  viewOnlyReason: string | null;
  /** The user is the transfer's receiver: the read-only note already says who sent it, when. */
  receivedByUser?: boolean;
}) {
  const actions = availableActions(risk);
  const [action, setAction] = useState<RiskAction | null>(null);
  usePageTitle(`${risk.statement} · ${risk.kind === 'issue' ? 'Issue' : 'Risk'} ${risk.id}`);
  return (
    <header className={detailStyles.riskHeader}>
      <Breadcrumb
        trail={[
          { label: 'Risks and issues', to: `/risks?level=${risk.level}` },
          { label: risk.scope.name, to: `/risks?level=${risk.level}&scope=${risk.scope.id}` },
        ]}
      />
      <div className={detailStyles.riskHeaderTop}>
        <div>
          <p className={detailStyles.riskKicker}>
            {entityLabel(risk.level, risk.kind)} · {risk.scope.name}
          </p>
          <h1 id="risk-title">{risk.statement}</h1>
        </div>
        {actions.length > 0 && <ActionsMenu actions={actions} onChoose={setAction} />}
      </div>
      <dl className={detailStyles.riskSummary} aria-label="Summary">
        <div>
          <dt>Status</dt>
          <dd>
            <RiskStatusPill status={risk.status} resolution={risk.resolution} />
          </dd>
        </div>
        {risk.kind === 'risk' ? (
          <div>
            <dt>Rating</dt>
            <dd>
              {risk.rating ? <Chip grade={risk.rating} label={RATING_LABELS[risk.rating]} /> : '—'}
            </dd>
          </div>
        ) : (
          <>
            <div>
              <dt>Priority</dt>
              <dd>
                {risk.priority ? (
                  <Chip grade={risk.priority} label={ISSUE_GRADE_LABELS[risk.priority]} />
                ) : (
                  '—'
                )}
              </dd>
            </div>
            <div>
              <dt>Severity</dt>
              <dd>
                {risk.severity ? (
                  <Chip grade={risk.severity} label={ISSUE_GRADE_LABELS[risk.severity]} />
                ) : (
                  '—'
                )}
              </dd>
            </div>
          </>
        )}
        <div>
          <dt>Owner</dt>
          <dd>{personLabel(risk.owner)}</dd>
        </div>
        <div>
          <dt>{LEVEL_LABELS[risk.level].replace(/ level$/, '')}</dt>
          <dd>{risk.scope.name}</dd>
        </div>
        <div>
          <dt>Due</dt>
          <dd>{risk.due_date ? formatDate(risk.due_date) : '—'}</dd>
        </div>
      </dl>
      {risk.transfer && !receivedByUser && (
        <p className={detailStyles.riskNote} role="note">
          Transferred on {formatDate(risk.transfer.at)} to {personLabel(risk.transfer.to)} (
          {SIDE_LABELS[risk.transfer.side]}) by {personLabel(risk.transfer.by)}. The receiver can
          only view this {risk.kind}.
        </p>
      )}
      {viewOnlyReason && (
        <p className={`${detailStyles.riskNote} ${detailStyles.riskNoteReadonly}`} role="note">
          <strong>Read-only.</strong> {viewOnlyReason}
        </p>
      )}
      <RiskActionDialog risk={risk} action={action} onClose={() => setAction(null)} />
    </header>
  );
}
