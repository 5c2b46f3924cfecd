import {
  constructSortFn,
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type RowData,
} from '@tanstack/react-table';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type RefObject,
} from 'react';
import { NARROW_QUERY, useMediaQuery } from '../lib/useMediaQuery';
import { ScrollBox } from './ScrollBox';
import { SortButton } from './SortButton';
import { TruncatedText } from './Tooltip';
import styles from './DataTable.module.css';

/**
 * The one family of data tables (ARCHITECTURE.md "tables, long lists, grids"): columns described
 * once, rows modelled and sorted by TanStack Table, drawn as a real <table> with its caption, a
 * header that sticks when the frame scrolls, `aria-sort` on the sorted column and a caption that
 * says the sort the rows are in; the frame scrolls sideways (a `ScrollBox`) instead of widening
 * the page; optionally virtualised (TanStack Virtual) for long lists, rows and columns; and below
 * 600 px a list of cards, the row's header first, each value under its column's name. A plain
 * <table> stays only in documents (the audit report, printable pages).
 */

/** How a column's cells lay out. */
export type ColumnKind =
  /** Free text: wraps (the default). */
  | 'text'
  /** A long text people read (a risk's statement, a summary): wraps, and takes the room. */
  | 'long'
  /** A number: right-aligned, tabular figures, one line. */
  | 'number'
  /** A date or a short code: one line, tabular figures. */
  | 'date'
  /** A name that may be long: one line, cut with an ellipsis; the whole text on hover and to assistive technology. */
  | 'truncate'
  /** The row's buttons or menu: at the end, one line; its header words are for screen readers only. */
  | 'actions';

export interface Column<Row> {
  /** Unique in the table; the sort names it. */
  id: string;
  /** The column's name: its header, the label of each value in the card layout, the caption's sort words. */
  header: string;
  /**
   * What the caption says the rows are sorted by when this column sorts them, if not its header: a
   * column of several values that sorts by one of them ("Corrective action's due date").
   */
  sortedAs?: string;
  /** Drawn in the header instead of `header` (a select-all checkbox, two lines); `header` still names it. */
  headerContent?: ReactNode;
  /** Its `headerContent` presses nothing (two lines of words): over the cards it stays for screen readers only. */
  passiveHeader?: boolean;
  cell: (row: Row) => ReactNode;
  /** The cell of the table's footer row (totals). */
  footer?: ReactNode;
  /** This column's cell is the row's header (`<th scope="row">`) and the title of its card. */
  rowHeader?: boolean;
  /** Sorted in the browser by this value (missing values last, whatever the direction). */
  sortValue?: (row: Row) => string | number | null | undefined;
  /** Sorted outside the table (a server's `ordering`): the header is a sort button, the rows come in order. */
  sortable?: boolean;
  /** The first press sorts descending (a level, a score: the worst first). */
  sortDescFirst?: boolean;
  kind?: ColumnKind;
  /** The column's width (`120`, `'12%'`); a table of fixed layout when every column has one. */
  width?: number | string;
  /** Stays at the left edge while the table scrolls sideways (its width must be a number). */
  sticky?: boolean;
  /** More classes on its cells. */
  className?: string;
  /** Left out of the card layout (what the card already says another way). */
  hideInCard?: boolean;
}

/**
 * The columns with, when the user has any (`cell` given), the row's buttons or menu at the end:
 * a column whose header ('Actions', 'Changes') only screen readers hear.
 */
export function withActions<Row>(
  columns: Column<Row>[],
  cell: ((row: Row) => ReactNode) | null | false,
  header = 'Actions',
): Column<Row>[] {
  return cell ? [...columns, { id: 'actions', header, kind: 'actions', cell }] : columns;
}

/** The sort the rows are in: a column, and its direction. */
export interface TableSort {
  column: string;
  descending: boolean;
}

/** A sort button pressed: the same column turns round; another starts ascending (or descending first). */
export function nextSort(
  current: TableSort | null | undefined,
  column: string,
  descendingFirst = false,
): TableSort {
  if (current?.column === column) return { column, descending: !current.descending };
  return { column, descending: descendingFirst };
}

