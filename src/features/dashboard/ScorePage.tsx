import { useLocation, useParams } from 'react-router';
import type { ApiError } from '../../api/baseQuery';
import {
  FINDING_POINTS,
  GRADE_POINTS,
  OVERDUE_ACTION_ITEM_POINTS,
  RATING_POINTS,
  SCORE_KIND_LABELS,
  SCORE_KINDS,
  SCORE_LEVEL_LABELS,
  contributorKey,
  type ActualRiskiness,
  type Contributor,
  type ContributorType,
  type PointsBy,
  type ScoreExplanation,
  type ScoreKind,
  type ScoreLevel,
} from '../../api/contract/dashboard';
import { formatDateTime, personLabel } from '../../api/contract/display';
import { RISK_CATEGORY_LABELS } from '../../api/contract/risks';
import { oneOf, positiveInt } from '../../shared/lib/searchParams';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { PageHeader } from '../../shared/ui/PageHeader';
import { DataLink } from '../../shared/ui/DataLink';
import { AccountLoadState, DASHBOARD_CRUMB } from './AccountDashboardPage';
import { ActualRiskinessForm } from './ActualRiskinessForm';
import { useGetScoreExplanationQuery } from './api';
import { ChartFigure, ScoreChart } from './ChartFigure';
import { monthLabel } from './chartText';
import { monthColumn, ProjectLink } from './cells';
import { LevelBadge, ScoreLine } from './scores';
import styles from './dashboard.module.css';

/** Each score defined in a sentence, in the contract's words and points. */
export const DEFINITIONS: Record<ScoreKind, string> = {
  riskiness:
    'Riskiness is the sum of points of every open risk at the account’s level and its projects’ ' +
    `(probability × impact, each Low ${RATING_POINTS.low}, Moderate ${RATING_POINTS.moderate}, High ${RATING_POINTS.high}), ` +
    'and of every open finding of each project’s latest finished audit ' +
    `(Major ${FINDING_POINTS.major}, Minor ${FINDING_POINTS.minor}, Observation ${FINDING_POINTS.observation}).`,
  issueness:
    'Issueness is the sum of points of every open issue at the account’s level and its projects’ ' +
    `(priority × severity, each Low ${GRADE_POINTS.low}, Moderate ${GRADE_POINTS.moderate}, High ${GRADE_POINTS.high}, Critical ${GRADE_POINTS.critical}), ` +
    `and ${OVERDUE_ACTION_ITEM_POINTS} points for every overdue action item of those issues.`,
};

const TYPE_LABELS: Record<ContributorType, string> = {
  risk: 'Risk',
  issue: 'Issue',
  finding: 'Audit finding',
  action_item: 'Overdue action item',
};

/**
 * The tables of the page, on the DataTable's columns: below 600 px each row is a card, its
 * header first (the record, the project or category, the month), its values two to a line
 * under their columns' names.
 */
const contributorColumns = (lowering: ReadonlySet<string>): Column<Contributor>[] => [
  {
    id: 'record',
    header: 'Record',
    rowHeader: true,
    kind: 'long',
    cell: (contributor) => (
      <>
        <DataLink to={contributor.path}>{contributor.title}</DataLink>
        {lowering.has(contributorKey(contributor)) && (
          <span className={styles.lowerMark}>Resolving it brings the level down</span>
        )}
      </>
    ),
  },
  { id: 'kind', header: 'Kind', cell: (contributor) => TYPE_LABELS[contributor.type] },
  {
    id: 'project',
    header: 'Project',
    cell: (contributor) => <ProjectLink project={contributor.project} />,
  },
  {
    id: 'category',
    header: 'Category',
    cell: (contributor) =>
      contributor.category ? RISK_CATEGORY_LABELS[contributor.category] : '—',
  },
  { id: 'reason', header: 'Reason', cell: (contributor) => contributor.reason },
  { id: 'points', header: 'Points', kind: 'number', cell: (contributor) => contributor.points },
];

/**
 * Points by project or by category, each row's share drawn as a bar under its name; a project
 * (its key is its id) a link to its card, the account's own level in words.
 */
const breakdownColumns = (header: 'Project' | 'Category', most: number): Column<PointsBy>[] => [
  {
    id: 'name',
    header,
    rowHeader: true,
    cell: (row) => (
      <>
        {header === 'Project' && row.key !== null ? (
          <ProjectLink project={{ id: row.key, name: row.name }} />
        ) : (
          row.name
        )}
        <span
          className={styles.bar}
          style={{ width: `${(row.points / most) * 100}%` }}
          aria-hidden="true"
        />
      </>
    ),
  },
  { id: 'points', header: 'Points', kind: 'number', cell: (row) => row.points },
];

