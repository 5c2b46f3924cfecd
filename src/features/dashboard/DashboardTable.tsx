import { useVirtualizer } from '@tanstack/react-virtual';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SCORE_LEVEL_LABELS, type DashboardAccountRow } from '../../api/contract/dashboard';
import { formatDate } from '../../api/contract/display';
import { POLL_TYPE_LABELS } from '../../api/contract/pollLabels';
import { SortButton } from '../../shared/ui/SortButton';
import type { DashboardSort, SortKey } from './dashboardRows';
import { LevelBadge, ScoreLine } from './scores';
import styles from './dashboard.module.css';
import { ScrollBox } from '../../shared/ui/ScrollBox';

/** Every row is this tall (two lines at most), so the virtualiser never measures. */
export const ROW_HEIGHT = 56;
const HEADER_HEIGHT = 40;
export const TABLE_CAPTION_ID = 'dashboard-table-caption';

interface Column {
  key: SortKey;
  label: string;
  width: string;
  number?: boolean;
  cell: (row: DashboardAccountRow) => ReactNode;
}

/** The columns in the order shown; the account is the row's header. */
export const COLUMNS: readonly Column[] = [
  {
    key: 'account',
    label: 'Account',
    width: '15%',
    cell: (row) => (
      <Link to={`/dashboard/account/${row.id}`} className={styles.accountName}>
        {row.name}
      </Link>
    ),
  },
  {
    key: 'line',
    label: 'Line',
    width: '9%',
    cell: (row) => <span className={styles.clamp}>{row.business_line.name}</span>,
  },
  {
    key: 'segment',
    label: 'Segment',
    width: '9%',
    cell: (row) => <span className={styles.clamp}>{row.business_segment.name}</span>,
  },
  {
    key: 'riskiness',
    label: 'Riskiness',
    width: '12%',
    cell: (row) => <ScoreLine score={row.riskiness} />,
  },
  {
    key: 'issueness',
    label: 'Issueness',
    width: '12%',
    cell: (row) => <ScoreLine score={row.issueness} />,
  },
  {
    key: 'high_risks',
    label: 'Open high risks',
    width: '8%',
    number: true,
    cell: (row) => row.open_high_risks,
  },
  {
    key: 'overdue',
    label: 'Overdue action items',
    width: '9%',
    number: true,
    cell: (row) => row.overdue_action_items,
  },
  {
    key: 'last_check',
    label: 'Last check',
    width: '13%',
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
    key: 'actual',
    label: 'Actual riskiness',
    width: '13%',
    cell: (row) => <ActualCell row={row} />,
  },
];

/**
 * The accounts as a real <table>, virtualised: only the rows in view (and a few either side) are
 * in the DOM, between two spacer rows that keep the scroll height; aria-rowcount and
 * aria-rowindex say where a row sits among all of them. The header sticks while the box scrolls;
 * every column sorts (on the client: the answer holds every account).
 */
export function DashboardTable({
  rows,
  caption,
  busy,
  sort,
  onSort,
}: {
  rows: readonly DashboardAccountRow[];
  caption: string;
  busy: boolean;
  sort: DashboardSort;
  onSort: (key: SortKey) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // No React Compiler here: nothing memoises the virtualiser's functions, so they stay fresh.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
  });

  // A new order or new filters start from the top.
  const resetKey = `${sort.key}:${sort.descending}:${rows.length}`;
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [resetKey]);

  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const before = first ? first.start - HEADER_HEIGHT : 0;
  const after = last ? virtualizer.getTotalSize() - last.end : 0;

  return (
    <ScrollBox ref={scrollRef} className={styles.tableScroll} label={caption} always>
      <table className={styles.table} aria-rowcount={rows.length + 1} aria-busy={busy}>
        <caption id={TABLE_CAPTION_ID} className="visually-hidden">
          {caption}
        </caption>
        <colgroup>
          {COLUMNS.map((column) => (
            <col key={column.key} style={{ width: column.width }} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1} style={{ height: HEADER_HEIGHT }}>
            {COLUMNS.map((column) => {
              const direction =
                sort.key === column.key
                  ? sort.descending
                    ? 'descending'
                    : 'ascending'
                  : undefined;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={direction}
                  className={column.number ? styles.number : undefined}
                >
                  <SortButton
                    label={column.label}
                    direction={direction}
                    onClick={() => onSort(column.key)}
                  />
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {before > 0 && <Spacer height={before} />}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <tr key={row.id} aria-rowindex={item.index + 2} style={{ height: ROW_HEIGHT }}>
                {COLUMNS.map((column) =>
                  column.key === 'account' ? (
                    <th key={column.key} scope="row">
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.key} className={column.number ? styles.number : undefined}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            );
          })}
          {after > 0 && <Spacer height={after} />}
        </tbody>
      </table>
    </ScrollBox>
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

/** Stands in for the rows scrolled out of view. */
function Spacer({ height }: { height: number }) {
  return (
    <tr aria-hidden="true" className={styles.spacer}>
      <td colSpan={COLUMNS.length} style={{ height }} />
    </tr>
  );
}
