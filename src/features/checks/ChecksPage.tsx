import { useCallback, useRef } from 'react';
import { Link } from 'react-router';
import type { ApiError } from '../../api/baseQuery';
import {
  POLL_MODELS,
  POLL_ORDERING_FIELDS,
  POLL_STATUSES,
  POLL_TYPES,
  POLL_WAITING,
  POLL_WAITING_LABELS,
  type PollListItem,
  type PollListQuery,
} from '../../api/contract/polls';
import { formatDate, personLabel } from '../../api/contract/display';
import { NAV_PERMISSIONS } from '../../api/contract/permissions';
import {
  clearing,
  codeIn,
  readOrdering,
  positiveInt,
  readParams,
  trimmed,
  useUrlParams,
  type ParamChanges,
} from '../../shared/lib/searchParams';
import { focusElement } from '../../shared/lib/focus';
import { useParamText } from '../../shared/lib/useDebounced';
import { DataTable, nextSort, readSort, writeSort, type Column } from '../../shared/ui/DataTable';
import {
  InputFilter,
  SearchFilter,
  SelectFilters,
  type SelectFilterSpec,
} from '../../shared/ui/FilterField';
import { FilterPanel, selectFiltersInForce, textFilterInForce } from '../../shared/ui/FilterPanel';
import { TableSkeleton } from '../../shared/ui/TableSkeleton';
import { useGetCurrentUserQuery } from '../auth/api';
import { useGetPollsQuery } from './api';
import { InvalidFlag, ProgressBar, StatusBadge } from './CheckBadges';
import {
  POLL_MODEL_LABELS,
  POLL_STATUS_LABELS,
  POLL_TYPE_LABELS,
} from '../../api/contract/pollLabels';
import { canConfigureChecks } from './rules';
import { Button } from '../../shared/ui/Button';
import { EmptyState, NoMatch, LoadFailed } from '../../shared/ui/EmptyState';
import checkStyles from './checks.module.css';
import { PageHeader } from '../../shared/ui/PageHeader';

export const CHECKS_PAGE_SIZE = 25;

/** The views across checks, each behind its flag (spec §2 `/overview`, `/summary`, `/outcomes`). */
const CHECK_VIEWS = [
  { path: '/overview', label: 'Project overviews', flag: NAV_PERMISSIONS.projectDetails },
  { path: '/summary', label: 'Summaries', flag: NAV_PERMISSIONS.summary },
  { path: '/outcomes', label: 'Audit outcomes', flag: NAV_PERMISSIONS.pollOutcomes },
];

/**
 * The table's columns, each sorting through DRF's `ordering` param when its id is an ordering
 * field. Their widths in px add up to the list's width at 1280 px (974 px), so every column shows
 * without a sideways scroll; wider screens share out the rest, narrower ones scroll the table
 * inside its own box; below 600 px each check is a card, its project first.
 */
const COLUMNS: Column<PollListItem>[] = [
  {
    id: 'project',
    header: 'Project',
    rowHeader: true,
    sortable: true,
    width: 124,
    // It stays in view while a narrow screen scrolls the table sideways.
    sticky: true,
    cell: (poll) => (
      <>
        <Link to={`/checks/${poll.id}`}>{poll.project.name}</Link>
        {poll.is_invalid && (
          <>
            {' '}
            <InvalidFlag />
          </>
        )}
      </>
    ),
  },
  {
    id: 'account',
    header: 'Account',
    sortable: true,
    width: 104,
    kind: 'truncate',
    cell: (poll) => poll.account.name,
  },
  {
    id: 'type',
    header: 'Type',
    sortable: true,
    width: 84,
    cell: (poll) => POLL_TYPE_LABELS[poll.type],
  },
  {
    id: 'model',
    header: 'Model',
    sortable: true,
    width: 70,
    cell: (poll) => POLL_MODEL_LABELS[poll.model],
  },
  { id: 'index', header: 'Index', sortable: true, width: 70, cell: (poll) => poll.index },
  {
    id: 'status',
    header: 'Status',
    sortable: true,
    width: 92,
    cell: (poll) => <StatusBadge status={poll.status} />,
  },
  {
    id: 'progress',
    header: 'Progress',
    sortable: true,
    width: 80,
    className: checkStyles.progressCell,
    cell: (poll) => <ProgressBar percent={poll.progress} />,
  },
  {
    id: 'main_expert',
    header: 'Main expert',
    width: 89,
    kind: 'truncate',
    cell: (poll) => (poll.main_expert ? personLabel(poll.main_expert) : '—'),
  },
  {
    id: 'created_at',
    header: 'Created',
    sortable: true,
    width: 87,
    kind: 'date',
    cell: (poll) => formatDate(poll.created_at),
  },
  {
    id: 'due_date',
    header: 'Due',
    sortable: true,
    width: 87,
    kind: 'date',
    cell: (poll) => formatDate(poll.due_date),
  },
  {
    id: 'finished_at',
    header: 'Finished',
    width: 87,
    kind: 'date',
    cell: (poll) => (poll.finished_at ? formatDate(poll.finished_at) : '—'),
  },
];

