import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { SCORE_LEVEL_LABELS, type DashboardAccountRow } from '../../api/contract/dashboard';
import { formatDate } from '../../api/contract/display';
import { POLL_TYPE_LABELS } from '../../api/contract/pollLabels';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import type { DashboardSort, SortKey } from './dashboardRows';
import { LevelBadge, ScoreLine } from './scores';
import styles from './dashboard.module.css';

/** Every row is this tall (two lines at most), so the virtualiser never measures. */
export const ROW_HEIGHT = 56;
export const TABLE_CAPTION_ID = 'dashboard-table-caption';

/**
 * The columns in the order shown; the account is the row's header (and a card's title). From the
 * table's least width (58rem, dashboard.module.css; a 1280 px window gives it about 970 px) each
 * width holds the longest word of its header with its sort mark and of its values
 * ("Manufacturing", "Issueness", "12/18/2026"), so texts wrap between words and nothing is cut;
 * the names, which can wrap, take what is left.
 */
export const COLUMNS: readonly (Column<DashboardAccountRow> & { id: SortKey })[] = [
  {
    id: 'account',
    header: 'Account',
    rowHeader: true,
    sortable: true,
    width: '14.5%',
    cell: (row) => (
      <Link to={`/dashboard/account/${row.id}`} className={styles.clamp}>
        {row.name}
      </Link>
    ),
  },
  {
    id: 'line',
    header: 'Line',
    sortable: true,
    width: '14.5%',
    cell: (row) => <span className={styles.clamp}>{row.business_line.name}</span>,
  },
  {
    id: 'segment',
    header: 'Segment',
    sortable: true,
    width: '10.5%',
    cell: (row) => <span className={styles.clamp}>{row.business_segment.name}</span>,
  },
  {
    id: 'riskiness',
    header: 'Riskiness',
    sortable: true,
    width: '11%',
    cell: (row) => <ScoreLine score={row.riskiness} />,
  },
  {
    id: 'issueness',
    header: 'Issueness',
    sortable: true,
    width: '11.3%',
    cell: (row) => <ScoreLine score={row.issueness} />,
  },
  {
    id: 'high_risks',
    header: 'Open high risks',
    sortable: true,
    kind: 'number',
    width: '7.8%',
    cell: (row) => row.open_high_risks,
  },
  {
    id: 'overdue',
    header: 'Overdue action items',
    sortable: true,
    kind: 'number',
    width: '10.3%',
    cell: (row) => row.overdue_action_items,
  },
  {
    id: 'last_check',
    header: 'Last check',
    sortable: true,
    width: '9.6%',
    cell: ({ last_check: check }) =>
      check ? (
        <>
          <Link
            to={`/checks/${check.id}`}
            aria-label={`${POLL_TYPE_LABELS[check.type]} ${check.index}, ${check.project.name}`}
          >
            {check.index}
          </Link>
          <span className={styles.detail}>Due {formatDate(check.due_date)}</span>
        </>
      ) : (
        <span className={styles.none}>None</span>
      ),
  },
  {
    id: 'actual',
    header: 'Actual riskiness',
    sortable: true,
    width: '10.5%',
    cell: (row) => <ActualCell row={row} />,
  },
];

/**
 * The accounts on the DataTable, virtualised (only the rows in view are in the DOM; aria-rowcount
 * and aria-rowindex say where a row sits), every column sorting. The rows come sorted by the page
 * (`sortRows`: ties by name, the order an export saves), so the table never reorders them; its
 * caption and `aria-sort` say that order. Below 600 px each account is a card, its name first.
 */
export function DashboardTable({
  rows,
  busy,
  sort,
  onSort,
}: {
  rows: readonly DashboardAccountRow[];
  busy: boolean;
  sort: DashboardSort;
  onSort: (key: SortKey) => void;
}) {
  return (
    <DataTable
      caption="Accounts"
      captionId={TABLE_CAPTION_ID}
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => row.id}
      sort={{ column: sort.key, descending: sort.descending }}
      serverSorted
      onSort={(column) => onSort(column as SortKey)}
      busy={busy}
      virtual={{ rowHeight: ROW_HEIGHT }}
      // A new order or new filters start from the top.
      scrollResetKey={`${sort.key}:${sort.descending}:${rows.length}`}
      frameClassName={styles.tableFrame}
    />
  );
}

/** The owner's own level, and a mark that cannot be missed where it is not the computed one. */
function ActualCell({ row }: { row: DashboardAccountRow }) {
  const actual = row.actual_riskiness;
  if (!actual) return <span className={styles.none}>Not recorded</span>;
  return (
    <span className={styles.scoreLine}>
      <LevelBadge level={actual.level} />
      {row.disagrees && (
        <span className={styles.disagrees}>
          <TriangleAlert size={12} aria-hidden="true" />
          Disagrees
          <span className="visually-hidden">
            {' '}
            with the computed {SCORE_LEVEL_LABELS[row.riskiness.level]}
          </span>
        </span>
      )}
    </span>
  );
}
