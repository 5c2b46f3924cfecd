import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import {
  APPROVAL_DUE_FILTER_LABELS,
  APPROVAL_DUE_FILTERS,
  APPROVAL_KIND_LABELS,
  APPROVAL_KINDS,
  waitingApprovalPath,
  type ApprovalFilters,
  type WaitingApproval,
} from '../../api/contract/approvals';
import { formatDate, formatDateTime } from '../../api/contract/display';
import {
  clearing,
  codeIn,
  positiveInt,
  readParams,
  trimmed,
  useUrlParams,
} from '../../shared/lib/searchParams';
import { isOverdue } from '../../shared/lib/today';
import { useUrlText } from '../../shared/lib/useDebounced';
import { Badge } from '../../shared/ui/Badge';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { EmptyState, LoadFailed, NoMatch } from '../../shared/ui/EmptyState';
import { SearchFilter, SelectFilters, type SelectFilterSpec } from '../../shared/ui/FilterField';
import { FilterPanel, selectFiltersInForce, textFilterInForce } from '../../shared/ui/FilterPanel';
import { DetailLine, layoutClass } from '../../shared/ui/Layout';
import { ListCount, plural } from '../../shared/ui/ListCount';
import { PageHeader } from '../../shared/ui/PageHeader';
import { TableSkeleton } from '../../shared/ui/TableSkeleton';
import { useGetWaitingApprovalsQuery } from './api';
import styles from './ApprovalsPage.module.css';

/** The URL params that narrow the list, read as the query takes them. */
const FILTERS = {
  project: positiveInt,
  kind: codeIn(APPROVAL_KINDS),
  due: codeIn(APPROVAL_DUE_FILTERS),
  search: trimmed,
};
const FILTER_PARAMS = Object.keys(FILTERS);

const KIND_FILTER: SelectFilterSpec<'kind'> = {
  param: 'kind',
  label: 'Kind',
  anyLabel: 'Any kind',
  options: APPROVAL_KINDS,
  labels: APPROVAL_KIND_LABELS,
};
const DUE_FILTER: SelectFilterSpec<'due'> = {
  param: 'due',
  label: 'Due',
  anyLabel: 'Any due date',
  options: APPROVAL_DUE_FILTERS,
  labels: APPROVAL_DUE_FILTER_LABELS,
};

const projectLabel = (project: WaitingApproval['project']) =>
  project.code ? `${project.name} (${project.code})` : project.name;

/**
 * `/approvals`: the requests waiting on the user's decision across projects (My work's
 * "Approvals waiting on you" opens it), by due date: what is asked, of which project, by whom and
 * when, due when. Filtered by project, kind and due date and searched, all in the URL; each
 * request opens on its project's Approvals tab, where it is decided.
 */
