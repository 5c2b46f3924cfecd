import { useCallback, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ApiError } from '../../api/baseQuery';
import type {
  CheckViewCheck,
  CheckViewQuery,
  CheckViewRowBase,
} from '../../api/contract/checkViews';
import { formatDate } from '../../api/contract/display';
import type { Paginated } from '../../api/contract/drf';
import { POLL_MODEL_LABELS, POLL_STATUS_LABELS } from '../../api/contract/pollLabels';
import { POLL_MODELS, POLL_STATUSES } from '../../api/contract/polls';
import { isPeriod } from '../../api/contract/targets';
import {
  clearing,
  codeIn,
  readOrdering,
  positiveInt,
  readParams,
  trimmed,
  useUrlParams,
  type ParamChanges,
  type ParamReader,
} from '../../shared/lib/searchParams';
import { focusElement } from '../../shared/lib/focus';
import { useParamText } from '../../shared/lib/useDebounced';
import { Button } from '../../shared/ui/Button';
import { StatusBadge } from '../checks/embed';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { EmptyState, NoMatch, LoadFailed } from '../../shared/ui/EmptyState';
import {
  InputFilter,
  SearchFilter,
  SelectFilters,
  type SelectFilterSpec,
} from '../../shared/ui/FilterField';
import { FilterPanel, selectFiltersInForce, textFilterInForce } from '../../shared/ui/FilterPanel';
import { PageHeader } from '../../shared/ui/PageHeader';
import { TableSkeleton } from '../../shared/ui/TableSkeleton';
import styles from './checkViews.module.css';
import { quarterChoices } from '../../shared/lib/today';

export const CHECK_VIEW_PAGE_SIZE = 25;

/** A column of a view: its header, the `ordering` field it sorts by, and its cell. */
export interface ViewColumn<Row> {
  label: string;
  ordering?: string;
  /** What the caption says the rows are sorted by, when the label alone would mislead. */
  sortedAs?: string;
  /** The row's header cell (the link into the check); one column has it. */
  rowHeader?: boolean;
  /** Cells of long text wrap and take more room. */
  wide?: boolean;
  cell: (row: Row) => ReactNode;
}

