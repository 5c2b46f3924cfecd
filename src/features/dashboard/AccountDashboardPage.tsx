import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import type { ApiError } from '../../api/baseQuery';
import {
  DASHBOARD_FLAG,
  SCORE_KIND_LABELS,
  SCORE_KINDS,
  SCORE_LEVEL_LABELS,
  type DashboardAccountDetail,
  type DashboardChange,
  type DashboardProject,
  type DashboardRisk,
  type ScoreHistoryPoint,
} from '../../api/contract/dashboard';
import { formatDateTime, personLabel } from '../../api/contract/display';
import { RATING_LABELS, RATINGS, RISK_KIND_LABELS, type Rating } from '../../api/contract/risks';
import { codeIn, positiveInt, readParams, useUrlParams } from '../../shared/lib/searchParams';
import { Button } from '../../shared/ui/Button';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { EmptyState } from '../../shared/ui/EmptyState';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import { PageHeader } from '../../shared/ui/PageHeader';
import { fieldLabel, HeatMap, historyValue } from '../risks/embed';
import { useGetDashboardAccountQuery } from './api';
import { ChartFigure, ScoreHistoryChart } from './ChartFigure';
import { monthLabel } from './chartText';
import { monthColumn, ProjectLink } from './cells';
import { LevelBadge, ScoreLine } from './scores';
import styles from './dashboard.module.css';

export const DASHBOARD_CRUMB = { label: 'Dashboard', to: '/dashboard' };

/**
 * `/dashboard/account/{accountId}`: an account's two scores with their trend, each leading to
 * its explanation; both over twelve months; its projects ranked by the points they add; the
 * probability × impact heat map of its open risks, which filters the list below it (in the URL);
 * and the latest changes to its risks and issues.
 */
export default function AccountDashboardPage() {
  const accountId = positiveInt(useParams().accountId ?? null);
  const { data, error, isError, refetch } = useGetDashboardAccountQuery(accountId ?? 0, {
    skip: accountId === undefined,
  });
  const status = (error as ApiError | undefined)?.status;

  if (accountId === undefined || error || !data)
    return (
      <AccountLoadState
        accountId={accountId}
        status={accountId === undefined ? 404 : status}
        failed={isError}
        what="account's dashboard"
        loading="Loading the account…"
        onRetry={() => void refetch()}
      />
    );
  return <AccountDashboard account={data} />;
}

/**
 * What an account page shows until its answer is there: not found (404, or no account in the
 * path), refused (403), failed with a retry, or loading. `what` names the page's subject.
 */
export function AccountLoadState({
  accountId,
  status,
  failed,
  what,
  loading,
  crumbs = [DASHBOARD_CRUMB],
  onRetry,
}: {
  accountId: number | undefined;
  status: number | string | undefined;
  failed: boolean;
  what: string;
  loading: string;
  crumbs?: { label: string; to: string }[];
  onRetry: () => void;
}) {
  if (status === 404)
    return (
      <AccountState title="Account not found">
        <p>
          There is no account {accountId ?? ''} on the dashboard, or it is no longer one you may
          see. <Link to="/dashboard">Back to the dashboard</Link>
        </p>
      </AccountState>
    );
  if (status === 403)
    return (
      <AccountState title={`This ${what} is not part of your role`} crumbs={crumbs}>
        <p>
          Seeing it needs the permission {DASHBOARD_FLAG} and an account your role covers. If your
          work needs it, ask your platform administrator.
        </p>
      </AccountState>
    );
  if (failed)
    return (
      <AccountState
        title={`The ${what} could not be loaded`}
        crumbs={crumbs}
        alert
        actions={
          <Button type="button" onClick={onRetry}>
            Try again
          </Button>
        }
      />
    );
  return <LoadingScreen label={loading} />;
}

/** A page that could not show the account: the way back, a title and why. */
export function AccountState({
  title,
  alert = false,
  actions,
  children,
  crumbs = [DASHBOARD_CRUMB],
}: {
  title: string;
  alert?: boolean;
  actions?: React.ReactNode;
  children?: React.ReactNode;
  crumbs?: { label: string; to: string }[];
}) {
  return (
    <section aria-labelledby="dashboard-account-title" className={styles.page}>
      <PageHeader breadcrumb={crumbs} title={title} titleId="dashboard-account-title" />
      {(children !== undefined || actions !== undefined) && (
        <EmptyState alert={alert} actions={actions}>
          {children}
        </EmptyState>
      )}
    </section>
  );
}

