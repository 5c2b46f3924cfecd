import { useCallback, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ApiError } from '../../api/baseQuery';
import { formatDate } from '../../api/contract/display';
import {
  REPORTS_FLAG,
  cellText,
  type ReportCell,
  type ReportColumn,
  type ReportDefinition,
  type ReportFilter,
  type ReportFilterValues,
  type ReportKind,
  type ReportQuery,
  type ReportRow,
} from '../../api/contract/reports';
import { RISK_STATUSES, type RiskStatus } from '../../api/contract/risks';
import { isPeriod } from '../../api/contract/targets';
import {
  clearing,
  positiveInt,
  readOrdering,
  useUrlParams,
  type ParamChanges,
} from '../../shared/lib/searchParams';
import { useParamText } from '../../shared/lib/useDebounced';
import { useMeasure } from '../../shared/lib/useMeasure';
import { NARROW_QUERY, useMediaQuery } from '../../shared/lib/useMediaQuery';
import { Button } from '../../shared/ui/Button';
import { DataTable, type Column, type ColumnKind } from '../../shared/ui/DataTable';
import { EmptyState, NoMatch, LoadFailed } from '../../shared/ui/EmptyState';
import { InputFilter, SelectFilters, type SelectFilterSpec } from '../../shared/ui/FilterField';
import {
  FilterPanel,
  selectFiltersInForce,
  textFilterInForce,
  type ActiveFilter,
} from '../../shared/ui/FilterPanel';
import { TableSkeleton } from '../../shared/ui/TableSkeleton';
import { useGetReportRowsQuery } from './api';
import { RiskStatusPill } from '../risks/embed';
import { ReportExport } from './ReportExport';
import styles from './reports.module.css';
import { quarterChoices } from '../../shared/lib/today';

export const PREVIEW_PAGE_SIZE = 25;

/**
 * One report: its filters (in the URL, each change back to the first page), the Excel export of
 * what they select, and a server-paged, sortable preview with the count of the whole report.
 */