export default function ApprovalsPage() {
  const { params, update } = useUrlParams();
  const filters: ApprovalFilters = readParams(params, FILTERS);
  const { data, isLoading, isError, isFetching, refetch } = useGetWaitingApprovalsQuery(filters);
  // Every request waiting, for the count and the project filter (the same query when unfiltered).
  const { data: all } = useGetWaitingApprovalsQuery({});
  const commitSearch = useCallback((text: string) => update({ search: text }), [update]);
  const [search, setSearch] = useUrlText(params.get('search') ?? '', commitSearch);

  const projectFilter = useMemo((): SelectFilterSpec<'project'> => {
    const projects = new Map<string, string>();
    for (const row of all ?? []) projects.set(String(row.project.id), projectLabel(row.project));
    return {
      param: 'project',
      label: 'Project',
      anyLabel: 'Any project',
      options: [...projects.keys()].sort((a, b) =>
        projects.get(a)!.localeCompare(projects.get(b)!),
      ),
      labels: Object.fromEntries(projects),
      unknownLabel: (id) => `Project ${id}`,
    };
  }, [all]);
  const selects = [projectFilter, KIND_FILTER, DUE_FILTER];
  const values = { project: filters.project, kind: filters.kind, due: filters.due };

  const filtered = FILTER_PARAMS.some((key) => params.get(key));
  const resetFilters = () => {
    update(clearing(FILTER_PARAMS));
    setSearch('');
  };

  let content;
  if (isLoading)
    content = <TableSkeleton label="Loading the requests waiting on you…" rows={5} columns={5} />;
  else if (isError || !data)
    content = (
      <LoadFailed title="The requests could not be loaded" onRetry={() => void refetch()} />
    );
  else if (data.length === 0 && !filtered)
    content = (
      <EmptyState title="No approval waits on you">
        <p>
          When someone names you the approver of a request on a project, it shows here until you
          decide it on the project&rsquo;s Approvals tab.
        </p>
      </EmptyState>
    );
  else if (data.length === 0)
    content = (
      <NoMatch title="No request matches the filters" onReset={resetFilters}>
        <p>Change the filters or the search, or reset them.</p>
      </NoMatch>
    );
  else
    content = (
      <>
        <ListCount
          shown={data.length}
          total={all?.length ?? data.length}
          one="request"
          many="requests"
        />
        <DataTable
          caption="Approvals waiting on you"
          busy={isFetching}
          columns={COLUMNS}
          rows={data}
          rowKey={(row) => row.id}
        />
      </>
    );

  return (
    <section aria-labelledby="approvals-title" className={styles.page}>
      <PageHeader
        titleId="approvals-title"
        title="Approvals waiting on you"
        subtitle={subtitle(all)}
      />
      {/* Nothing to narrow while nothing waits (a filtered address still shows its filters). */}
      {(filtered || all?.length !== 0) && (
        <FilterPanel
          className={`${layoutClass.filters} ${styles.filters}`}
          label="Filter the requests"
          resetLabel="Reset filters"
          canReset={filtered || search !== ''}
          onReset={resetFilters}
          active={[
            ...textFilterInForce('search', 'Search', filters.search),
            ...selectFiltersInForce(selects, values),
          ]}
          onChange={update}
        >
          <SearchFilter
            id="approvals-search"
            hint="Subject, project or requester"
            value={search}
            onChange={setSearch}
          />
          <SelectFilters idPrefix="approvals" filters={selects} values={values} onChange={update} />
        </FilterPanel>
      )}
      {content}
    </section>
  );
}

/** What waits, in a sentence, once the unfiltered list is in. */
function subtitle(all: readonly WaitingApproval[] | undefined): string {
  if (!all) return 'The requests waiting on your decision, across your projects.';
  if (all.length === 0) return 'Nothing waits on your decision, across your projects.';
  return `${plural(all.length, 'request waits', 'requests wait')} on your decision, across your projects. Open one to approve or reject it on its project’s Approvals tab.`;
}

/** The list's columns: below 600 px each request is a card, its subject first. */
const COLUMNS: Column<WaitingApproval>[] = [
  {
    id: 'request',
    header: 'Request',
    rowHeader: true,
    cell: (row) => (
      <>
        <Link to={waitingApprovalPath(row.project.id, row.id)}>{row.subject}</Link>
        {row.comment && <DetailLine className={styles.comment}>{row.comment}</DetailLine>}
      </>
    ),
  },
  {
    id: 'project',
    header: 'Project',
    cell: ({ project }) => (
      <>
        {project.name}
        {project.code && <DetailLine>{project.code}</DetailLine>}
      </>
    ),
  },
  { id: 'kind', header: 'Kind', cell: (row) => APPROVAL_KIND_LABELS[row.kind] },
  {
    id: 'requested',
    header: 'Requested by',
    cell: (row) => (
      <>
        {row.requester.name}
        {row.origin === 'external' && <span className="muted"> (outside the project)</span>}
        <DetailLine>{formatDateTime(row.raised_at)}</DetailLine>
      </>
    ),
  },
  {
    id: 'due',
    header: 'Due by',
    kind: 'date',
    cell: (row) => (
      <span className={styles.due}>
        {formatDate(row.due_by)}
        {isOverdue(row.due_by) && <Badge tone="danger">Overdue</Badge>}
      </span>
    ),
  },
];
