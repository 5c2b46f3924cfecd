import {
  columnVisibilityFeature,
  createColumnHelper,
  createSortedRowModel,
  metaHelper,
  rowSortingFeature,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  type SortingState,
} from '@tanstack/react-table';
import { Link } from 'react-router';
import {
  ISSUE_GRADES,
  RATINGS,
  type IssueGrade,
  type Rating,
  type RiskListItem,
} from '../../../api/contract/risks';
import { entityLabel, formatDate, LEVEL_LABELS, personLabel } from '../../../api/contract/display';
import {
  ISSUE_GRADE_LABELS,
  RATING_LABELS,
  RESOLUTION_LABELS,
  RISK_STATUS_LABELS,
} from '../labels';
import { isOverdue } from './riskFilters';
import listStyles from '../risksList.module.css';
import { TruncatedText } from '../../../shared/ui/Tooltip';
import { todayIso } from '../../../shared/lib/today';

export interface RiskColumnMeta {
  /**
   * Column width in px: the table lays out fixed, so virtualised rows never shift. The default
   * columns add up to the list's width at 1280 px (974 px); wider boxes share out the rest.
   */
  width: number;
  /** Kept visible while the table scrolls sideways. */
  sticky?: boolean;
  /** Hidden until the user shows it with the column picker. */
  optional?: boolean;
}

/** Sorting on one column at a time; the comparators are registered by name. */
export const riskTableFeatures = tableFeatures({
  rowSortingFeature,
  columnVisibilityFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { text: sortFn_text, basic: sortFn_basic },
  columnMeta: metaHelper<RiskColumnMeta>(),
});

const column = createColumnHelper<typeof riskTableFeatures, RiskListItem>();

/** Higher is worse: Low 0 … High 2; Low 0 … Critical 3. Missing values sort last. */
const ratingRank = (rating: Rating | null) => (rating ? RATINGS.indexOf(rating) : undefined);
const gradeRank = (grade: IssueGrade | null) =>
  grade ? ISSUE_GRADES.length - 1 - ISSUE_GRADES.indexOf(grade) : undefined;

/** Graded columns start at the worst; text and dates at A and the earliest. */
const graded = { sortFn: 'basic', sortDescFirst: true, sortUndefined: 'last' } as const;

export const riskColumns = column.columns([
  column.accessor((risk) => entityLabel(risk.level, risk.kind), {
    id: 'kind',
    header: 'Kind',
    sortFn: 'text',
    sortDescFirst: false,
    meta: { width: 68 },
    // Two short words ('Project risk'): a second line rather than an ellipsis.
    cell: ({ getValue }) => <span className={listStyles.riskWrap}>{getValue()}</span>,
  }),
  column.accessor('statement', {
    header: 'Statement',
    sortFn: 'text',
    sortDescFirst: false,
    meta: { width: 166, sticky: true },
    cell: ({ row }) => (
      <Link
        to={`/risks/${row.original.id}`}
        className={listStyles.riskStatement}
        title={row.original.statement}
      >
        {row.original.statement}
      </Link>
    ),
  }),
  column.accessor((risk) => risk.scope.name, {
    id: 'scope',
    header: 'Level / scope',
    sortFn: 'text',
    sortDescFirst: false,
    meta: { width: 96 },
    cell: ({ row }) => (
      <span className={listStyles.riskTwoLines}>
        <TruncatedText text={row.original.scope.name} />
        <span className={listStyles.riskSub}>{LEVEL_LABELS[row.original.level]}</span>
      </span>
    ),
  }),
  column.accessor((risk) => `${risk.status} ${risk.resolution ?? ''}`, {
    id: 'status',
    header: 'Status',
    sortFn: 'text',
    sortDescFirst: false,
    meta: { width: 70 },
    cell: ({ row }) => {
      const { status, resolution } = row.original;
      return (
        <span
          className={listStyles.riskTwoLines}
          title={
            resolution
              ? `${RISK_STATUS_LABELS[status]}: ${RESOLUTION_LABELS[resolution]}`
              : undefined
          }
        >
          <span className={listStyles.riskStatus} data-status={status}>
            {RISK_STATUS_LABELS[status]}
          </span>
          {resolution && (
            <span className={listStyles.riskSub}>{RESOLUTION_LABELS[resolution]}</span>
          )}
        </span>
      );
    },
  }),
  column.accessor((risk) => ratingRank(risk.probability), {
    id: 'probability',
    header: 'Probability',
    ...graded,
    meta: { width: 94 },
    cell: ({ row }) => <RatingBadge rating={row.original.probability} />,
  }),
  column.accessor((risk) => ratingRank(risk.impact), {
    id: 'impact',
    header: 'Impact',
    ...graded,
    meta: { width: 76 },
    cell: ({ row }) => <RatingBadge rating={row.original.impact} />,
  }),
  column.accessor((risk) => ratingRank(risk.rating), {
    id: 'rating',
    header: 'Rating',
    ...graded,
    meta: { width: 76 },
    cell: ({ row }) => <RatingBadge rating={row.original.rating} />,
  }),
  column.accessor((risk) => gradeRank(risk.priority), {
    id: 'priority',
    header: 'Priority',
    ...graded,
    meta: { width: 76 },
    cell: ({ row }) => <GradeText grade={row.original.priority} />,
  }),
  column.accessor((risk) => gradeRank(risk.severity), {
    id: 'severity',
    header: 'Severity',
    ...graded,
    meta: { width: 76 },
    cell: ({ row }) => <GradeText grade={row.original.severity} />,
  }),
  column.accessor((risk) => personLabel(risk.owner), {
    id: 'owner',
    header: 'Owner',
    sortFn: 'text',
    sortDescFirst: false,
    meta: { width: 90 },
    cell: ({ getValue }) => <TruncatedText text={getValue()} />,
  }),
  column.accessor((risk) => risk.due_date ?? undefined, {
    id: 'due_date',
    header: 'Due',
    sortFn: 'basic',
    sortDescFirst: false,
    sortUndefined: 'last',
    meta: { width: 86 },
    cell: ({ row }) => <DueDate risk={row.original} />,
  }),
  column.accessor((risk) => (risk.labels.length ? risk.labels.join(', ') : undefined), {
    id: 'labels',
    header: 'Labels',
    sortFn: 'text',
    sortDescFirst: false,
    sortUndefined: 'last',
    meta: { width: 74, optional: true },
    cell: ({ row }) => <Labels labels={row.original.labels} />,
  }),
  column.accessor('updated_at', {
    id: 'updated_at',
    header: 'Updated',
    sortFn: 'basic',
    sortDescFirst: true,
    meta: { width: 86, optional: true },
    cell: ({ getValue }) => formatDate(getValue()),
  }),
]);