/**
 * A sort the page keeps itself (not in the URL), for columns sorted in the browser: the sort, and
 * the `onSort` of a header's button (the same column turns round; another starts as its column says).
 */
export function useTableSort(
  columns: readonly Pick<Column<never>, 'id' | 'sortDescFirst'>[],
  initial: TableSort | null = null,
) {
  const [sort, setSort] = useState<TableSort | null>(initial);
  const onSort = useCallback(
    (id: string) =>
      setSort((current) =>
        nextSort(current, id, columns.find((column) => column.id === id)?.sortDescFirst),
      ),
    [columns],
  );
  return { sort, onSort };
}

/** `-due_date` → Due date, descending; a field that is not one of `fields` → null. */
export function readSort(ordering: string | null | undefined, fields: readonly string[]) {
  if (!ordering) return null;
  const column = ordering.replace(/^-/, '');
  return fields.includes(column) ? { column, descending: ordering.startsWith('-') } : null;
}

/** The `ordering` parameter of a sort (DRF's: `-` for descending). */
export const writeSort = (sort: TableSort) => `${sort.descending ? '-' : ''}${sort.column}`;

export interface DataTableOptions<Row> {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** The sort the table shows; with `sortValue` columns the table orders the rows itself. */
  sort?: TableSort | null;
  /** A sort button was pressed; the caller keeps the new sort (in the URL, mostly). */
  onSort?: (column: string) => void;
  /** The rows come in the order `sort` names (a server-sorted page): never reordered here. */
  serverSorted?: boolean;
}

/** A table's model: its columns, its rows in the order shown, its sort. */
export interface DataTableModel<Row> extends DataTableOptions<Row> {
  /** The rows in the order the table shows them (what an export should save). */
  shownRows: readonly Row[];
}

/** Missing values last in either direction; numbers by value; texts as people sort them. */
const byValue = constructSortFn({
  sort: (left: unknown, right: unknown) =>
    typeof left === 'number' && typeof right === 'number'
      ? left - right
      : String(left).localeCompare(String(right), 'en-US', {
          numeric: true,
          sensitivity: 'base',
        }),
});

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { byValue },
});

/**
 * The table's model: TanStack Table sorts the rows when the sorted column has a `sortValue` and
 * the rows are not `serverSorted`; `shownRows` is their order.
 */
export function useDataTable<Row extends RowData>(
  options: DataTableOptions<Row>,
): DataTableModel<Row> {
  const { columns, rows, rowKey, sort, serverSorted = false } = options;
  const definitions = useMemo(() => {
    const helper = createColumnHelper<typeof features, Row>();
    return columns.map((column) => {
      const sortValue = column.sortValue;
      return sortValue
        ? helper.accessor((row: Row): unknown => sortValue(row) ?? undefined, {
            id: column.id,
            sortFn: 'byValue',
            sortUndefined: 'last',
            sortDescFirst: column.sortDescFirst ?? false,
          })
        : helper.display({ id: column.id, enableSorting: false });
    });
  }, [columns]);
  const sortable =
    !serverSorted && !!columns.find((column) => column.id === sort?.column)?.sortValue;
  const sorting = useMemo(
    () => (sort && sortable ? [{ id: sort.column, desc: sort.descending }] : []),
    [sort, sortable],
  );
  const table = useTable({
    features,
    columns: definitions,
    data: rows as Row[],
    getRowId: (row: Row) => String(rowKey(row)),
    state: { sorting },
    manualSorting: !sortable,
    enableMultiSort: false,
    enableSortingRemoval: false,
  });
  // Rows the table does not sort are shown as they come: no row model built for them (a
  // virtualised list of thousands filtered on every keystroke, the planner's).
  const modelRows = sortable ? table.getRowModel().rows : null;
  const shownRows = useMemo(
    () => (modelRows ? modelRows.map((row) => row.original) : rows),
    [modelRows, rows],
  );
  return { ...options, shownRows };
}

