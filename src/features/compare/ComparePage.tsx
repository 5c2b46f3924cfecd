import { ArrowDownRight, ArrowUpRight, ArrowLeftRight, MessageSquareDiff } from 'lucide-react';
import { useEffect, useId } from 'react';
import type { ApiError } from '../../api/baseQuery';
import { quarterOf } from '../../api/contract/checkViews';
import type { ComparableCheck, CompareMode } from '../../api/contract/compare';
import { formatDate, personLabel } from '../../api/contract/display';
import { POLL_TYPE_LABELS, ROLE_LABELS } from '../../api/contract/pollLabels';
import type { Poll } from '../../api/contract/polls';
import { oneOf, positiveInt, useUrlParams } from '../../shared/lib/searchParams';
import { Badge, type BadgeTone } from '../../shared/ui/Badge';
import { Button } from '../../shared/ui/Button';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { EmptyState, LoadFailed } from '../../shared/ui/EmptyState';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RichText } from '../../shared/ui/RichText';
import { SegmentedControl } from '../../shared/ui/SegmentedControl';
import { TableSkeleton } from '../../shared/ui/TableSkeleton';
import { useGetPollQuery } from '../checks/api';
import { PollNotFound, StatusBadge } from '../checks/embed';
import { useGetResultsQuery } from '../survey/api';
import { useGetComparableQuery } from './api';
import {
  ANSWER_GROUP_LABELS,
  ANSWER_GROUPS,
  compareChecks,
  compareRoles,
  type AnswerGroup,
  onlyChanges,
  type CompareDriver,
  type CompareRow,
  type Comparison,
  type Direction,
  type RowStatus,
  type SideAnswer,
} from './comparison';
import styles from './compare.module.css';
import { resultsPath } from './paths';

/**
 * `/checks/compare`: two checks of one project side by side (`?left=&right=`), or one check's
 * project manager against its experts (`?left=&mode=roles`), driver by driver, the changes
 * highlighted (between two checks, a changed comment on a kept answer too); `?only=changes` keeps
 * the changed questions. Everything lives in the URL.
 */
