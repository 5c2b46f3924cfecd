import { useEffect } from 'react';
import { Link } from 'react-router';
import type { RiskListItem } from '../../api/contract/risks';
import { ISSUE_GRADE_LABELS, RATING_LABELS } from '../../api/contract/risks';
import { entityLabel } from '../../api/contract/display';
import { notify } from '../../shared/lib/toasts';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import { useGetAllRisksQuery } from '../risks/api';
import { ownerDueColumns } from '../risks/embed';
import { useStepTitle, useSurvey } from './context';
import { StepNav } from './StepNav';
import { Button } from '../../shared/ui/Button';
import { LoadFailed } from '../../shared/ui/EmptyState';
import { DataTable, useTableSort, type Column } from '../../shared/ui/DataTable';
import surveyStyles from './survey.module.css';

/** Spec §8 info toast of the risks step. */
export const RISKS_STEP_INFO =
  'Now you may see the risks and issues created during the check. To view all actual risks and issues related to the project, in the Filter menu, select Reset to default.';

/**
 * `…/risks`: the risks and issues raised during this check, a way to raise new ones for the
 * project, and the typical risks its drivers point at.
 */
export default function RisksStep() {
  const { poll, drivers } = useSurvey();
  useStepTitle('Risks and issues');
  useEffect(() => {
    notify.info(RISKS_STEP_INFO, { toastId: 'risks-step-info' });
  }, []);
  const suggested = drivers.flatMap((driver) =>
    driver.risks.map((risk) => ({ ...risk, driver: driver.name })),
  );
  const canCreateRisk = poll.user_permissions.includes('CAN_CREATE_RISK');
  const canCreateIssue = poll.user_permissions.includes('CAN_CREATE_ISSUE');
  return (
    <section aria-labelledby="risks-title">
      <h1 id="risks-title">Risks and issues</h1>
      <p>
        Risks and issues raised for {poll.project.name} during this check belong to the project
        register. Raise what the answers revealed, and review what the drivers point at.
      </p>
      <p className={surveyStyles.actionsRow}>
        {canCreateRisk && (
          <Button
            variant="primary"
            to={`/create-risk/project?project=${poll.project.id}&poll=${poll.id}`}
          >
            Raise a project risk
          </Button>
        )}
        {canCreateIssue && (
          <Button to={`/create-issue/project?project=${poll.project.id}&poll=${poll.id}`}>
            Raise a project issue
          </Button>
        )}
        <Button to={`/risks?level=project&scope=${poll.project.id}`}>
          Open the project&apos;s risks and issues
        </Button>
      </p>
      <h2 id="raised-title">Raised during this check</h2>
      <RaisedDuringCheck pollId={poll.id} projectId={poll.project.id} />
      <h2>What the drivers point at</h2>
      {suggested.length === 0 ? (
        <p className="muted">The drivers of this check name no typical risks.</p>
      ) : (
        <ul className={surveyStyles.suggestedRisks}>
          {suggested.map((risk) => (
            <li key={`${risk.driver}-${risk.id}`}>
              {risk.title} <span className="muted">· {risk.driver}</span>
            </li>
          ))}
        </ul>
      )}
      <StepNav />
    </section>
  );
}

function RaisedDuringCheck({ pollId, projectId }: { pollId: number; projectId: number }) {
  const raised = useGetAllRisksQuery({ level: 'project', scope: projectId, poll: pollId });
  // What falls due first, first.
  const sort = useTableSort(RAISED_COLUMNS, { column: 'due', descending: false });
  if (raised.isLoading) return <LoadingScreen label="Loading the risks and issues…" />;
  if (raised.isError)
    return (
      <LoadFailed
        title="The risks and issues of this check could not be loaded"
        onRetry={() => void raised.refetch()}
      />
    );
  const rows = raised.data ?? [];
  if (rows.length === 0)
    return <p className="muted">No risk or issue has been raised during this check yet.</p>;
  return (
    <DataTable
      caption="Risks and issues raised during this check"
      columns={RAISED_COLUMNS}
      rows={rows}
      rowKey={(risk) => risk.id}
      {...sort}
    />
  );
}

/** Both scales in one order: an issue's critical above a risk's high. */
const GRADE_RANK = { low: 1, moderate: 2, high: 3, critical: 4 } as const;

const RAISED_COLUMNS: Column<RiskListItem>[] = [
  {
    id: 'type',
    header: 'Type',
    cell: (risk) => entityLabel(risk.level, risk.kind),
    sortValue: (risk) => entityLabel(risk.level, risk.kind),
  },
  {
    id: 'statement',
    header: 'Statement',
    kind: 'long',
    rowHeader: true,
    cell: (risk) => (
      <>
        <Link to={`/risks/${risk.id}`}>{risk.statement}</Link>
        {risk.status === 'closed' && <span className="muted"> (closed)</span>}
      </>
    ),
    sortValue: (risk) => risk.statement,
  },
  {
    id: 'grade',
    header: 'Rating or priority',
    cell: gradeOf,
    sortValue: (risk) => {
      const grade = risk.kind === 'risk' ? risk.rating : risk.priority;
      return grade ? GRADE_RANK[grade] : null;
    },
    sortDescFirst: true,
  },
  ...ownerDueColumns<RiskListItem>(),
];

function gradeOf(risk: RiskListItem): string {
  if (risk.kind === 'risk') return risk.rating ? `${RATING_LABELS[risk.rating]} rating` : '—';
  return risk.priority ? `${ISSUE_GRADE_LABELS[risk.priority]} priority` : '—';
}