/** The URL params that narrow the list, read as the query takes them; not `ordering`, not `page`. */
const FILTERS = {
  search: trimmed,
  status: codeIn(POLL_STATUSES),
  type: codeIn(POLL_TYPES),
  model: codeIn(POLL_MODELS),
  project: positiveInt,
  account: trimmed,
  waiting: codeIn(POLL_WAITING),
};
const FILTER_PARAMS = Object.keys(FILTERS);

/** The filter bar's selects, in their order. */
const SELECT_FILTERS: SelectFilterSpec<'waiting' | 'status' | 'type' | 'model'>[] = [
  {
    param: 'waiting',
    label: 'Waiting',
    anyLabel: 'Any check',
    options: POLL_WAITING,
    labels: POLL_WAITING_LABELS,
  },
  {
    param: 'status',
    label: 'Status',
    anyLabel: 'Any status',
    options: POLL_STATUSES,
    labels: POLL_STATUS_LABELS,
  },
  {
    param: 'type',
    label: 'Type',
    anyLabel: 'Any type',
    options: POLL_TYPES,
    labels: POLL_TYPE_LABELS,
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
 * `/checks`: every check the user may see, filtered, sorted and paged. All of it lives in the URL,
 * so a reload or a shared link shows the same list.
 */
export default function ChecksPage() {
  const { params, update: write } = useUrlParams();
  const query = readListQuery(params);
  const page = query.page ?? 1;
  const { data: user } = useGetCurrentUserQuery();
  const { data, error, isError, isLoading, isFetching, refetch } = useGetPollsQuery(query);

  /** Any change but paging goes back to page 1; paging adds a history entry. */
  const update = useCallback(
    (changes: ParamChanges) => write({ ...changes, page: undefined }),
    [write],
  );
  const listRef = useRef<HTMLDivElement>(null);
  /** Paging adds a history entry and brings the list's top into view, with the focus on it. */
  const goToPage = (next: number) => {
    write({ page: next > 1 ? next : undefined }, { push: true });
    const list = listRef.current;
    if (list) {
      // The new page's table (its frame scrolls back to the top with the page), its caption read first.
      focusElement(list.querySelector('table') ?? list);
      list.scrollIntoView?.({ block: 'start' });
    }
  };
  const [search, setSearch] = useParamText(params, update, 'search');
  const [account, setAccount] = useParamText(params, update, 'account');
  const [project, setProject] = useParamText(params, update, 'project');

  const filtered = FILTER_PARAMS.some((key) => params.get(key));
  const resetFilters = () => {
    update(clearing(FILTER_PARAMS));
    setSearch('');
    setAccount('');
    setProject('');
  };
  const inForce = [
    ...textFilterInForce('search', 'Search', query.search),
    ...selectFiltersInForce(SELECT_FILTERS, query),
    ...textFilterInForce('project', 'Project ID', query.project),
    ...textFilterInForce('account', 'Account', query.account),
  ];
  const sort = readSort(query.ordering, POLL_ORDERING_FIELDS);
  const sortBy = (column: string) => update({ ordering: writeSort(nextSort(sort, column)) });

  const count = data?.count ?? 0;
  const lastPage = Math.max(1, Math.ceil(count / CHECKS_PAGE_SIZE));
  const first = (page - 1) * CHECKS_PAGE_SIZE + 1;
  const last = Math.min(count, page * CHECKS_PAGE_SIZE);
  const pageGone = (error as ApiError | undefined)?.status === 404 && page > 1;
  /** 403: the user's role holds no CAN_VIEW_CHECKS; the sidebar item is open to everyone (spec §2). */
  const refused = (error as ApiError | undefined)?.status === 403;

  return (
    <section className="checks-page" aria-labelledby="checks-title">
      <PageHeader
        title="Checks"
        titleId="checks-title"
        actions={
          <>
            {canConfigureChecks(user?.permissions) && (
              <Button to="/checks/configure_new" variant="primary">
                Configure new check
              </Button>
            )}
            <Button to="/checks/models">Models</Button>
            {CHECK_VIEWS.filter(({ flag }) => user?.permissions.includes(flag)).map(
              ({ path, label }) => (
                <Button key={path} to={path}>
                  {label}
                </Button>
              ),
            )}
          </>
        }
      />

      {!refused && (
        <FilterPanel
          className={checkStyles.checksFilters}
          label="Filter checks"
          resetLabel="Reset filters"
          canReset={filtered}
          onReset={resetFilters}
          active={inForce}
          onChange={update}
        >
          <SearchFilter
            id="checks-search"
            hint="Project, account or index"
            value={search}
            onChange={setSearch}
          />
          <SelectFilters
            idPrefix="checks"
            filters={SELECT_FILTERS}
            values={query}
            onChange={update}
          />
          <InputFilter
            id="checks-project"
            label="Project ID"
            type="text"
            inputMode="numeric"
            size={8}
            value={project}
            onChange={(text) => setProject(text.replace(/\D/g, ''))}
          />
          <InputFilter
            id="checks-account"
            label="Account"
            type="text"
            value={account}
            onChange={setAccount}
          />
        </FilterPanel>
      )}

      {isLoading ? (
        <TableSkeleton label="Loading checks…" rows={10} columns={8} />
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
        <EmptyState title="The list of checks is not part of your role">
          <p>
            Your permissions do not include seeing checks. If your work needs them, ask your
            platform administrator.
          </p>
        </EmptyState>
      ) : isError ? (
        <LoadFailed title="The checks could not be loaded" onRetry={() => void refetch()} />
      ) : !data || data.results.length === 0 ? (
        filtered ? (
          <NoMatch title="No check matches these filters" onReset={resetFilters}>
            <p>Change the filters or reset them to see every check you may see.</p>
          </NoMatch>
        ) : (
          <EmptyState title="No checks yet">
            <p>Checks you run, answer or review appear here.</p>
          </EmptyState>
        )
      ) : (
        <>
          <div ref={listRef} className={checkStyles.checksList}>
            {/* The table says what it is, apart from the page (and section) it is in, 'Checks'. */}
            <DataTable
              caption="Checks table"
              columns={COLUMNS}
              rows={data.results}
              rowKey={(poll) => poll.id}
              serverSorted
              sort={sort}
              onSort={sortBy}
              busy={isFetching}
              compact
              scrollResetKey={String(page)}
            />
          </div>
          <nav className={checkStyles.pager} aria-label="Pages">
            <Button type="button" disabled={page <= 1} onClick={() => goToPage(page - 1)}>
              Previous
            </Button>
            <span aria-live="polite" className={checkStyles.pagerText}>
              Page {page} of {lastPage} · checks {first}–{last} of {count}
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

/** The list query the URL describes; unknown values are ignored rather than sent. */
export function readListQuery(params: URLSearchParams): PollListQuery {
  const query: PollListQuery = { page_size: CHECKS_PAGE_SIZE, ...readParams(params, FILTERS) };
  const page = positiveInt(params.get('page'));
  if (page && page > 1) query.page = page;
  const [field, descending] = readOrdering(
    params.get('ordering') ?? undefined,
    POLL_ORDERING_FIELDS,
  );
  if (field) query.ordering = descending ? `-${field}` : field;
  return query;
}