/** A view call's state as RTK Query gives it, narrowed to what the list shows. */
export interface ViewQueryResult<Row> {
  data?: Paginated<Row>;
  error?: unknown;
  isError: boolean;
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** What sets one view apart from the other two. */
export interface ViewSpec<Row> {
  /** The ids of its fields and its headings start with it: 'summaries'. */
  id: string;
  title: string;
  subtitle: string;
  /** The rows' name in sentences: 'check summaries'. */
  noun: string;
  searchHint: string;
  columns: ViewColumn<Row>[];
  orderingFields: readonly string[];
  /**
   * The order the server answers in when the URL names none (its `ordering` field and whether it
   * runs descending): the table says it, in its caption and the column's aria-sort.
   */
  defaultOrdering: readonly [field: string, descending: boolean];
  /** Selects beyond model and status (the outcomes' severity). */
  extraSelects?: SelectFilterSpec<string>[];
  extraReaders?: Record<string, ParamReader<string>>;
  /** The flag the page needs, named when the server refuses. */
  flag: string;
  rowKey: (row: Row) => number;
}

const period: ParamReader<string> = (value) => (value && isPeriod(value) ? value : undefined);

const BASE_SELECTS: SelectFilterSpec<string>[] = [
  {
    param: 'status',
    label: 'Status',
    anyLabel: 'Any status',
    options: POLL_STATUSES,
    labels: POLL_STATUS_LABELS,
  },
  {
    param: 'model',
    label: 'Model',
    anyLabel: 'Any model',
    options: POLL_MODELS,
    labels: POLL_MODEL_LABELS,
  },
];

/**
 * One view across checks: a searchable, filterable, sortable, paged table whose state lives in
 * the URL, with its loading, empty, refused and failed states; each row leads into its check.
 */
export function CheckViewList<Row extends object>({
  spec,
  rows,
}: {
  spec: ViewSpec<Row>;
  /** The page's call for the query `useViewQuery` read. */
  rows: ViewQueryResult<Row>;
}) {
  const { params, update: write } = useUrlParams();
  const readers = readersOf(spec);
  const filterParams = Object.keys(readers);
  const query = readQuery(params, readers, spec.orderingFields);
  const filterValues: Record<string, string | number | undefined> = { ...query };
  const page = query.page ?? 1;
  const { data, error, isError, isLoading, isFetching, refetch } = rows;

  const update = useCallback(
    (changes: ParamChanges) => write({ ...changes, page: undefined }),
    [write],
  );
  const listRef = useRef<HTMLDivElement>(null);
  const goToPage = (next: number) => {
    write({ page: next > 1 ? next : undefined }, { push: true });
    // The new page's table (its caption read first), at the top of the screen.
    const list = listRef.current?.querySelector<HTMLElement>('table');
    if (list) {
      focusElement(list);
      list.scrollIntoView?.({ block: 'start' });
    }
  };
  const [search, setSearch] = useParamText(params, update, 'search');
  const [account, setAccount] = useParamText(params, update, 'account');
  const filtered = filterParams.some((key) => params.get(key));
  const resetFilters = () => {
    update(clearing(filterParams));
    setSearch('');
    setAccount('');
  };

  const columns = useMemo(() => tableColumns(spec.columns), [spec.columns]);
  const [asked, askedDescending] = readOrdering(query.ordering, spec.orderingFields);
  const [sortField, descending] = asked ? [asked, askedDescending] : spec.defaultOrdering;
  const sortBy = (field: string) =>
    update({ ordering: sortField === field && !descending ? `-${field}` : field });

  const count = data?.count ?? 0;
  const lastPage = Math.max(1, Math.ceil(count / CHECK_VIEW_PAGE_SIZE));
  const first = (page - 1) * CHECK_VIEW_PAGE_SIZE + 1;
  const last = Math.min(count, page * CHECK_VIEW_PAGE_SIZE);
  const status = (error as ApiError | undefined)?.status;
  const pageGone = status === 404 && page > 1;
  const refused = status === 403;
  const periods = quarterChoices();
  const selects: SelectFilterSpec<string>[] = [
    ...BASE_SELECTS,
    {
      param: 'period',
      label: 'Period (due)',
      anyLabel: 'Any period',
      options: periods,
      labels: Object.fromEntries(periods.map((quarter) => [quarter, quarter.replace('-', ' ')])),
      unknownLabel: (value) => value.replace('-', ' '),
    },
    ...(spec.extraSelects ?? []),
  ];
  const titleId = `${spec.id}-title`;

  return (
    <section aria-labelledby={titleId}>
      <PageHeader title={spec.title} titleId={titleId} subtitle={spec.subtitle} />
      {!refused && (
        <FilterPanel
          className={styles.filters}
          label={`Filter ${spec.noun}`}
          resetLabel="Reset filters"
          canReset={filtered}
          onReset={resetFilters}
          active={[
            ...textFilterInForce('search', 'Search', query.search),
            ...textFilterInForce('account', 'Account', query.account),
            ...selectFiltersInForce(selects, filterValues),
          ]}
          onChange={update}
        >
          <SearchFilter
            id={`${spec.id}-search`}
            hint={spec.searchHint}
            value={search}
            onChange={setSearch}
          />
          <InputFilter
            id={`${spec.id}-account`}
            label="Account"
            type="text"
            value={account}
            onChange={setAccount}
          />
          <SelectFilters
            idPrefix={spec.id}
            filters={selects}
            values={filterValues}
            onChange={update}
          />
        </FilterPanel>
      )}

      {isLoading ? (
        <TableSkeleton label={`Loading ${spec.noun}…`} rows={8} columns={spec.columns.length} />
      ) : pageGone ? (
        <EmptyState
          alert
          actions={
            <Button type="button" onClick={() => update({})}>
              Go to the first page
            </Button>
          }
        >
          <p>There is no page {page} of this list any more.</p>
        </EmptyState>
      ) : refused ? (
        <EmptyState title={`The ${spec.noun} are not part of your role`}>
          <p>
            Seeing them needs the permission {spec.flag}. If your work needs it, ask your platform
            administrator.
          </p>
        </EmptyState>
      ) : isError ? (
        <LoadFailed title={`The ${spec.noun} could not be loaded`} onRetry={() => void refetch()} />
      ) : !data || data.results.length === 0 ? (
        filtered ? (
          <NoMatch title={`Nothing matches these filters`} onReset={resetFilters}>
            <p>Change the filters or reset them to see all the {spec.noun} you may see.</p>
          </NoMatch>
        ) : (
          <EmptyState title={`No ${spec.noun} yet`}>
            <p>They appear here once there are checks you may see.</p>
          </EmptyState>
        )
      ) : (
        <>
          <div ref={listRef} className={styles.list}>
            <DataTable
              caption={capitalised(spec.noun)}
              columns={columns}
              rows={data.results}
              rowKey={spec.rowKey}
              serverSorted
              sort={sortField ? { column: sortField, descending } : null}
              onSort={sortBy}
              busy={isFetching}
            />
          </div>
          <nav className={styles.pager} aria-label="Pages">
            <Button type="button" disabled={page <= 1} onClick={() => goToPage(page - 1)}>
              Previous
            </Button>
            <span aria-live="polite" className={styles.pagerText}>
              Page {page} of {lastPage} · {first}–{last} of {count}
            </span>
            <Button type="button" disabled={page >= lastPage} onClick={() => goToPage(page + 1)}>
              Next
            </Button>
          </nav>
        </>
      )}
    </section>
  );
}

/**
 * A view's columns as the DataTable draws them: a column with an `ordering` is a sort button (its
 * id is the field), long texts wrap; below 600 px each row is a card, its row header first.
 */
function tableColumns<Row extends object>(columns: readonly ViewColumn<Row>[]): Column<Row>[] {
  return columns.map((column) => ({
    id: column.ordering ?? `column:${column.label}`,
    header: column.label,
    sortable: !!column.ordering,
    sortedAs: column.sortedAs,
    rowHeader: column.rowHeader,
    className: column.rowHeader ? styles.rowHeader : column.wide ? styles.wide : undefined,
    cell: column.cell,
  }));
}

/** The account and check columns each view shows beside its own; `model` is left out on request. */
export function checkColumns<Row extends CheckViewRowBase>({
  model = true,
}: { model?: boolean } = {}): ViewColumn<Row>[] {
  return [
    { label: 'Account', ordering: 'account', cell: ({ account }) => account.name },
    ...(model
      ? [
          {
            label: 'Model',
            ordering: 'model',
            cell: ({ check }: Row) => POLL_MODEL_LABELS[check.model],
          },
        ]
      : []),
    {
      label: 'Status',
      ordering: 'status',
      cell: ({ check }) => <StatusBadge status={check.status} />,
    },
    {
      label: 'Due',
      ordering: 'due_date',
      cell: ({ check }) => <span className={styles.nowrap}>{formatDate(check.due_date)}</span>,
    },
  ];
}

/** The query a view's URL describes, for the page's call. */
export function useViewQuery<Query extends CheckViewQuery>(
  spec: Pick<ViewSpec<unknown>, 'extraReaders' | 'orderingFields'>,
): Query {
  const [params] = useSearchParams();
  return readQuery(params, readersOf(spec), spec.orderingFields) as Query;
}

/** The readers of a view's URL params: the shared filters and the view's own. */
function readersOf(spec: Pick<ViewSpec<unknown>, 'extraReaders'>) {
  return {
    search: trimmed,
    account: trimmed,
    period,
    status: codeIn(POLL_STATUSES),
    model: codeIn(POLL_MODELS),
    ...spec.extraReaders,
  };
}

/** The survey path of a check: audits under `/audit-survey`, the others under `/survey`. */
export function surveyPath(check: Pick<CheckViewCheck, 'id' | 'type'>, step: string): string {
  return `/${check.type === 'audit_check' ? 'audit-survey' : 'survey'}/${check.id}/${step}`;
}

/** The row header: a link into the check's step, with the check's index below it. */
export function CheckLink({ to, label, detail }: { to: string; label: string; detail: string }) {
  return (
    <>
      <Link to={to}>{label}</Link>
      <span className={styles.detail}>{detail}</span>
    </>
  );
}

/** How long a text may be before it is clamped to three lines behind 'Show all'. */
export const CLAMP_AT = 160;

/**
 * A long plain text, clamped to three lines with a button that shows it all; the whole text is
 * in the page either way, so assistive technology reads it whole. Empty text says so.
 */
export function ClampedText({ text, empty }: { text: string; empty: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (text.trim() === '') return <span className={styles.empty}>{empty}</span>;
  if (text.length <= CLAMP_AT) return <p className={styles.text}>{text}</p>;
  return (
    <>
      <p id={id} className={open ? styles.text : `${styles.text} ${styles.clamped}`}>
        {text}
      </p>
      <button
        type="button"
        className={styles.more}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Show less' : 'Show all'}
      </button>
    </>
  );
}

/** The query the URL describes; unknown values are left out rather than sent. */
export function readQuery(
  params: URLSearchParams,
  readers: Record<string, ParamReader<unknown>>,
  orderingFields: readonly string[],
): CheckViewQuery {
  const query: CheckViewQuery = {
    page_size: CHECK_VIEW_PAGE_SIZE,
    ...(readParams(params, readers) as CheckViewQuery),
  };
  const page = positiveInt(params.get('page'));
  if (page && page > 1) query.page = page;
  const [field, descending] = readOrdering(params.get('ordering') ?? undefined, orderingFields);
  if (field) query.ordering = descending ? `-${field}` : field;
  return query;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
