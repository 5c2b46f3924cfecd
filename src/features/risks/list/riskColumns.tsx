import {
  columnVisibilityFeature,
  createColumnHelper,
  metaHelper,
  rowSortingFeature,
  tableFeatures,
  type SortingState,
} from '@tanstack/react-table';
import { Link } from 'react-router';
import {
  RISK_ORDERING_FIELDS,
  type IssueGrade,
  type Rating,
  type RiskListItem,
  type RiskOrdering,
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
import { RiskStatusPill } from '../RiskStatusPill';

export interface RiskColumnMeta {
  /**
   * Column width in px: the table lays out fixed, so virtualised rows never shift. The statement
   * has none: it takes every pixel the others leave (at least STATEMENT_MIN_WIDTH). At 1280 px the
   * default columns leave it about 390 px on /risks: the names (scope, owner) are cut first, whole
   * in their tooltip; a graded value, a date, a header word never is.
   */
  width?: number;
  /** Kept visible while the table scrolls sideways. */
  sticky?: boolean;
  /** Hidden until the user shows it with the column picker. */
  optional?: boolean;
}

/**
 * The statement's least width, five or six words a line: a narrow screen (1024 px, or more columns
 * picked) scrolls the table sideways rather than crush the column people read.
 */
export const STATEMENT_MIN_WIDTH = 240;

/**
 * Sorting on one column at a time, by the server (`ordering`): the table only says which column
 * and which way, and asks for the next order on a click.
 */
export const riskTableFeatures = tableFeatures({
  rowSortingFeature,
  columnVisibilityFeature,
  columnMeta: metaHelper<RiskColumnMeta>(),
});

const column = createColumnHelper<typeof riskTableFeatures, RiskListItem>();

/** Graded columns start at the worst (the server orders them Low → High); text and dates at A and the earliest. */
const graded = { sortDescFirst: true } as const;

export const riskColumns = column.columns([
  column.accessor('id', {
    header: 'ID',
    sortDescFirst: false,
    // Six digits (the 100 000 risks of the volume demo) at the number's small size.
    meta: { width: 54 },
    cell: ({ row }) => <RiskIdLink risk={row.original} />,
  }),
  column.accessor((risk) => entityLabel(risk.level, risk.kind), {
    id: 'kind',
    header: 'Kind',
    sortDescFirst: false,
    meta: { width: 68 },
    // Two short words ('Project risk'): a second line rather than an ellipsis.
    cell: ({ getValue }) => <span className={listStyles.riskWrap}>{getValue()}</span>,
  }),
  column.accessor('statement', {
    header: 'Statement',
    sortDescFirst: false,
    meta: { sticky: true },
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
    sortDescFirst: false,
    meta: { width: 120 },
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
          <RiskStatusPill status={status} />
          {resolution && (
            <span className={listStyles.riskSub}>{RESOLUTION_LABELS[resolution]}</span>
          )}
        </span>
      );
    },
  }),
  column.accessor('probability', {
    header: 'Probability',
    ...graded,
    meta: { width: 100, optional: true },
    cell: ({ row }) => <RatingBadge rating={row.original.probability} />,
  }),
  column.accessor('impact', {
    header: 'Impact',
    ...graded,
    meta: { width: 76, optional: true },
    cell: ({ row }) => <RatingBadge rating={row.original.impact} />,
  }),
  column.accessor('rating', {
    header: 'Rating',
    ...graded,
    meta: { width: 76 },
    cell: ({ row }) => <RatingBadge rating={row.original.rating} />,
  }),
  column.accessor('priority', {
    header: 'Priority',
    ...graded,
    meta: { width: 80, optional: true },
    cell: ({ row }) => <GradeText grade={row.original.priority} />,
  }),
  column.accessor('severity', {
    header: 'Severity',
    ...graded,
    meta: { width: 80, optional: true },
    cell: ({ row }) => <GradeText grade={row.original.severity} />,
  }),
  column.accessor((risk) => personLabel(risk.owner), {
    id: 'owner',
    header: 'Owner',
    sortDescFirst: false,
    meta: { width: 100 },
    cell: ({ getValue }) => <TruncatedText text={getValue()} />,
  }),
  column.accessor('due_date', {
    header: 'Due',
    sortDescFirst: false,
    meta: { width: 84 },
    cell: ({ row }) => <DueDate risk={row.original} />,
  }),
  column.accessor((risk) => (risk.labels.length ? risk.labels.join(', ') : undefined), {
    id: 'labels',
    header: 'Labels',
    sortDescFirst: false,
    meta: { width: 74, optional: true },
    cell: ({ row }) => <Labels labels={row.original.labels} />,
  }),
  column.accessor('updated_at', {
    header: 'Updated',
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
  const valid = riskOrdering(ordering);
  if (!valid) return [];
  const id = valid.replace(/^-/, '');
  return RISK_COLUMN_IDS.includes(id) ? [{ id, desc: valid.startsWith('-') }] : [];
}

/** The URL's `ordering` when the server knows it (a column or a field such as created_at). */
export function riskOrdering(ordering: string | null): RiskOrdering | undefined {
  const field = ordering?.replace(/^-/, '');
  return RISK_ORDERING_FIELDS.some((known) => known === field)
    ? (ordering as RiskOrdering)
    : undefined;
}

export function writeOrdering(sorting: SortingState): string {
  const [first] = sorting;
  return first ? `${first.desc ? '-' : ''}${first.id}` : '';
}

/** Today on the user's calendar: the SPA's one clock (the Excel export names its file with it). */
export { todayIso };

/**
 * A risk's number, a link to its page (to open in a new tab or copy, as the /reports preview's
 * id): '123' to the eye, 'Risk 123' or 'Issue 123' to assistive technology, as its page's title.
 */
function RiskIdLink({ risk }: { risk: RiskListItem }) {
  return (
    <Link
      to={`/risks/${risk.id}`}
      className={listStyles.riskId}
      aria-label={`${risk.kind === 'issue' ? 'Issue' : 'Risk'} ${risk.id}`}
    >
      {risk.id}
    </Link>
  );
}

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
      {overdue && (
        <span className={listStyles.riskOverdue}>
          <span className={listStyles.riskOverdueWord}>Overdue</span>
        </span>
      )}
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
  { id: 'id', label: 'ID' },
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

/**
 * Hidden until asked for, so the default columns fit a 1280 px screen with room for the statement.
 * What a risk manager reads first stays: the number, the kind, the statement, where it sits, its
 * status, the Rating (probability and impact taken together, the heat map's colour), who owns it
 * and when it is due. Probability and Impact (which the Rating sums, and the heat map beside the
 * list shows), an issue's Priority and Severity, the labels and the last change wait in the
 * Columns picker.
 */
export const DEFAULT_HIDDEN_RISK_COLUMNS: readonly string[] = [
  'probability',
  'impact',
  'priority',
  'severity',
  'labels',
  'updated_at',
];

/** On a page that is the scope (a project's Risks tab) every row has the same scope: no column for it. */
export const FIXED_SCOPE_HIDDEN_RISK_COLUMNS: readonly string[] = [
  'scope',
  ...DEFAULT_HIDDEN_RISK_COLUMNS,
];

/** Where the register keeps the user's choice of columns (on /risks and, before, everywhere). */
export const HIDDEN_COLUMNS_KEY = 'pep.risk-list.hidden-columns';
/** Where a page that is the scope keeps its own choice. */
export const FIXED_SCOPE_HIDDEN_COLUMNS_KEY = 'pep.risk-list.fixed-scope.hidden-columns';

/**
 * A fixed scope's columns before the user picks there: a choice made on the register before the
 * tabs kept their own is honoured, without the scope column; otherwise the defaults.
 */
export function fixedScopeHiddenColumns(): readonly string[] {
  try {
    const stored = localStorage.getItem(HIDDEN_COLUMNS_KEY);
    const chosen: unknown = stored === null ? null : JSON.parse(stored);
    if (Array.isArray(chosen) && chosen.every((id) => typeof id === 'string'))
      return chosen.includes('scope') ? chosen : ['scope', ...chosen];
  } catch {
    // blocked storage or an unreadable value: the defaults
  }
  return FIXED_SCOPE_HIDDEN_RISK_COLUMNS;
}