const HISTORY_COLUMNS: readonly Column<ScoreExplanation['history'][number]>[] = [
  monthColumn(),
  { id: 'score', header: 'Score', kind: 'number', cell: (point) => point.score },
  { id: 'level', header: 'Level', cell: (point) => SCORE_LEVEL_LABELS[point.level] },
];

/** `disagreement`: the computed level of the record's month where it is not the record's. */
const actualColumns = (
  disagreement: (record: ActualRiskiness) => ScoreLevel | null,
): Column<ActualRiskiness>[] => [
  monthColumn(),
  {
    id: 'level',
    header: 'Level',
    cell: (record) => {
      const computedLevel = disagreement(record);
      return (
        <span className={styles.scoreLine}>
          <LevelBadge level={record.level} />
          {computedLevel && (
            <span className={styles.disagrees}>
              Disagrees with the computed {SCORE_LEVEL_LABELS[computedLevel]}
            </span>
          )}
        </span>
      );
    },
  },
  { id: 'reason', header: 'Reason', kind: 'long', cell: (record) => record.reason },
  { id: 'by', header: 'By', cell: (record) => personLabel(record.recorded_by) },
  {
    id: 'when',
    header: 'When',
    kind: 'date',
    cell: (record) => formatDateTime(record.recorded_at),
  },
];

/**
 * `/dashboard/account/{accountId}/riskiness` and `…/issueness`: one score explained. What it
 * counts, where it stands against its thresholds, what would bring it down a level, every record
 * that adds points, the points by project and by category, twelve months of it, and for
 * riskiness the account owner's own judgement month by month, with the form to record this
 * month's.
 */
export default function ScorePage() {
  const accountId = positiveInt(useParams().accountId ?? null);
  const kind = oneOf(SCORE_KINDS, useLocation().pathname.split('/').filter(Boolean).at(-1) ?? null);
  const skip = accountId === undefined || kind === undefined;
  const { data, error, isError, refetch } = useGetScoreExplanationQuery(
    { accountId: accountId ?? 0, kind: kind ?? 'riskiness' },
    { skip },
  );
  const status = (error as ApiError | undefined)?.status;
  const label = SCORE_KIND_LABELS[kind ?? 'riskiness'];
  const crumbs = [
    DASHBOARD_CRUMB,
    ...(accountId
      ? [{ label: `Account ${accountId}`, to: `/dashboard/account/${accountId}` }]
      : []),
  ];

  if (skip || error || !data)
    return (
      <AccountLoadState
        accountId={accountId}
        status={skip ? 404 : status}
        failed={isError}
        what={kind ?? 'score'}
        loading={`Loading the ${label.toLowerCase()}…`}
        crumbs={crumbs}
        onRetry={() => void refetch()}
      />
    );
  return <Explanation explanation={data} />;
}