export interface DataTableViewProps<Row> {
  /** What the table is, apart from the section around it ('Tools register of Apollo'); the sort is added. */
  caption: string;
  showCaption?: boolean;
  /** The caption's id (what a virtualised table's tests find it by). */
  captionId?: string;
  /** Dims the rows while a refetch runs. */
  busy?: boolean;
  /** Tighter cells, for a wide table (a matrix). */
  compact?: boolean;
  /** The sort of rows that come unsorted: the server's default order, said in the caption. */
  defaultSort?: TableSort;
  /** Extra classes on a row (one to highlight). */
  rowClassName?: (row: Row) => string | undefined;
  /** Data attributes of a row (`{ 'data-status': 'changed' }`): what its styles and tests find it by. */
  rowData?: (row: Row) => Record<`data-${string}`, string | undefined>;
  /** Only the rows in view are drawn: for lists of hundreds. Every row is `rowHeight` px tall. */
  virtual?: { rowHeight: number; headerHeight?: number; overscan?: number };
  /** With `virtual`, the non-sticky columns too, each `width` px wide (a planner's periods). */
  virtualColumns?: { width: number; overscan?: number };
  /** Scrolls back to the first row whenever this changes (new filters, a new order). */
  scrollResetKey?: string;
  /** The scrolling frame: a virtualised table's box has its height from this class. */
  frameClassName?: string;
  /** Below 600 px the rows become cards; `false` keeps a matrix a table that scrolls sideways. */
  cards?: boolean;
  /**
   * Rows in groups (a contact's side): each run of rows of one group is a body of its own under a
   * header row (`<th scope="rowgroup">`) that `groupLabel` words. Not with `virtual`.
   */
  groupOf?: (row: Row) => string;
  groupLabel?: (group: string, count: number) => ReactNode;
  /**
   * A row drawn as one cell across the table instead of its values, while this gives something
   * for it (its form, while it is edited). Not with `virtual`.
   */
  rowEditor?: (row: Row) => ReactNode;
}

type DataTableProps<Row> = DataTableViewProps<Row> &
  ({ table: DataTableModel<Row> } | (DataTableOptions<Row> & { table?: never }));

/** Until every table moves onto the columns: a frame around hand-written `thead` and `tbody`. */
interface LegacyProps {
  caption: ReactNode;
  showCaption?: boolean;
  busy?: boolean;
  compact?: boolean;
  children: ReactNode;
}

/** A data table: pass `table` from `useDataTable` when the page needs the shown rows, else the options. */
export function DataTable<Row extends RowData>(props: DataTableProps<Row> | LegacyProps) {
  if ('children' in props) return <LegacyTable {...props} />;
  if (props.table) return <TableView {...props} table={props.table} />;
  return <OwnModel {...(props as DataTableViewProps<Row> & DataTableOptions<Row>)} />;
}

function LegacyTable({
  caption,
  showCaption = false,
  busy = false,
  compact = false,
  children,
}: LegacyProps) {
  return (
    <ScrollBox className={styles.frame} label={typeof caption === 'string' ? caption : 'Table'}>
      <table
        className={compact ? `${styles.table} ${styles.compact}` : styles.table}
        aria-busy={busy || undefined}
      >
        <caption className={showCaption ? styles.caption : 'visually-hidden'}>{caption}</caption>
        {children}
      </table>
    </ScrollBox>
  );
}

/** Cell helpers of the hand-written tables: a date or a number that keeps to one line; the actions of a row. */
export const cellClass = {
  nowrap: styles.nowrap,
  number: styles.number,
  actions: styles.actions,
  wrap: styles.long,
} as const;

/**
 * The card layout's classes, for a table drawn by hand that must turn into the same cards below
 * 600 px (the virtualised risk register): on the <table>, with `CardValue` around each value.
 */
export const cardTableClass = `${styles.table} ${styles.cards}`;
/** The same, two short values a line (a card of many short values: the risk register's). */
export const cardTableTwoUpClass = `${cardTableClass} ${styles.twoUp}`;