export function ReportView({ report }: { report: ReportDefinition }) {
  const { params, update: write } = useUrlParams();
  const update = useCallback(
    (changes: ParamChanges) => write({ ...changes, page: undefined }),
    [write],
  );
  const filters = readReportFilters(report, params);
  const [sortField, descending] = readOrdering(
    params.get('ordering') ?? undefined,
    report.columns.map((column) => column.key),
  );
  const ordering = sortField ? `${descending ? '-' : ''}${sortField}` : undefined;
  const page = positiveInt(params.get('page')) ?? 1;
  const query: ReportQuery = {
    ...filters,
    ...(ordering ? { ordering } : {}),
    ...(page > 1 ? { page } : {}),
    page_size: PREVIEW_PAGE_SIZE,
  };
  const { data, error, isError, isLoading, isFetching, refetch } = useGetReportRowsQuery(
    { kind: report.kind, query },
    { refetchOnMountOrArgChange: true },
  );
  const status = (error as ApiError | undefined)?.status;
  const filterNames = report.filters.map((filter) => filter.name);
  const filtered = filterNames.some((name) => params.get(name));
  const resetFilters = () => update(clearing(filterNames));
  const sortBy = (key: string) =>
    update({ ordering: sortField === key && !descending ? `-${key}` : key });

  const count = data?.count ?? 0;
  const lastPage = Math.max(1, Math.ceil(count / PREVIEW_PAGE_SIZE));
  const titleId = `report-${report.kind}-title`;
  const [room, measure] = useMeasure(boxWidth, 0);
  // On a phone each row is a card: every value fits under its name.
  const phone = useMediaQuery(NARROW_QUERY);
  const { columns, leftOut } = fitColumns(report, phone ? 0 : room, sortField);

  if (status === 403) {
    return (
      <EmptyState title="Reports are not part of your role">
        <p>
          Seeing them needs the permission {REPORTS_FLAG}. If your work needs it, ask your platform
          administrator.
        </p>
      </EmptyState>
    );
  }

  return (
    <section aria-labelledby={titleId} className={styles.report} ref={measure}>
      <div className={styles.reportHead}>
        <div>
          <h2 id={titleId} className={styles.reportTitle}>
            {report.title}
          </h2>
          <p className={styles.reportText}>{report.description}</p>
        </div>
        <ReportExport report={report} filters={filters} ordering={ordering} count={data?.count} />
      </div>
      {/* Below 600 px the fields wait behind a "Filters" button, the filters in force as chips. */}
      <FilterPanel
        className={styles.filters}
        label={`Filter ${report.title}`}
        resetLabel="Reset filters"
        canReset={filtered}
        onReset={resetFilters}
        active={filtersInForce(report, filters)}
        onChange={update}
      >
        {report.filters.map((filter) =>
          filter.type === 'text' ? (
            <TextFilter key={filter.name} report={report} filter={filter} update={update} />
          ) : (
            <SelectFilters
              key={filter.name}
              idPrefix={`report-${report.kind}`}
              filters={[selectSpec(filter)]}
              values={filters}
              onChange={update}
            />
          ),
        )}
      </FilterPanel>

      {isLoading ? (
        <TableSkeleton label="Loading the report…" rows={8} columns={report.columns.length} />
      ) : status === 404 && page > 1 ? (
        <EmptyState
          alert
          actions={
            <Button type="button" onClick={() => update({})}>
              Go to the first page
            </Button>
          }
        >
          <p>There is no page {page} of this report any more.</p>
        </EmptyState>
      ) : isError ? (
        <LoadFailed title="The report could not be loaded" onRetry={() => void refetch()} />
      ) : !data || data.results.length === 0 ? (
        filtered ? (
          <NoMatch title="Nothing matches these filters" onReset={resetFilters}>
            <p>Change the filters or reset them to see the whole report.</p>
          </NoMatch>
        ) : (
          <EmptyState title="This report is empty">
            <p>It fills as the records it reports on are created.</p>
          </EmptyState>
        )
      ) : (
        <>
          <div className={styles.countRow}>
            <p className={styles.count} aria-live="polite">
              {count === 1 ? '1 row' : `${count} rows`}
              {count > PREVIEW_PAGE_SIZE ? ` · preview page ${page} of ${lastPage}` : ''}
            </p>
            {leftOut.length > 0 && (
              <p className={styles.hint}>
                At this width the preview leaves out {LIST.format(leftOut)}; the Excel export has{' '}
                {leftOut.length === 1 ? 'it' : 'them'}.
              </p>
            )}
          </div>
          <DataTable
            caption={`${report.title} preview`}
            busy={isFetching}
            compact
            columns={columns}
            rows={data.results}
            rowKey={(row) => row.id}
            sort={sortField ? { column: sortField, descending } : null}
            onSort={sortBy}
            serverSorted
          />
          {lastPage > 1 && (
            <nav className={styles.pager} aria-label="Preview pages">
              <Button
                type="button"
                disabled={page <= 1}
                onClick={() => write({ page: page > 2 ? page - 1 : undefined }, { push: true })}
              >
                Previous
              </Button>
              <span className={styles.count}>
                Page {page} of {lastPage}
              </span>
              <Button
                type="button"
                disabled={page >= lastPage}
                onClick={() => write({ page: page + 1 }, { push: true })}
              >
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

/** A text filter (the account's name): typed freely, written to the URL after a pause. */
function TextFilter({
  report,
  filter,
  update,
}: {
  report: ReportDefinition;
  filter: ReportFilter;
  update: (changes: ParamChanges) => void;
}) {
  const { params } = useUrlParams();
  const [text, setText] = useParamText(params, update, filter.name);
  return (
    <InputFilter
      id={`report-${report.kind}-${filter.name}`}
      label={filter.label}
      type="text"
      value={text}
      onChange={setText}
    />
  );
}

function selectSpec(filter: ReportFilter): SelectFilterSpec {
  if (filter.type === 'period') {
    const quarters = quarterChoices();
    return {
      param: filter.name,
      label: filter.hint ? `${filter.label} (${filter.hint.toLowerCase()})` : filter.label,
      anyLabel: 'Any period',
      options: quarters,
      labels: Object.fromEntries(quarters.map((quarter) => [quarter, quarter.replace('-', ' ')])),
      unknownLabel: (value) => value.replace('-', ' '),
    };
  }
  const labels = filter.labels ?? {};
  return {
    param: filter.name,
    label: filter.label,
    anyLabel: `Any ${filter.label.toLowerCase()}`,
    options: Object.keys(labels),
    labels,
  };
}

/** The chips of the filters in force, in the form's order: 'Period: 2026 Q4', 'Account: bosco'. */
function filtersInForce(report: ReportDefinition, values: ReportFilterValues): ActiveFilter[] {
  return report.filters.flatMap((filter) =>
    filter.type === 'text'
      ? textFilterInForce(filter.name, filter.label, values[filter.name])
      : // The chip names the filter alone: the period's hint is the form's.
        selectFiltersInForce([{ ...selectSpec(filter), label: filter.label }], values),
  );
}

/** The report's filters the URL holds; a value that is not one of a filter's is left out. */
export function readReportFilters(
  report: ReportDefinition,
  params: URLSearchParams,
): ReportFilterValues {
  const filters: ReportFilterValues = {};
  for (const filter of report.filters) {
    const value = params.get(filter.name)?.trim();
    if (!value) continue;
    if (filter.type === 'period' && !isPeriod(value)) continue;
    if (filter.type === 'choice' && !Object.hasOwn(filter.labels ?? {}, value)) continue;
    filters[filter.name] = value;
  }
  return filters;
}

function shown(column: ReportColumn, row: ReportRow): string {
  const value = row[column.key] ?? null;
  if (value === null) return '—';
  return column.type === 'date' ? formatDate(String(value)) : cellText(column, value);
}

/**
 * What a header needs on one line: about 7 px a letter and 11 px for its widest ones ('Owner'),
 * the sort arrow with its gap (18 px) and the preview's tight cell padding (8 px, `.cell`).
 */
const headerWidth = (column: ReportColumn) => Math.ceil(column.title.length * 7 + 37);

/** What a word of a value needs on one line: about 8.5 px a letter and the cell's padding. */
const wordWidth = (letters: number) => Math.ceil(letters * 8.5 + 8);

/** The room a pill takes around its label. */
const PILL_PADDING = 14;

/**
 * A choice column as wide as its header and its longest word need, at most 96 px: a label of
 * several words ('Business segment') wraps between them, never inside one.
 */
function choiceWidth(column: ReportColumn, pill: boolean): number {
  const words = Object.values(column.labels ?? {}).flatMap((label) => label.split(/\s+/));
  const longest = Math.max(...words.map((word) => word.length), 0);
  const value = wordWidth(longest) + (pill ? PILL_PADDING : 0);
  return Math.min(96, Math.max(headerWidth(column), value));
}

/** The columns people read: they wrap and take the room the others leave. */
const LONG_COLUMNS = ['statement', 'title', 'risk_status'];
/** The row's main text, the title of its card on a phone: the first of these a report has. */
const MAIN_COLUMNS = ['title', 'statement'];

const isRiskStatus = (value: ReportCell): value is RiskStatus =>
  (RISK_STATUSES as readonly ReportCell[]).includes(value);

/** A risk's or issue's status on the register's pill, as /risks shows it. */
const PILL_COLUMNS: Partial<Record<ReportKind, Record<string, (value: ReportCell) => ReactNode>>> =
  {
    'risk-register': {
      status: (value) => (isRiskStatus(value) ? <RiskStatusPill status={value} /> : String(value)),
    },
  };

/** The cells that are a record's address: a register row's id opens its risk (spec: rows are links). */
const LINK_COLUMNS: Partial<Record<ReportKind, Record<string, (value: ReportCell) => string>>> = {
  'risk-register': { id: (value) => `/risks/${String(value)}` },
};

/**
 * The preview's columns, sorted by the server. The table lays out fixed: numbers, dates and
 * choices take what their values need, names are cut with an ellipsis (the whole name in their
 * tooltip), and the long texts share the rest; `fitColumns` leaves out what a narrow box cannot hold.
 */
function previewColumns(report: ReportDefinition): Column<ReportRow>[] {
  const { columns } = report;
  const main = MAIN_COLUMNS.find((key) => columns.some((column) => column.key === key));
  return columns.map((column) => {
    const long = LONG_COLUMNS.includes(column.key);
    const pill = PILL_COLUMNS[report.kind]?.[column.key];
    const link = LINK_COLUMNS[report.kind]?.[column.key];
    const [kind, width]: [ColumnKind, number | string] =
      column.type === 'number'
        ? ['number', Math.max(40, headerWidth(column))]
        : column.type === 'date'
          ? ['date', Math.max(90, headerWidth(column))]
          : column.type === 'choice'
            ? ['text', choiceWidth(column, pill !== undefined)]
            : long
              ? ['long', 'auto']
              : ['truncate', Math.max(72, headerWidth(column))];
    return {
      id: column.key,
      header: column.title,
      kind,
      width,
      sortable: true,
      rowHeader: column.key === main,
      className: styles.cell,
      cell: (row: ReportRow) => {
        const value = row[column.key];
        if (value == null) return shown(column, row);
        if (pill) return pill(value);
        return link ? <Link to={link(value)}>{shown(column, row)}</Link> : shown(column, row);
      },
    };
  });
}

/** How wide the report's box is (0 until measured, and in jsdom). */
const boxWidth = (box: HTMLElement) => box.clientWidth;

/** The room the statement (each long column) keeps at the least: about five words a line. */
const LONG_MIN = 240;

/**
 * What a report's preview leaves out, group by group in this order, while its box cannot give
 * each long column `LONG_MIN`: the columns people read least (the Excel export keeps them). The
 * register's issue grades go first, then the risk's rating, the owner and the id.
 */
const SPARE_COLUMNS: Partial<Record<ReportKind, readonly (readonly string[])[]>> = {
  'risk-register': [['priority', 'severity'], ['rating'], ['owner'], ['id']],
};

const LIST = new Intl.ListFormat('en', { type: 'conjunction' });

/**
 * The preview's columns for a box `room` px wide (0: not measured, every column), and the
 * titles of those left out. The column the rows are sorted by stays.
 */
function fitColumns(
  report: ReportDefinition,
  room: number,
  sortField: string | null | undefined,
): { columns: Column<ReportRow>[]; leftOut: string[] } {
  let columns = previewColumns(report);
  const leftOut: string[] = [];
  // The frame's border takes a pixel on each side.
  const fits = () =>
    columns.reduce(
      (sum, column) => sum + (typeof column.width === 'number' ? column.width : LONG_MIN),
      2,
    ) <= room;
  for (const group of SPARE_COLUMNS[report.kind] ?? []) {
    if (room <= 0 || fits()) break;
    if (sortField && group.includes(sortField)) continue;
    leftOut.push(
      ...columns.filter((column) => group.includes(column.id)).map((column) => column.header),
    );
    columns = columns.filter((column) => !group.includes(column.id));
  }
  return { columns, leftOut };
}