export default function ComparePage() {
  const { params, update } = useUrlParams();
  const left = positiveInt(params.get('left'));
  const right = positiveInt(params.get('right'));
  const mode: CompareMode = params.get('mode') === 'roles' ? 'roles' : 'checks';
  const changesOnly = params.get('only') === 'changes';
  const who = oneOf(ANSWER_GROUPS, params.get('who')) ?? 'all';

  const poll = useGetPollQuery(left ?? 0, { skip: left === undefined });
  const comparable = useGetComparableQuery(left ?? 0, { skip: left === undefined });
  const options = comparable.data;

  // Without a chosen side, the default: the previous check, else the latest, else the roles.
  const fallback =
    options && mode === 'checks' && right === undefined
      ? (options.previous_id ?? options.checks[0]?.id ?? (options.roles ? 'roles' : null))
      : null;
  useEffect(() => {
    if (fallback === 'roles') update({ mode: 'roles' });
    else if (fallback !== null) update({ right: fallback });
  }, [fallback, update]);

  if (left === undefined)
    return (
      <EmptyState
        as="section"
        title="Compare checks"
        titleLevel={1}
        actions={<Button to="/checks">Go to the checks</Button>}
      >
        <p>Open a check&apos;s results and choose Compare to see it beside another one.</p>
      </EmptyState>
    );
  const refusal = statusOf(poll.error) ?? statusOf(comparable.error);
  if (refusal === 403 || refusal === 404) return <PollNotFound />;
  if (poll.isError || comparable.isError)
    return (
      <Failed
        retry={() => {
          void poll.refetch();
          void comparable.refetch();
        }}
      />
    );
  if (!poll.data || !options) return <Loading />;

  const chosen = options.checks.find((check) => check.id === right);
  const canCompareChecks = options.checks.length > 0;
  const modes = [
    ...(canCompareChecks ? [{ value: 'checks' as const, label: 'Another check' }] : []),
    ...(options.roles ? [{ value: 'roles' as const, label: 'Project manager and experts' }] : []),
  ];
  return (
    <section className={styles.page} aria-labelledby="compare-title">
      <PageHeader
        titleId="compare-title"
        breadcrumb={[
          { label: 'Checks', to: '/checks' },
          { label: `Check ${poll.data.id}`, to: `/checks/${poll.data.id}` },
        ]}
        title="Compare checks"
        subtitle={`${poll.data.project.name} · ${poll.data.account.name}`}
      />
      {modes.length === 0 ? (
        <EmptyState
          title="Nothing to compare with yet"
          actions={<Button to={resultsPath(poll.data)}>Back to the results</Button>}
        >
          <p>
            This project has no other check of the {poll.data.model.toUpperCase()} model with
            results you may see, and this check does not ask both a project manager and experts.
          </p>
        </EmptyState>
      ) : (
        <>
          <div className={styles.controls}>
            {modes.length > 1 && (
              <SegmentedControl
                legend="Compare with"
                segments={modes}
                value={mode}
                onChange={(next) =>
                  update(
                    next === 'roles' ? { mode: 'roles', right: undefined } : { mode: undefined },
                  )
                }
              />
            )}
            {mode === 'checks' && canCompareChecks && (
              <CheckPicker
                checks={options.checks}
                previousId={options.previous_id}
                value={right}
                onChange={(id) => update({ right: id }, { push: true })}
              />
            )}
            {mode === 'checks' && canCompareChecks && (
              <SegmentedControl
                legend="Whose answers"
                segments={ANSWER_GROUPS.map((group) => ({
                  value: group,
                  label: ANSWER_GROUP_LABELS[group],
                }))}
                value={who}
                onChange={(next) => update({ who: next === 'all' ? undefined : next })}
              />
            )}
          </div>
          {mode === 'roles' && !options.roles ? (
            <EmptyState title="No roles to compare">
              <p>This check does not ask both a project manager and experts.</p>
            </EmptyState>
          ) : mode === 'roles' ? (
            <RolesComparison poll={poll.data} changesOnly={changesOnly} />
          ) : right !== undefined && chosen ? (
            <ChecksComparison
              poll={poll.data}
              other={chosen}
              changesOnly={changesOnly}
              who={who}
              key={chosen.id}
            />
          ) : right !== undefined ? (
            <EmptyState title="This check cannot be compared">
              <p>
                Check {right} is not a check of this project and model whose results you may see.
                Choose another one above.
              </p>
            </EmptyState>
          ) : (
            <Loading />
          )}
        </>
      )}
    </section>
  );
}