function OwnModel<Row extends RowData>(props: DataTableViewProps<Row> & DataTableOptions<Row>) {
  const table = useDataTable(props);
  return <TableView {...props} table={table} />;
}

/** ', sorted by Due, descending' — what the caption adds for the order the rows are in. */
export function sortWords(
  columns: readonly Pick<Column<unknown>, 'id' | 'header' | 'sortedAs'>[],
  sort: TableSort | null | undefined,
): string {
  const column = sort && columns.find((candidate) => candidate.id === sort.column);
  if (!column || !sort) return '';
  return `, sorted by ${column.sortedAs ?? column.header}${sort.descending ? ', descending' : ''}`;
}

const ariaSort = (sort: TableSort | null | undefined, id: string) =>
  sort?.column === id ? (sort.descending ? 'descending' : 'ascending') : undefined;

const KIND_CLASS: Record<ColumnKind, string | undefined> = {
  text: undefined,
  long: styles.long,
  number: styles.number,
  date: styles.nowrap,
  truncate: styles.truncate,
  actions: styles.actions,
};

function TableView<Row>({
  table,
  caption,
  showCaption = false,
  captionId,
  busy = false,
  compact = false,
  defaultSort,
  rowClassName,
  rowData,
  virtual,
  virtualColumns,
  scrollResetKey,
  frameClassName,
  cards = true,
  groupOf,
  groupLabel,
  rowEditor,
}: DataTableViewProps<Row> & { table: DataTableModel<Row> }) {
  const narrow = useMediaQuery(NARROW_QUERY);
  const asCards = cards && narrow;
  const { columns, shownRows, rowKey, onSort } = table;
  const sort = table.sort ?? defaultSort ?? null;
  const fullCaption = `${caption}${sortWords(columns, sort)}`;
  const scrollRef = useRef<HTMLDivElement | null>(null);

  // Cards: the row's header first, then the others in their order.
  const ordered = asCards
    ? [
        ...columns.filter((column) => column.rowHeader),
        ...columns.filter((column) => !column.rowHeader && !column.hideInCard),
      ]
    : columns;
  const sticky = asCards ? [] : ordered.filter((column) => column.sticky);
  const moving = asCards ? ordered : ordered.filter((column) => !column.sticky);
  const lefts = stickyOffsets(sticky);
  const fixedLayout = !asCards && columns.every((column) => column.width !== undefined);
  const roles = asCards; // display:block drops a table's semantics in Safari: say them again.

  const rows = useRows(virtual, shownRows, scrollRef, asCards, rowKey);
  const columnWindow = useColumnWindow(
    virtualColumns && !asCards ? virtualColumns : undefined,
    moving.length,
    sticky.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 0), 0),
    scrollRef,
  );
  const shownColumns = columnWindow
    ? columnWindow.items.flatMap((item) => {
        const column = moving[item.index];
        return column ? [{ column, index: sticky.length + item.index }] : [];
      })
    : moving.map((column, index) => ({ column, index: sticky.length + index }));
  const colCount = sticky.length + moving.length;

  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [scrollResetKey]);

  const tableClasses = [
    styles.table,
    compact && styles.compact,
    fixedLayout && styles.fixed,
    asCards && styles.cards,
  ]
    .filter(Boolean)
    .join(' ');
  const spacerCells = (side: number) =>
    side > 0 ? <td aria-hidden="true" className={styles.spacerCell} /> : null;
  const domColumns =
    sticky.length +
    shownColumns.length +
    (columnWindow && columnWindow.left > 0 ? 1 : 0) +
    (columnWindow && columnWindow.right > 0 ? 1 : 0);

  const cellOf = (column: Column<Row>, row: Row, index: number) => {
    const className = cellClasses(column, lefts);
    const style = stickyStyle(column, lefts);
    const value = column.cell(row);
    const content =
      column.kind === 'truncate' && typeof value === 'string' ? (
        <TruncatedText text={value} />
      ) : (
        value
      );
    const colIndex = virtualColumns ? { 'aria-colindex': index + 1 } : {};
    return column.rowHeader ? (
      <th
        key={column.id}
        scope="row"
        className={className}
        style={style}
        {...colIndex}
        {...(roles && { role: 'rowheader' })}
      >
        {content}
      </th>
    ) : (
      <td
        key={column.id}
        className={className}
        style={style}
        {...colIndex}
        {...(roles && { role: 'cell' })}
      >
        {asCards && column.kind !== 'actions' ? (
          <CardValue label={column.header}>{content}</CardValue>
        ) : (
          content
        )}
      </td>
    );
  };

  const rowOf = ({ index, measure }: RowWindow['items'][number]) => {
    const row = shownRows[index];
    if (row === undefined) return null;
    const editor = virtual ? null : rowEditor?.(row);
    if (editor !== undefined && editor !== null && editor !== false)
      return (
        <tr key={rowKey(row)} {...(roles && { role: 'row' })}>
          <td colSpan={domColumns} className={styles.editor} {...(roles && { role: 'cell' })}>
            {editor}
          </td>
        </tr>
      );
    return (
      <tr
        key={rowKey(row)}
        ref={measure}
        data-index={index}
        className={rowClassName?.(row)}
        {...rowData?.(row)}
        style={virtual && !asCards ? { height: virtual.rowHeight } : undefined}
        {...(virtual && { 'aria-rowindex': index + 2 })}
        {...(roles && { role: 'row' })}
      >
        {sticky.map((column, columnIndex) => cellOf(column, row, columnIndex))}
        {spacerCells(columnWindow?.left ?? 0)}
        {shownColumns.map(({ column, index: columnIndex }) => cellOf(column, row, columnIndex))}
        {spacerCells(columnWindow?.right ?? 0)}
      </tr>
    );
  };
  // Rows of a group in a body of their own, under a header row that names the group.
  const groups =
    groupOf && !virtual ? groupRows(rows.items, (index) => groupOf(shownRows[index]!)) : null;

  const hasFooter = columns.some((column) => column.footer !== undefined);
  // Over the cards the header row keeps only what can be pressed; with nothing, no empty band.
  const pressable = columns.some(
    (column) =>
      (column.headerContent !== undefined && !column.passiveHeader) ||
      (!!onSort && (column.sortable || !!column.sortValue)),
  );
  return (
    <ScrollBox
      ref={scrollRef}
      className={[
        styles.frame,
        virtual && !asCards ? styles.virtualFrame : '',
        frameClassName ?? '',
      ]
        .filter(Boolean)
        .join(' ')}
      label={fullCaption}
      always={!!virtual && !asCards}
    >
      <table
        className={tableClasses}
        aria-busy={busy || undefined}
        style={columnWindow ? { width: columnWindow.total } : undefined}
        {...(virtual && { 'aria-rowcount': shownRows.length + 1 })}
        {...(virtualColumns && { 'aria-colcount': colCount })}
        {...(roles && { role: 'table' })}
      >
        <caption id={captionId} className={showCaption ? styles.caption : 'visually-hidden'}>
          {fullCaption}
        </caption>
        {fixedLayout && (
          <colgroup>
            {sticky.map((column) => (
              <col key={column.id} style={{ width: column.width }} />
            ))}
            {columnWindow && columnWindow.left > 0 && <col style={{ width: columnWindow.left }} />}
            {shownColumns.map(({ column }) => (
              <col
                key={column.id}
                style={{ width: virtualColumns ? virtualColumns.width : column.width }}
              />
            ))}
            {columnWindow && columnWindow.right > 0 && (
              <col style={{ width: columnWindow.right }} />
            )}
          </colgroup>
        )}
        <thead
          className={asCards && !pressable ? styles.passiveHead : undefined}
          {...(roles && { role: 'rowgroup' })}
        >
          <tr
            style={
              virtual && !asCards ? { height: virtual.headerHeight ?? HEADER_HEIGHT } : undefined
            }
            {...(virtual && { 'aria-rowindex': 1 })}
            {...(roles && { role: 'row' })}
          >
            {sticky.map((column, index) => (
              <HeaderCell
                key={column.id}
                column={column}
                sort={sort}
                onSort={onSort}
                lefts={lefts}
                colIndex={virtualColumns ? index + 1 : undefined}
                roles={roles}
              />
            ))}
            {spacerCells(columnWindow?.left ?? 0)}
            {shownColumns.map(({ column, index }) => (
              <HeaderCell
                key={column.id}
                column={column}
                sort={sort}
                onSort={onSort}
                lefts={lefts}
                colIndex={virtualColumns ? index + 1 : undefined}
                roles={roles}
              />
            ))}
            {spacerCells(columnWindow?.right ?? 0)}
          </tr>
        </thead>
        {groups ? (
          groups.map((group) => (
            <tbody
              key={`${group.key}:${group.items[0]?.index}`}
              {...(roles && { role: 'rowgroup' })}
            >
              <tr className={styles.groupRow} {...(roles && { role: 'row' })}>
                <th scope="rowgroup" colSpan={domColumns} {...(roles && { role: 'rowheader' })}>
                  {groupLabel?.(group.key, group.items.length) ?? group.key}
                </th>
              </tr>
              {group.items.map(rowOf)}
            </tbody>
          ))
        ) : (
          <tbody {...(roles && { role: 'rowgroup' })}>
            {rows.before > 0 && <Spacer height={rows.before} columns={domColumns} />}
            {rows.items.map(rowOf)}
            {rows.after > 0 && <Spacer height={rows.after} columns={domColumns} />}
          </tbody>
        )}
        {hasFooter && (
          <tfoot {...(roles && { role: 'rowgroup' })}>
            <tr {...(roles && { role: 'row' })}>
              {/* A card of totals lists only the columns that have one. */}
              {ordered
                .filter((column) => !asCards || column.rowHeader || column.footer !== undefined)
                .map((column) =>
                  column.rowHeader ? (
                    <th
                      key={column.id}
                      scope="row"
                      className={cellClasses(column, lefts)}
                      {...(roles && { role: 'rowheader' })}
                    >
                      {column.footer}
                    </th>
                  ) : (
                    <td
                      key={column.id}
                      className={cellClasses(column, lefts)}
                      {...(roles && { role: 'cell' })}
                    >
                      {asCards ? (
                        <CardValue label={column.header}>{column.footer}</CardValue>
                      ) : (
                        column.footer
                      )}
                    </td>
                  ),
                )}
            </tr>
          </tfoot>
        )}
      </table>
    </ScrollBox>
  );
}