function Explanation({ explanation }: { explanation: ScoreExplanation }) {
  const { kind, account, score, thresholds, to_lower_level: lower } = explanation;
  const label = SCORE_KIND_LABELS[kind];
  const lowering = new Set(lower?.contributor_ids ?? []);
  const lowerRecords = explanation.contributors.filter((c) => lowering.has(contributorKey(c)));
  return (
    <section aria-labelledby="score-title" className={styles.page}>
      <PageHeader
        breadcrumb={[
          DASHBOARD_CRUMB,
          { label: account.name, to: `/dashboard/account/${account.id}` },
        ]}
        title={`${label} of ${account.name}`}
        titleId="score-title"
        subtitle={<ScoreLine score={score} />}
      />
      <p className={styles.definition}>{DEFINITIONS[kind]}</p>
      <p className={styles.thresholds}>
        {monthLabel(explanation.month)}: {score.score} points, {SCORE_LEVEL_LABELS[score.level]}.
        Low below {thresholds.moderate} points, Moderate from {thresholds.moderate}, High from{' '}
        {thresholds.high}.
      </p>

      <section aria-labelledby="score-lower-title" className={styles.lower}>
        <h2 id="score-lower-title">What would bring it down a level</h2>
        {lower ? (
          <>
            <p>
              {lower.points_needed === 1 ? '1 point' : `${lower.points_needed} points`} less would
              make it {SCORE_LEVEL_LABELS[lower.level]}. Resolving{' '}
              {lowerRecords.length === 1 ? 'this record' : `these ${lowerRecords.length} records`}{' '}
              would do it (marked in the list below):
            </p>
            <ul>
              {lowerRecords.map((contributor) => (
                <li key={contributorKey(contributor)}>
                  <DataLink to={contributor.path}>{contributor.title}</DataLink> (
                  {contributor.points} {contributor.points === 1 ? 'point' : 'points'})
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>It is Low, the lowest level.</p>
        )}
      </section>

      <Contributors explanation={explanation} lowering={lowering} />

      <div className={styles.breakdowns}>
        <Breakdown id="score-by-project" title="By project" rows={explanation.by_project} />
        <Breakdown
          id="score-by-category"
          title="By category"
          rows={explanation.by_category.map((row) => ({
            ...row,
            name:
              row.key && row.key in RISK_CATEGORY_LABELS
                ? RISK_CATEGORY_LABELS[row.key as keyof typeof RISK_CATEGORY_LABELS]
                : row.name,
          }))}
        />
      </div>

      <HistoryFigure explanation={explanation} />

      {kind === 'riskiness' && <ActualSection explanation={explanation} />}
    </section>
  );
}

function Contributors({
  explanation,
  lowering,
}: {
  explanation: ScoreExplanation;
  lowering: ReadonlySet<string>;
}) {
  const { contributors, kind } = explanation;
  return (
    <section aria-labelledby="score-contributors-title" className={styles.section}>
      <h2 id="score-contributors-title">What adds points</h2>
      {contributors.length === 0 ? (
        <p className={styles.note}>Nothing adds points to the {kind} this month.</p>
      ) : (
        <DataTable
          caption={`Records that add points to the ${kind}, the most points first`}
          columns={contributorColumns(lowering)}
          rows={contributors}
          rowKey={contributorKey}
          rowClassName={(contributor) =>
            lowering.has(contributorKey(contributor)) ? styles.highlighted : undefined
          }
        />
      )}
    </section>
  );
}

/** Points by project or by category: a small table with a bar for each row's share. */
function Breakdown({ id, title, rows }: { id: string; title: string; rows: readonly PointsBy[] }) {
  const most = Math.max(1, ...rows.map((row) => row.points));
  return (
    <section aria-labelledby={`${id}-title`} className={styles.section}>
      <h2 id={`${id}-title`}>{title}</h2>
      {rows.length === 0 ? (
        <p className={styles.note}>No points.</p>
      ) : (
        <DataTable
          caption={`Points ${title.toLowerCase()}`}
          compact
          columns={breakdownColumns(title === 'By project' ? 'Project' : 'Category', most)}
          rows={rows}
          rowKey={(row) => row.key ?? `own-${row.name}`}
        />
      )}
    </section>
  );
}

function HistoryFigure({ explanation }: { explanation: ScoreExplanation }) {
  const { history, kind, thresholds } = explanation;
  const first = history[0];
  const last = history.at(-1);
  const highest = history.reduce<(typeof history)[number] | undefined>(
    (top, point) => (!top || point.score > top.score ? point : top),
    undefined,
  );
  const summary =
    first && last && highest
      ? `From ${monthLabel(first.month)} to ${monthLabel(last.month)}, the ${kind} went from ` +
        `${first.score} (${SCORE_LEVEL_LABELS[first.level]}) to ${last.score} ` +
        `(${SCORE_LEVEL_LABELS[last.level]}); its highest was ${highest.score} in ${monthLabel(highest.month)}.`
      : 'No month is recorded yet.';
  return (
    <ChartFigure
      id="score-history"
      title={`${SCORE_KIND_LABELS[kind]} over 12 months`}
      summary={summary}
      table={
        <DataTable
          caption={`The ${kind}, month by month`}
          compact
          columns={HISTORY_COLUMNS}
          rows={history}
          rowKey={(point) => point.month}
        />
      }
    >
      <ScoreChart kind={kind} history={history} thresholds={thresholds} />
    </ChartFigure>
  );
}

/** The owner's judgement month by month, marked where it is not the computed level. */
function ActualSection({ explanation }: { explanation: ScoreExplanation }) {
  const computed = new Map(explanation.history.map((point) => [point.month, point.level]));
  const disagreement = (record: ActualRiskiness) => {
    const level = computed.get(record.month);
    return level && level !== record.level ? level : null;
  };
  return (
    <section aria-labelledby="score-actual-title" className={styles.section}>
      <h2 id="score-actual-title">Actual riskiness</h2>
      <p className={styles.note}>
        The account delivery owner’s own judgement of the account’s riskiness, month by month,
        beside the computed level.
      </p>
      {explanation.actual.length === 0 ? (
        <p className={styles.note}>No actual riskiness is recorded yet.</p>
      ) : (
        <DataTable
          caption="Actual riskiness records, the newest first"
          columns={actualColumns(disagreement)}
          rows={explanation.actual}
          rowKey={(record) => record.id}
        />
      )}
      {explanation.can_record_actual ? (
        <ActualRiskinessForm accountId={explanation.account.id} month={explanation.month} />
      ) : (
        <p className={styles.note}>
          The account’s delivery owner and their assistants with the permission to create actual
          account riskiness record it.
        </p>
      )}
    </section>
  );
}