function CheckPicker({
  checks,
  previousId,
  value,
  onChange,
}: {
  checks: readonly ComparableCheck[];
  previousId: number | null;
  value: number | undefined;
  onChange: (id: number) => void;
}) {
  const id = useId();
  return (
    <div className={styles.picker}>
      <label htmlFor={id}>Other check</label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {value === undefined && <option value="">Choose a check</option>}
        {checks.map((check) => (
          <option key={check.id} value={check.id}>
            {checkName(check)} · due {formatDate(check.due_date)}
            {check.id === previousId ? ' (previous)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}

/** This check against another one of its project. */
function ChecksComparison({
  poll,
  other,
  changesOnly,
  who,
}: {
  who: AnswerGroup;
  poll: Poll;
  other: ComparableCheck;
  changesOnly: boolean;
}) {
  const leftResults = useGetResultsQuery(poll.id);
  const rightResults = useGetResultsQuery(other.id);
  const failure = leftResults.error ?? rightResults.error;
  if (failure) {
    const status = statusOf(failure);
    if (status === 403 || status === 404)
      return (
        <EmptyState title="These results are not yours to see" alert>
          <p>You may not see the results of one of the two checks. Choose another one above.</p>
        </EmptyState>
      );
    return (
      <Failed
        retry={() => {
          void leftResults.refetch();
          void rightResults.refetch();
        }}
      />
    );
  }
  if (!leftResults.data || !rightResults.data) return <Loading />;
  const later = other.due_date > poll.due_date ? 'right' : 'left';
  const comparison = compareChecks(leftResults.data, rightResults.data, later, who);
  const [earlier, latest] = later === 'right' ? [poll, other] : [other, poll];
  return (
    <ComparisonView
      comparison={comparison}
      changesOnly={changesOnly}
      sides={[
        { title: 'This check', check: poll },
        { title: 'Compared with', check: other },
      ]}
      columns={[checkName(poll), checkName(other)]}
      words={{
        changed: 'Changed',
        commentChanged: 'Comment changed',
        same: 'Same',
        open: 'Not answered on both',
        leftOnly: `Only in ${poll.index}`,
        rightOnly: `Only in ${other.index}`,
        better: `Better in ${latest.index}`,
        worse: `Worse in ${latest.index}`,
        direction: `From ${earlier.index} (due ${formatDate(earlier.due_date)}) to ${latest.index} (due ${formatDate(latest.due_date)})`,
      }}
      showRole
      comments
    />
  );
}

/** One check: its project manager's answers against its experts'. */
function RolesComparison({ poll, changesOnly }: { poll: Poll; changesOnly: boolean }) {
  const results = useGetResultsQuery(poll.id);
  if (results.error) {
    const status = statusOf(results.error);
    if (status === 403 || status === 404) return <PollNotFound />;
    return <Failed retry={() => void results.refetch()} />;
  }
  if (!results.data) return <Loading />;
  const participants = poll.poll_stats.participants;
  const names = (roles: string[]) =>
    participants
      .filter((participant) => roles.includes(participant.role))
      .map((participant) => participant.name)
      .join(', ') || 'No one yet';
  return (
    <ComparisonView
      comparison={compareRoles(results.data)}
      changesOnly={changesOnly}
      sides={[
        { title: 'Project manager', check: poll, people: names(['pm']) },
        { title: 'Experts', check: poll, people: names(['exp', 'main_expert']) },
      ]}
      columns={['Project manager', 'Experts']}
      words={{
        changed: 'Differs',
        // Never shown: the roles' answers are compared, never their comments.
        commentChanged: 'Comment differs',
        same: 'Agrees',
        open: 'Not answered by both',
        leftOnly: 'Project manager only',
        rightOnly: 'Experts only',
        better: 'Experts rate higher',
        worse: 'Experts rate lower',
        direction: `${checkName(poll)}: the experts' answers against the project manager's`,
      }}
      showRole={false}
      comments={false}
    />
  );
}

interface Side {
  title: string;
  check: Pick<Poll, 'index' | 'type' | 'status' | 'due_date'>;
  people?: string;
}

interface Words extends Record<RowStatus, string> {
  better: string;
  worse: string;
  /** What better and worse are measured between. */
  direction: string;
}

const STATUS_TONES: Record<RowStatus, BadgeTone> = {
  changed: 'warning',
  commentChanged: 'neutral',
  same: 'neutral',
  open: 'neutral',
  leftOnly: 'info',
  rightOnly: 'info',
};

/** The header of both sides, the summary, the filter and the drivers. */
function ComparisonView({
  comparison,
  changesOnly,
  sides,
  columns,
  words,
  showRole,
  comments,
}: {
  comparison: Comparison;
  changesOnly: boolean;
  sides: [Side, Side];
  columns: [string, string];
  words: Words;
  showRole: boolean;
  /** Changed comments on kept answers are marked and counted (two checks, not the roles). */
  comments: boolean;
}) {
  const { update } = useUrlParams();
  const drivers = changesOnly ? onlyChanges(comparison) : comparison.drivers;
  const { totals } = comparison;
  return (
    <>
      <div className={styles.sides}>
        {sides.map((side) => (
          <SideCard key={side.title} side={side} />
        ))}
      </div>
      <section className={styles.summary} aria-labelledby="compare-summary-title">
        <h2 id="compare-summary-title">Summary</h2>
        <p className="muted">{words.direction}</p>
        <dl className={styles.totals}>
          <Total term="Questions compared" value={totals.compared} />
          <Total term={words.changed} value={totals.changed} tone="warning" />
          {comments && <Total term="Comments changed" value={totals.commentsChanged} />}
          <Total term={words.better} value={totals.better} tone="success" />
          <Total term={words.worse} value={totals.worse} tone="danger" />
          <Total term="Asked on one side only" value={totals.oneSide} />
        </dl>
        {comparison.drivers.length > 0 && (
          <ByDriverTable drivers={comparison.drivers} words={words} comments={comments} />
        )}
      </section>
      <SegmentedControl
        legend="Show"
        className={styles.filter}
        segments={[
          { value: 'all', label: 'All questions' },
          {
            value: 'changes',
            label: `Only changes (${totals.changed + totals.commentsChanged})`,
          },
        ]}
        value={changesOnly ? 'changes' : 'all'}
        onChange={(next) => update({ only: next === 'changes' ? 'changes' : undefined })}
      />
      {comparison.drivers.length === 0 ? (
        <EmptyState title="No answers to compare">
          <p>Neither side has a question asked of its participants yet.</p>
        </EmptyState>
      ) : drivers.length === 0 ? (
        <EmptyState
          title={`Nothing ${words.changed.toLowerCase()}`}
          actions={
            <Button type="button" onClick={() => update({ only: undefined })}>
              Show all questions
            </Button>
          }
        >
          <p>
            Every question answered on both sides has the same answers
            {comments ? ' and the same comments' : ''}.
          </p>
        </EmptyState>
      ) : (
        drivers.map((driver) => (
          <DriverSection
            key={driver.slug}
            driver={driver}
            columns={columns}
            words={words}
            showRole={showRole}
          />
        ))
      )}
    </>
  );
}

function SideCard({ side }: { side: Side }) {
  const { check } = side;
  return (
    <section className={styles.side} aria-label={side.title}>
      <h2 className={styles.sideTitle}>{side.title}</h2>
      <p className={styles.sideCheck}>{checkName(check)}</p>
      <p className={styles.sideFacts}>
        <StatusBadge status={check.status} />
        <span>
          {quarterOf(check.due_date)} · due {formatDate(check.due_date)}
        </span>
      </p>
      {side.people && <p className="muted">{side.people}</p>}
    </section>
  );
}

function Total({ term, value, tone }: { term: string; value: number; tone?: BadgeTone }) {
  return (
    <div className={styles.total}>
      <dt>{term}</dt>
      <dd>{tone && value > 0 ? <Badge tone={tone}>{value}</Badge> : value}</dd>
    </div>
  );
}

function DriverSection({
  driver,
  columns,
  words,
  showRole,
}: {
  driver: CompareDriver;
  columns: [string, string];
  words: Words;
  showRole: boolean;
}) {
  const titleId = `driver-${driver.slug}-title`;
  return (
    <details className={styles.driver} id={`driver-${driver.slug}`} open>
      <summary>
        <span className={styles.driverName} id={titleId}>
          {driver.name}
        </span>{' '}
        <span className="muted">
          · {driver.counts.compared} compared
          {driver.counts.changed > 0 &&
            ` · ${driver.counts.changed} ${words.changed.toLowerCase()}`}
          {driver.counts.commentsChanged > 0 &&
            ` · ${driver.counts.commentsChanged} ${driver.counts.commentsChanged === 1 ? 'comment' : 'comments'} changed`}
        </span>
      </summary>
      <DataTable
        caption={`Questions of ${driver.name}, in the model's order`}
        columns={questionColumns(columns, words, showRole)}
        rows={driver.rows}
        rowKey={(row) => row.id}
        rowClassName={() => styles.row}
        rowData={(row) => ({ 'data-status': row.status })}
      />
    </details>
  );
}

/**
 * The counts of each driver: a small matrix of figures read down a column, so on a phone it stays
 * a table that scrolls sideways, the driver's name staying in view.
 */
function ByDriverTable({
  drivers,
  words,
  comments,
}: {
  drivers: readonly CompareDriver[];
  words: Words;
  comments: boolean;
}) {
  const count = (id: keyof CompareDriver['counts'], header: string): Column<CompareDriver> => ({
    id,
    header,
    kind: 'number',
    cell: (driver) => driver.counts[id],
  });
  const columns: Column<CompareDriver>[] = [
    {
      id: 'driver',
      header: 'Driver',
      rowHeader: true,
      sticky: true,
      width: 160,
      cell: (driver) => <a href={`#driver-${driver.slug}`}>{driver.name}</a>,
    },
    count('compared', 'Compared'),
    count('changed', words.changed),
    ...(comments ? [count('commentsChanged', 'Comments changed')] : []),
    count('better', words.better),
    count('worse', words.worse),
  ];
  return (
    <DataTable
      caption="Changes by driver"
      compact
      cards={false}
      columns={columns}
      rows={drivers}
      rowKey={(driver) => driver.slug}
    />
  );
}

/** A question's row: its text (a card's title on a phone), both sides' answers, the change. */
function questionColumns(
  columns: [string, string],
  words: Words,
  showRole: boolean,
): Column<CompareRow>[] {
  return [
    { id: 'question', header: 'Question', rowHeader: true, width: '34%', cell: (row) => row.text },
    {
      id: 'left',
      header: columns[0],
      width: '24%',
      cell: (row) => <Answers answers={row.left} showRole={showRole} />,
    },
    {
      id: 'right',
      header: columns[1],
      width: '24%',
      cell: (row) => <Answers answers={row.right} showRole={showRole} />,
    },
    {
      id: 'change',
      header: 'Change',
      width: '18%',
      cell: (row) => (
        // The badges wrap in a box of their own: a flex cell would lose the row's height.
        <div className={styles.change}>
          <Badge tone={STATUS_TONES[row.status]}>
            {row.status === 'commentChanged' && (
              <>
                <MessageSquareDiff size={14} aria-hidden="true" />{' '}
              </>
            )}
            {words[row.status]}
          </Badge>
          <DirectionBadge direction={row.direction} words={words} />
          {row.commentsChangedBy.length > 0 && (
            <span className={styles.commentWho}>
              by {row.commentsChangedBy.map((role) => ROLE_LABELS[role]).join(', ')}
            </span>
          )}
        </div>
      ),
    },
  ];
}

function DirectionBadge({ direction, words }: { direction: Direction; words: Words }) {
  if (direction === 'better')
    return (
      <Badge tone="success">
        <ArrowUpRight size={14} aria-hidden="true" /> {words.better}
      </Badge>
    );
  if (direction === 'worse')
    return (
      <Badge tone="danger">
        <ArrowDownRight size={14} aria-hidden="true" /> {words.worse}
      </Badge>
    );
  if (direction === 'mixed')
    return (
      <Badge tone="neutral">
        <ArrowLeftRight size={14} aria-hidden="true" /> Better and worse
      </Badge>
    );
  return null;
}

function Answers({ answers, showRole }: { answers: SideAnswer[]; showRole: boolean }) {
  if (answers.length === 0) return <span className="muted">Not asked</span>;
  return (
    <ul className={styles.answers}>
      {answers.map((answer) => (
        <li key={`${answer.role}-${answer.user.id}`}>
          <span className={styles.who}>
            {showRole ? ROLE_LABELS[answer.role] : personLabel(answer.user)}
          </span>{' '}
          {answer.label === null ? (
            <span className="muted">No answer yet</span>
          ) : (
            <strong>{answer.label}</strong>
          )}
          {answer.comment && (
            <div className={styles.comment}>
              <RichText text={answer.comment} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

function Loading() {
  return <TableSkeleton label="Loading the comparison…" rows={6} columns={4} />;
}

function Failed({ retry }: { retry: () => void }) {
  return <LoadFailed title="The comparison could not be loaded" onRetry={retry} />;
}

const statusOf = (error: unknown) => (error as ApiError | undefined)?.status;

const checkName = (check: Pick<Poll, 'index' | 'type'>) =>
  `${POLL_TYPE_LABELS[check.type]} ${check.index}`;