const HEADER_HEIGHT = 40;

function HeaderCell<Row>({
  column,
  sort,
  onSort,
  lefts,
  colIndex,
  roles,
}: {
  column: Column<Row>;
  sort: TableSort | null;
  onSort: ((column: string) => void) | undefined;
  lefts: ReadonlyMap<string, number>;
  colIndex: number | undefined;
  roles: boolean;
}) {
  const direction = ariaSort(sort, column.id);
  const canSort = !!onSort && (column.sortable || !!column.sortValue);
  const className = [
    cellClasses(column, lefts),
    // In the card layout only what can be pressed stays in view, as a bar over the cards.
    !canSort &&
      (column.headerContent === undefined || column.passiveHeader) &&
      styles.passiveHeader,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <th
      scope="col"
      aria-sort={direction}
      className={className}
      style={stickyStyle(column, lefts)}
      {...(colIndex !== undefined && { 'aria-colindex': colIndex })}
      {...(roles && { role: 'columnheader' })}
    >
      {canSort ? (
        <SortButton label={column.header} direction={direction} onClick={() => onSort(column.id)} />
      ) : column.headerContent !== undefined ? (
        column.headerContent
      ) : column.kind === 'actions' ? (
        <span className="visually-hidden">{column.header}</span>
      ) : (
        column.header
      )}
    </th>
  );
}