export const RISK_COLUMN_IDS: readonly string[] = riskColumns.map(
  (definition) =>
    definition.id ?? ('accessorKey' in definition ? String(definition.accessorKey) : ''),
);

/** `ordering=-due_date` → one descending sort on Due; unknown columns are ignored. */
export function readOrdering(ordering: string | null): SortingState {
  if (!ordering) return [];
  const id = ordering.replace(/^-/, '');
  return RISK_COLUMN_IDS.includes(id) ? [{ id, desc: ordering.startsWith('-') }] : [];
}

export function writeOrdering(sorting: SortingState): string {
  const [first] = sorting;
  return first ? `${first.desc ? '-' : ''}${first.id}` : '';
}

/** Today on the user's calendar: the SPA's one clock (the Excel export names its file with it). */
export { todayIso };

export function RatingBadge({ rating }: { rating: Rating | null }) {
  if (!rating) return <None />;
  return (
    <span className={listStyles.rating} data-rating={rating} title={RATING_LABELS[rating]}>
      {RATING_LABELS[rating]}
    </span>
  );
}

function GradeText({ grade }: { grade: IssueGrade | null }) {
  if (!grade) return <None />;
  return (
    <span className={listStyles.grade} data-grade={grade} title={ISSUE_GRADE_LABELS[grade]}>
      {ISSUE_GRADE_LABELS[grade]}
    </span>
  );
}

function DueDate({ risk }: { risk: RiskListItem }) {
  if (!risk.due_date) return <None />;
  const overdue = isOverdue(risk, todayIso());
  return (
    <span className={listStyles.riskTwoLines}>
      <span>{formatDate(risk.due_date)}</span>
      {overdue && <span className={listStyles.riskOverdue}>Overdue</span>}
    </span>
  );
}

function Labels({ labels }: { labels: string[] }) {
  if (labels.length === 0) return <None />;
  return (
    <span className={listStyles.riskLabels} title={labels.join(', ')}>
      {labels.map((label, index) => (
        <span key={`${index}-${label}`} className={listStyles.riskLabel}>
          {label}
        </span>
      ))}
    </span>
  );
}

/** An empty cell: a dash to the eye, "None" to a screen reader. */
function None() {
  return (
    <>
      <span className={listStyles.riskNone} aria-hidden="true">
        —
      </span>
      <span className="visually-hidden">None</span>
    </>
  );
}

/** The columns the user may show or hide: every one but the statement. */
export const PICKABLE_RISK_COLUMNS = [
  { id: 'kind', label: 'Kind' },
  { id: 'scope', label: 'Level / scope' },
  { id: 'status', label: 'Status' },
  { id: 'probability', label: 'Probability' },
  { id: 'impact', label: 'Impact' },
  { id: 'rating', label: 'Rating' },
  { id: 'priority', label: 'Priority' },
  { id: 'severity', label: 'Severity' },
  { id: 'owner', label: 'Owner' },
  { id: 'due_date', label: 'Due' },
  { id: 'labels', label: 'Labels' },
  { id: 'updated_at', label: 'Updated' },
] as const;

/** Hidden until asked for: the default columns fit a 1280 px screen. */
export const DEFAULT_HIDDEN_RISK_COLUMNS: readonly string[] = ['labels', 'updated_at'];