function AccountDashboard({ account }: { account: DashboardAccountDetail }) {
  const base = `/dashboard/account/${account.id}`;
  return (
    <section aria-labelledby="dashboard-account-title" className={styles.page}>
      <PageHeader
        breadcrumb={[DASHBOARD_CRUMB]}
        title={account.name}
        documentTitle={`${account.name} · Dashboard`}
        titleId="dashboard-account-title"
        subtitle={[
          account.business_line.name,
          account.business_segment.name,
          account.delivery_owner && `Delivery owner ${personLabel(account.delivery_owner)}`,
        ]
          .filter(Boolean)
          .join(' · ')}
      />
      <div className={styles.scoreCards}>
        {SCORE_KINDS.map((kind) => (
          <section key={kind} className={styles.scoreCard} aria-labelledby={`score-${kind}`}>
            <h2 id={`score-${kind}`}>{SCORE_KIND_LABELS[kind]}</h2>
            <div className={styles.bigScore}>
              <ScoreLine score={account[kind]} />
            </div>
            {kind === 'riskiness' && <ActualLine account={account} />}
            <Link to={`${base}/${kind}`}>How the {kind} is counted</Link>
          </section>
        ))}
      </div>
      <HistoryFigure account={account} />
      <Projects account={account} />
      <OpenRisks risks={account.open_risks} />
      <RecentChanges account={account} />
    </section>
  );
}

/** This month's actual riskiness beside the computed one. */
function ActualLine({ account }: { account: DashboardAccountDetail }) {
  const actual = account.actual_riskiness;
  if (!actual) return <p className={styles.note}>No actual riskiness recorded this month.</p>;
  return (
    <p className={styles.note}>
      Actual riskiness: <LevelBadge level={actual.level} />, by {personLabel(actual.recorded_by)}
      {account.disagrees && (
        <>
          {' '}
          <span className={styles.disagrees}>
            Disagrees with the computed {SCORE_LEVEL_LABELS[account.riskiness.level]}
          </span>
        </>
      )}
    </p>
  );
}

/**
 * The tables of the page, on the DataTable's columns: below 600 px each row is a card, its
 * header first (the month, the project, the risk's statement, the changed record), its values
 * two to a line under their columns' names.
 */
const HISTORY_COLUMNS: readonly Column<ScoreHistoryPoint>[] = [
  monthColumn(),
  { id: 'riskiness', header: 'Riskiness', kind: 'number', cell: (point) => point.riskiness },
  { id: 'issueness', header: 'Issueness', kind: 'number', cell: (point) => point.issueness },
];

const PROJECT_COLUMNS: readonly Column<DashboardProject>[] = [
  {
    id: 'project',
    header: 'Project',
    rowHeader: true,
    cell: (project) => <ProjectLink project={project} />,
  },
  {
    id: 'riskiness',
    header: 'Riskiness points',
    kind: 'number',
    cell: (project) => project.riskiness_points,
  },
  {
    id: 'issueness',
    header: 'Issueness points',
    kind: 'number',
    cell: (project) => project.issueness_points,
  },
  { id: 'risks', header: 'Open risks', kind: 'number', cell: (project) => project.open_risks },
  { id: 'issues', header: 'Open issues', kind: 'number', cell: (project) => project.open_issues },
];

const RISK_COLUMNS: readonly Column<DashboardRisk>[] = [
  {
    id: 'risk',
    header: 'Risk',
    rowHeader: true,
    kind: 'long',
    cell: (risk) => <Link to={`/risks/${risk.id}`}>{risk.statement}</Link>,
  },
  { id: 'probability', header: 'Probability', cell: (risk) => RATING_LABELS[risk.probability] },
  { id: 'impact', header: 'Impact', cell: (risk) => RATING_LABELS[risk.impact] },
  { id: 'points', header: 'Points', kind: 'number', cell: (risk) => risk.points },
  { id: 'project', header: 'Project', cell: (risk) => <ProjectLink project={risk.project} /> },
  { id: 'owner', header: 'Owner', cell: (risk) => personLabel(risk.owner) },
];

const CHANGE_COLUMNS: readonly Column<DashboardChange>[] = [
  { id: 'when', header: 'When', kind: 'date', cell: (change) => formatDateTime(change.at) },
  {
    id: 'record',
    header: 'Risk or issue',
    rowHeader: true,
    cell: (change) => (
      <>
        <Link to={`/risks/${change.risk_id}`}>{change.statement}</Link>
        <span className={styles.detail}>{RISK_KIND_LABELS[change.kind]}</span>
      </>
    ),
  },
  {
    id: 'change',
    header: 'Change',
    kind: 'long',
    cell: (change) => (
      <>
        {fieldLabel(change.field)}: {historyValue(change.field, change.old_value)} →{' '}
        {historyValue(change.field, change.new_value)}
      </>
    ),
  },
  { id: 'by', header: 'By', cell: (change) => personLabel(change.by) },
];