/**
 * A value in a card, under its column's name. The name is hidden from assistive technology: the
 * table's own semantics already say it (the column header of the cell).
 */
export function CardValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.cardValue}>
      <span className={styles.cardLabel} aria-hidden="true">
        {label}
      </span>
      <div>{children}</div>
    </div>
  );
}

function cellClasses<Row>(column: Column<Row>, lefts: ReadonlyMap<string, number>) {
  return (
    [KIND_CLASS[column.kind ?? 'text'], lefts.has(column.id) && styles.sticky, column.className]
      .filter(Boolean)
      .join(' ') || undefined
  );
}

function stickyOffsets<Row>(sticky: readonly Column<Row>[]): ReadonlyMap<string, number> {
  const lefts = new Map<string, number>();
  let left = 0;
  for (const column of sticky) {
    lefts.set(column.id, left);
    left += typeof column.width === 'number' ? column.width : 0;
  }
  return lefts;
}

function stickyStyle<Row>(
  column: Column<Row>,
  lefts: ReadonlyMap<string, number>,
): CSSProperties | undefined {
  const left = lefts.get(column.id);
  return left === undefined ? undefined : { left };
}

/** Consecutive items of one group together, in the order they come. */
function groupRows<Item extends { index: number }>(
  items: readonly Item[],
  groupOf: (index: number) => string,
): { key: string; items: Item[] }[] {
  const groups: { key: string; items: Item[] }[] = [];
  for (const item of items) {
    const key = groupOf(item.index);
    const last = groups[groups.length - 1];
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, items: [item] });
  }
  return groups;
}

