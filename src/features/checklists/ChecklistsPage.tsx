import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import {
  CHECKLIST_FLAGS,
  CHECKLIST_STATE_LABELS,
  CHECKLIST_STATES,
  type Checklist,
  type ChecklistFilters,
} from '../../api/contract/checklists';
import {
  clearing,
  codeIn,
  positiveInt,
  readParams,
  trimmed,
  useUrlParams,
} from '../../shared/lib/searchParams';
import { useUrlText } from '../../shared/lib/useDebounced';
import { FilterPanel, selectFiltersInForce, textFilterInForce } from '../../shared/ui/FilterPanel';
import { Button } from '../../shared/ui/Button';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { EmptyState, LoadFailed } from '../../shared/ui/EmptyState';
import { SearchFilter, SelectFilters, type SelectFilterSpec } from '../../shared/ui/FilterField';
import { PageHeader } from '../../shared/ui/PageHeader';
import { TableSkeleton } from '../../shared/ui/TableSkeleton';
import { useGetCurrentUserQuery } from '../auth/api';
import { useGetChecklistsQuery } from './api';
import { ChecklistProgress, ChecklistStateBadge, DueDate, projectLabel } from './parts';
import { todayIso } from '../../shared/lib/today';
import styles from './checklists.module.css';

/** The URL params that narrow the list, read as the query takes them. */
const FILTERS = {
  state: codeIn(CHECKLIST_STATES),
  project: positiveInt,
  search: trimmed,
};
const FILTER_PARAMS = Object.keys(FILTERS);

const STATE_FILTER: SelectFilterSpec<'state'> = {
  param: 'state',
  label: 'State',
  anyLabel: 'Any state',
  options: CHECKLIST_STATES,
  labels: CHECKLIST_STATE_LABELS,
};

/**
 * `/project-checklists`: the checklists issued to the user for their projects, by due date, with
 * their project, template, state and progress; filtered by state and project and searched, all in
 * the URL. A row opens the checklist.
 */
export default function ChecklistsPage() {
  const { params, update } = useUrlParams();
  const filters: ChecklistFilters = readParams(params, FILTERS);
  const { data, isLoading, isError, isFetching, refetch } = useGetChecklistsQuery(filters);
  // Every checklist of the user, for the project filter's options (the same query when unfiltered).
  const { data: all } = useGetChecklistsQuery({});
  const permissions = useGetCurrentUserQuery().data?.permissions ?? [];
  const commitSearch = useCallback((text: string) => update({ search: text }), [update]);
  const [search, setSearch] = useUrlText(params.get('search') ?? '', commitSearch);

  const projectFilter = useMemo((): SelectFilterSpec<'project'> => {
    const projects = new Map<string, string>();
    for (const row of all ?? []) projects.set(String(row.project.id), projectLabel(row.project));
    const options = [...projects.keys()].sort((a, b) =>
      projects.get(a)!.localeCompare(projects.get(b)!),
    );
    return {
      param: 'project',
      label: 'Project',
      anyLabel: 'Any project',
      options,
      labels: Object.fromEntries(projects),
      unknownLabel: (id) => `Project ${id}`,
    };
  }, [all]);

  const filtered = FILTER_PARAMS.some((key) => params.get(key));
  const resetFilters = () => {
    update(clearing(FILTER_PARAMS));
    setSearch('');
  };
  const today = todayIso();

  let content;
  if (isLoading) content = <TableSkeleton label="Loading the checklists…" rows={5} columns={5} />;
  else if (isError || !data)
    content = (
      <LoadFailed title="The checklists could not be loaded" onRetry={() => void refetch()} />
    );
  else if (data.length === 0 && !filtered)
    content = (
      <EmptyState title="No checklists for you">
        <p>Checklists issued to you for your projects appear here, with their due dates.</p>
      </EmptyState>
    );
  else if (data.length === 0)
    content = (
      <EmptyState
        title="No checklists match"
        actions={
          <Button type="button" onClick={resetFilters}>
            Show every checklist
          </Button>
        }
      >
        <p>Change the filters or the search, or show them all.</p>
      </EmptyState>
    );
  else
    content = (
      <DataTable
        caption="Project checklists table"
        busy={isFetching}
        columns={checklistColumns(today)}
        rows={data}
        rowKey={(checklist) => checklist.id}
      />
    );

  const open = (all ?? []).filter(
    (row) => row.state === 'available' || row.state === 'in_progress',
  ).length;
  return (
    <section aria-labelledby="checklists-title" className={styles.page}>
      <PageHeader
        titleId="checklists-title"
        title="Project checklists"
        subtitle={
          all
            ? `${open} waiting on you, ${all.length} in all. ${checklistGuidance(permissions)}`
            : 'The checklists issued to you for your projects.'
        }
      />
      <FilterPanel
        className={styles.filters}
        label="Filter the checklists"
        resetLabel="Reset filters"
        canReset={filtered || search !== ''}
        onReset={resetFilters}
        active={[
          ...textFilterInForce('search', 'Search', filters.search),
          ...selectFiltersInForce([STATE_FILTER, projectFilter], {
            state: filters.state,
            project: filters.project,
          }),
        ]}
        onChange={update}
      >
        <SearchFilter
          id="checklists-search"
          hint="Template, project name or code"
          value={search}
          onChange={setSearch}
        />
        <SelectFilters
          idPrefix="checklists"
          filters={[STATE_FILTER, projectFilter]}
          values={{ state: filters.state, project: filters.project }}
          onChange={update}
        />
      </FilterPanel>
      {content}
    </section>
  );
}

/** The list's columns: below 600 px each checklist is a card, its template first. */
const checklistColumns = (today: string): Column<Checklist>[] => [
  {
    id: 'checklist',
    header: 'Checklist',
    rowHeader: true,
    cell: (checklist) => (
      <Link to={`/project-checklists/${checklist.id}`}>{checklist.template_name}</Link>
    ),
  },
  {
    id: 'project',
    header: 'Project',
    cell: ({ project }) => (
      <>
        {project.name}
        {project.code && <span className={`muted ${styles.code}`}> {project.code}</span>}
      </>
    ),
  },
  {
    id: 'due',
    header: 'Due date',
    kind: 'date',
    cell: (checklist) => <DueDate checklist={checklist} today={today} />,
  },
  {
    id: 'state',
    header: 'State',
    cell: (checklist) => <ChecklistStateBadge state={checklist.state} />,
  },
  {
    id: 'progress',
    header: 'Progress',
    kind: 'date',
    cell: (checklist) => <ChecklistProgress checklist={checklist} />,
  },
];

/** What the user may do with their checklists, in one sentence that names only what they may. */
export function checklistGuidance(permissions: readonly string[]): string {
  const may = (flag: string) => permissions.includes(flag);
  const steps: string[] = [];
  if (may(CHECKLIST_FLAGS.edit))
    steps.push(may(CHECKLIST_FLAGS.submit) ? 'Fill them in, then submit' : 'Fill them in');
  else if (may(CHECKLIST_FLAGS.submit)) steps.push('Submit them');
  if (may(CHECKLIST_FLAGS.decline))
    steps.push(
      steps.length ? 'or decline one that does not apply' : 'Decline one that does not apply',
    );
  return steps.length ? `${steps.join(', ')}.` : 'You may read them.';
}
