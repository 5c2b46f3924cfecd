import { FlexRender, type Header, type ReactTable, type Row } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef } from 'react';
import type { RiskListItem } from '../../../api/contract/risks';
import { STATEMENT_MIN_WIDTH, type RiskColumnMeta, type riskTableFeatures } from './riskColumns';
import { SortButton } from '../../../shared/ui/SortButton';
import listStyles from '../risksList.module.css';
import { ScrollBox } from '../../../shared/ui/ScrollBox';
import { CardValue, cardTableTwoUpClass } from '../../../shared/ui/DataTable';
import { NARROW_QUERY, useMediaQuery } from '../../../shared/lib/useMediaQuery';

type Features = typeof riskTableFeatures;
export type RiskTableInstance = ReactTable<Features, RiskListItem, unknown>;
export type RiskRow = Row<Features, RiskListItem>;

/** Every row is this tall (content is clamped), so the virtualiser never measures. */
export const ROW_HEIGHT = 52;
const HEADER_HEIGHT = 44;

/**
 * On a phone (below 600 px) a row is a card of fixed height, so the virtualiser never measures:
 * its padding, the risk's number beside the statement's two clamped lines, then the other values
 * two to a line, each after its column's name (a value's second line, a resolution or 'Overdue',
 * joins the first).
 */
export const CARD_PADDING = 12;
export const CARD_STATEMENT_HEIGHT = 44;
export const CARD_VALUE_HEIGHT = 22;
export const CARD_GAP = 8;
/** The card's title: the number and the statement, on the first line. */
const CARD_TITLE = ['id', 'statement'];
/** A card's height with `values` values besides its title. */
export function cardHeight(values: number): number {
  return (
    CARD_PADDING * 2 +
    CARD_STATEMENT_HEIGHT +
    Math.ceil(values / 2) * (CARD_VALUE_HEIGHT + CARD_GAP)
  );
}

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
  const asCards = useMediaQuery(NARROW_QUERY);
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  // Over the cards the header row is a bar of sort buttons in the flow, not a sticky row.
  const headerHeight = asCards ? 0 : HEADER_HEIGHT;
  const rowHeight = asCards
    ? cardHeight(headers.filter((header) => !CARD_TITLE.includes(header.id)).length)
    : ROW_HEIGHT;
  // No React Compiler here: nothing memoises the virtualiser's functions, so they stay fresh.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    paddingStart: headerHeight,
    scrollPaddingStart: headerHeight,
  });
  // A new height for every row (the phone turned, a column shown): the virtualiser lays out again.
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);

  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [scrollResetKey]);

  const items = virtualizer.getVirtualItems();
  const firstIndex = items[0]?.index ?? 0;
  const lastIndex = items[items.length - 1]?.index ?? 0;
  useEffect(() => onRangeChange(firstIndex, lastIndex), [onRangeChange, firstIndex, lastIndex]);

  const first = items[0];
  const last = items[items.length - 1];
  const before = first ? first.start - headerHeight : 0;
  const after = last ? virtualizer.getTotalSize() - last.end : 0;
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
        className={
          asCards ? `${cardTableTwoUpClass} ${listStyles.riskCards}` : listStyles.riskTable
        }
        aria-rowcount={count + 1}
        aria-busy={busy}
        style={asCards ? undefined : { minWidth }}
        // display:block drops a table's semantics in Safari: the cards say them again.
        {...(asCards && { role: 'table' })}
      >
        <caption id="risk-table-caption" className="visually-hidden">
          {caption}
        </caption>
        {!asCards && (
          <colgroup>
            {headers.map((header) => (
              <col
                key={header.id}
                className={columnClass(header.column.id, header.column.columnDef.meta)}
                style={{ width: header.column.columnDef.meta?.width }}
              />
            ))}
          </colgroup>
        )}
        <thead {...(asCards && { role: 'rowgroup' })}>
          <tr
            aria-rowindex={1}
            style={asCards ? undefined : { height: HEADER_HEIGHT }}
            {...(asCards && { role: 'row' })}
          >
            {headers.map((header) => (
              <HeaderCell key={header.id} header={header} asCards={asCards} />
            ))}
          </tr>
        </thead>
        <tbody {...(asCards && { role: 'rowgroup' })}>
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
                  style={{ height: rowHeight }}
                  {...(asCards && { role: 'row' })}
                >
                  <td colSpan={columnCount} {...(asCards && { role: 'cell' })}>
                    <span aria-hidden="true" />
                    <span className="visually-hidden">Loading…</span>
                  </td>
                </tr>
              );
            return (
              <RiskTableRow
                key={row.id}
                row={row}
                index={item.index}
                columns={columnIds}
                height={rowHeight}
                asCards={asCards}
              />
            );
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
  function RiskTableRow({
    row,
    index,
    height,
    asCards,
  }: {
    row: RiskRow;
    index: number;
    columns: string;
    height: number;
    asCards: boolean;
  }) {
    const cells = row.getVisibleCells();
    // A card: its title the number and the statement, then the other values in their order.
    const ordered = asCards
      ? [
          ...CARD_TITLE.flatMap((id) => cells.filter((cell) => cell.column.id === id)),
          ...cells.filter((cell) => !CARD_TITLE.includes(cell.column.id)),
        ]
      : cells;
    return (
      <tr aria-rowindex={index + 2} style={{ height }} {...(asCards && { role: 'row' })}>
        {ordered.map((cell) => {
          const className = asCards
            ? undefined
            : columnClass(cell.column.id, cell.column.columnDef.meta);
          if (cell.column.id === 'statement')
            return (
              <th
                key={cell.id}
                scope="row"
                className={className}
                {...(asCards && { role: 'rowheader' })}
              >
                <FlexRender cell={cell} />
              </th>
            );
          const label = cell.column.columnDef.header;
          // The number needs no name on a card: it leads the statement, '#' before it.
          if (asCards && cell.column.id === 'id')
            return (
              <td
                key={cell.id}
                className={listStyles.riskCardId}
                {...(asCards && { role: 'cell' })}
              >
                <FlexRender cell={cell} />
              </td>
            );
          return (
            <td key={cell.id} className={className} {...(asCards && { role: 'cell' })}>
              {asCards ? (
                <CardValue label={typeof label === 'string' ? label : cell.column.id}>
                  <FlexRender cell={cell} />
                </CardValue>
              ) : (
                <FlexRender cell={cell} />
              )}
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
    before.columns === after.columns &&
    before.height === after.height &&
    before.asCards === after.asCards,
);

function HeaderCell({
  header,
  asCards,
}: {
  header: Header<Features, RiskListItem, unknown>;
  asCards: boolean;
}) {
  const sorted = header.column.getIsSorted();
  const direction = sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined;
  const label = header.column.columnDef.header;
  return (
    <th
      scope="col"
      aria-sort={direction}
      className={asCards ? undefined : columnClass(header.column.id, header.column.columnDef.meta)}
      {...(asCards && { role: 'columnheader' })}
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