/** Stands in for the rows scrolled out of view. */
function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true" className={styles.spacerRow}>
      <td colSpan={columns} style={{ height }} />
    </tr>
  );
}

interface RowWindow {
  items: { index: number; measure?: (element: HTMLTableRowElement | null) => void }[];
  before: number;
  after: number;
}

/** Every row, or (virtual) those in view with the room the others take before and after. */
function useRows<Row>(
  virtual: DataTableViewProps<Row>['virtual'],
  rows: readonly Row[],
  scrollRef: RefObject<HTMLDivElement | null>,
  asCards: boolean,
  rowKey: (row: Row) => string | number,
): RowWindow {
  const header = asCards ? 0 : (virtual?.headerHeight ?? HEADER_HEIGHT);
  // No React Compiler here: nothing memoises the virtualiser's functions, so they stay fresh.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    // A card is as tall as its values: measured once drawn.
    estimateSize: () => (asCards ? (virtual?.rowHeight ?? 40) * 3 : (virtual?.rowHeight ?? 40)),
    overscan: virtual?.overscan ?? 8,
    paddingStart: header,
    scrollPaddingStart: header,
    getItemKey: (index) => {
      const row = rows[index];
      return row === undefined ? index : rowKey(row);
    },
  });
  if (!virtual) return { items: rows.map((_, index) => ({ index })), before: 0, after: 0 };
  return virtualWindow(virtualizer, header, asCards);
}

function virtualWindow(
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  header: number,
  measured: boolean,
): RowWindow {
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  return {
    items: items.map((item) => ({
      index: item.index,
      ...(measured && { measure: virtualizer.measureElement }),
    })),
    before: first ? first.start - header : 0,
    after: last ? virtualizer.getTotalSize() - last.end : 0,
  };
}

/** The moving columns in view, with the room those left and right of them take. */
function useColumnWindow(
  options: DataTableViewProps<unknown>['virtualColumns'],
  count: number,
  stickyWidth: number,
  scrollRef: RefObject<HTMLDivElement | null>,
) {
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    horizontal: true,
    count: options ? count : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => options?.width ?? 0,
    overscan: options?.overscan ?? 1,
    paddingStart: stickyWidth,
    scrollPaddingStart: stickyWidth,
  });
  if (!options) return null;
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  return {
    items,
    left: first ? first.start - stickyWidth : 0,
    right: last ? virtualizer.getTotalSize() - last.end : 0,
    total: virtualizer.getTotalSize(),
  };
}