function HistoryFigure({ account }: { account: DashboardAccountDetail }) {
  const { history } = account;
  const first = history[0];
  const last = history.at(-1);
  const summary =
    first && last
      ? `From ${monthLabel(first.month)} to ${monthLabel(last.month)}, riskiness went from ` +
        `${first.riskiness} to ${last.riskiness} and issueness from ${first.issueness} to ${last.issueness}.`
      : 'No month is recorded yet.';
  return (
    <ChartFigure
      id="account-history"
      title="Both scores over 12 months"
      summary={summary}
      table={
        <DataTable
          caption="Riskiness and issueness, month by month"
          compact
          columns={HISTORY_COLUMNS}
          rows={history}
          rowKey={(point) => point.month}
        />
      }
    >
      <ScoreHistoryChart history={history} />
    </ChartFigure>
  );
}

/** The account's projects, the ones that add the most points first. */
function Projects({ account }: { account: DashboardAccountDetail }) {
  const projects = [...account.projects].sort(
    (a, b) =>
      b.riskiness_points + b.issueness_points - (a.riskiness_points + a.issueness_points) ||
      a.name.localeCompare(b.name, 'en-US'),
  );
  return (
    <section aria-labelledby="account-projects-title" className={styles.section}>
      <h2 id="account-projects-title">Projects by contribution</h2>
      {projects.length === 0 ? (
        <p className={styles.note}>The account has no project adding points.</p>
      ) : (
        <DataTable
          caption="Projects, ranked by the points they add to both scores"
          columns={PROJECT_COLUMNS}
          rows={projects}
          rowKey={(project) => project.id}
        />
      )}
    </section>
  );
}

const HEAT_READERS = { probability: codeIn(RATINGS), impact: codeIn(RATINGS) };

/** The heat map of the open risks and the list it filters (`?probability=&impact=`). */
function OpenRisks({ risks }: { risks: readonly DashboardRisk[] }) {
  const { params, update } = useUrlParams();
  const { probability, impact } = readParams(params, HEAT_READERS);
  const cell = probability && impact ? { probability, impact } : null;
  const heat = useMemo(() => {
    const counts = Object.fromEntries(
      RATINGS.map((p) => [p, Object.fromEntries(RATINGS.map((i) => [i, 0]))]),
    ) as Record<Rating, Record<Rating, number>>;
    for (const risk of risks) counts[risk.probability][risk.impact] += 1;
    return counts;
  }, [risks]);
  const shown = [...risks]
    .filter(
      (risk) => !cell || (risk.probability === cell.probability && risk.impact === cell.impact),
    )
    .sort((a, b) => b.points - a.points || a.statement.localeCompare(b.statement, 'en-US'));
  const clear = () => update({ probability: undefined, impact: undefined });
  const toggle = (p: Rating, i: Rating) =>
    cell && cell.probability === p && cell.impact === i
      ? clear()
      : update({ probability: p, impact: i });

  return (
    <section aria-labelledby="account-risks-title" className={styles.section}>
      <h2 id="account-risks-title">Open risks</h2>
      {risks.length === 0 ? (
        <p className={styles.note}>The account has no open risk.</p>
      ) : (
        <div className={styles.riskLayout}>
          <HeatMap
            heat={heat}
            probability={cell?.probability}
            impact={cell?.impact}
            onToggle={toggle}
          />
          <div className={styles.riskList}>
            <div className={styles.riskListBar}>
              <p role="status" className={styles.count}>
                {cell
                  ? `${shown.length} of ${risks.length} open risks: probability ${
                      RATING_LABELS[cell.probability]
                    }, impact ${RATING_LABELS[cell.impact]}`
                  : risks.length === 1
                    ? '1 open risk'
                    : `${risks.length} open risks`}
              </p>
              {cell && (
                <Button type="button" size="sm" onClick={clear}>
                  Show all
                </Button>
              )}
            </div>
            {shown.length === 0 ? (
              <p className={styles.note}>No open risk has this probability and impact.</p>
            ) : (
              <DataTable
                caption="Open risks, the most points first"
                columns={RISK_COLUMNS}
                rows={shown}
                rowKey={(risk) => risk.id}
              />
            )}
          </div>
        </div>
      )}
    </section>
  );
}

function RecentChanges({ account }: { account: DashboardAccountDetail }) {
  return (
    <section aria-labelledby="account-changes-title" className={styles.section}>
      <h2 id="account-changes-title">Recent changes</h2>
      {account.recent_changes.length === 0 ? (
        <p className={styles.note}>No risk or issue of the account has changed lately.</p>
      ) : (
        <DataTable
          caption="The latest changes to the account's risks and issues, newest first"
          columns={CHANGE_COLUMNS}
          rows={account.recent_changes}
          rowKey={(change) => `${change.risk_id}-${change.field}-${change.at}`}
        />
      )}
    </section>
  );
}
