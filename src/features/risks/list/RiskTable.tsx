import { FlexRender, type Header, type ReactTable, type Row } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef } from 'react';
import type { RiskListItem } from '../../../api/contract/risks';
import { STATEMENT_MIN_WIDTH, type RiskColumnMeta, type riskTableFeatures } from './riskColumns';
import { SortButton } from '../../../shared/ui/SortButton';
import listStyles from '../risksList.module.css';
import { ScrollBox } from '../../../shared/ui/ScrollBox';

type Features = typeof riskTableFeatures;
export type RiskTableInstance = ReactTable<Features, RiskListItem, unknown>;
export type RiskRow = Row<Features, RiskListItem>;

/** Every row is this tall (content is clamped), so the virtualiser never measures. */
export const ROW_HEIGHT = 52;
const HEADER_HEIGHT = 44;

/**
 * The risk list as a real <table>, virtualised over every row the server counts: only the rows in
 * view (and a few either side) are in the DOM, between two spacer rows that keep the scroll
 * height. A row whose page has not arrived yet is a placeholder; `onRangeChange` tells the list
 * which rows are in view, so it fetches their pages. aria-rowcount and aria-rowindex tell
 * assistive technology where a row sits among all of them; the header row sticks to the top and
 * the statement to the left while the box scrolls.
 */
export function RiskTable({
  table,
  count,
  rowAt,
  onRangeChange,
  caption,
  busy,
  scrollResetKey,
}: {
  table: RiskTableInstance;
  /** Every row the query shows (the server's count). */
  count: number;
  /** The row at this index, once its page has arrived. */
  rowAt: (index: number) => RiskRow | undefined;
  onRangeChange: (first: number, last: number) => void;
  caption: string;
  busy: boolean;
  /** Scrolls back to the first row whenever this changes (new filters, new order). */
  scrollResetKey: string;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // No React Compiler here: nothing memoises the virtualiser's functions, so they stay fresh.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });

  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [scrollResetKey]);

  const items = virtualizer.getVirtualItems();
  const firstIndex = items[0]?.index ?? 0;
  const lastIndex = items[items.length - 1]?.index ?? 0;
  useEffect(() => onRangeChange(firstIndex, lastIndex), [onRangeChange, firstIndex, lastIndex]);

  const first = items[0];
  const last = items[items.length - 1];
  const before = first ? first.start - HEADER_HEIGHT : 0;
  const after = last ? virtualizer.getTotalSize() - last.end : 0;
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const columnCount = headers.length;
  const columnIds = headers.map((header) => header.id).join(' ');
  // The statement takes what the other columns leave, never less than its least width.
  const minWidth = headers.reduce(
    (sum, header) => sum + (header.column.columnDef.meta?.width ?? STATEMENT_MIN_WIDTH),
    0,
  );

  return (
    <ScrollBox ref={scrollRef} className={listStyles.riskTableScroll} label={caption} always>
      <table
        className={listStyles.riskTable}
        aria-rowcount={count + 1}
        aria-busy={busy}
        style={{ minWidth }}
      >
        <caption id="risk-table-caption" className="visually-hidden">
          {caption}
        </caption>
        <colgroup>
          {headers.map((header) => (
            <col
              key={header.id}
              className={columnClass(header.column.id, header.column.columnDef.meta)}
              style={{ width: header.column.columnDef.meta?.width }}
            />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1} style={{ height: HEADER_HEIGHT }}>
            {headers.map((header) => (
              <HeaderCell key={header.id} header={header} />
            ))}
          </tr>
        </thead>
        <tbody>
          {before > 0 && <Spacer height={before} columns={columnCount} />}
          {items.map((item) => {
            const row = rowAt(item.index);
            if (!row)
              return (
                <tr
                  key={`loading-${item.index}`}
                  aria-rowindex={item.index + 2}
                  className={listStyles.riskLoadingRow}
                  data-loading=""
                  style={{ height: ROW_HEIGHT }}
                >
                  <td colSpan={columnCount}>
                    <span aria-hidden="true" />
                    <span className="visually-hidden">Loading…</span>
                  </td>
                </tr>
              );
            return <RiskTableRow key={row.id} row={row} index={item.index} columns={columnIds} />;
          })}
          {after > 0 && <Spacer height={after} columns={columnCount} />}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/**
 * One risk's row. It draws again only when its risk, its place or the columns shown change: a new
 * URL, a summary's answer or a page arriving below redraw the list around it, not the rows in view.
 */
const RiskTableRow = memo(
  function RiskTableRow({ row, index }: { row: RiskRow; index: number; columns: string }) {
    return (
      <tr aria-rowindex={index + 2} style={{ height: ROW_HEIGHT }}>
        {row.getVisibleCells().map((cell) => {
          const className = columnClass(cell.column.id, cell.column.columnDef.meta);
          return cell.column.id === 'statement' ? (
            <th key={cell.id} scope="row" className={className}>
              <FlexRender cell={cell} />
            </th>
          ) : (
            <td key={cell.id} className={className}>
              <FlexRender cell={cell} />
            </td>
          );
        })}
      </tr>
    );
  },
  // The table makes new row objects whenever a page joins its data; the risk itself is the same.
  (before, after) =>
    before.row.original === after.row.original &&
    before.index === after.index &&
    before.columns === after.columns,
);

function HeaderCell({ header }: { header: Header<Features, RiskListItem, unknown> }) {
  const sorted = header.column.getIsSorted();
  const direction = sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined;
  const label = header.column.columnDef.header;
  return (
    <th
      scope="col"
      aria-sort={direction}
      className={columnClass(header.column.id, header.column.columnDef.meta)}
    >
      <SortButton
        label={typeof label === 'string' ? label : header.column.id}
        direction={direction}
        onClick={() => header.column.toggleSorting()}
      />
    </th>
  );
}

/** A column's cells: the sticky statement, and the optional columns a narrow list leaves out. */
function columnClass(id: string, meta: RiskColumnMeta | undefined): string {
  return [meta?.sticky && listStyles.riskSticky].filter(Boolean).join(' ');
}

/** Stands in for the rows scrolled out of view. */
function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true" className={listStyles.riskSpacer}>
      <td colSpan={columns} style={{ height }} />
    </tr>
  );
}
