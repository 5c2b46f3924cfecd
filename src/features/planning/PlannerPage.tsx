import { CalendarRange, ListPlus, Play, Sheet, X } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { PLANNER_FLAGS, type PlannedCheck, type PlannerGrid } from '../../api/contract/planner';
import { PLANNER_PERIOD_FLAGS } from '../../api/contract/plannerPeriods';
import { POLL_MODEL_LABELS } from '../../api/contract/pollLabels';
import { POLL_MODELS } from '../../api/contract/polls';
import { RISK_MESSAGES } from '../../api/contract/risks';
import { downloadBlob } from '../../shared/lib/download';
import { useFocusAfterAction } from '../../shared/lib/focus';
import { clearing, useUrlParams, type ParamChanges } from '../../shared/lib/searchParams';
import { dismissToast, notify } from '../../shared/lib/toasts';
import { useUrlText } from '../../shared/lib/useDebounced';
import { Button } from '../../shared/ui/Button';
import { EmptyState, NoMatch, LoadFailed } from '../../shared/ui/EmptyState';
import type { SelectFilterSpec } from '../../shared/ui/FilterField';
import { PageHeader } from '../../shared/ui/PageHeader';
import { TableSkeleton } from '../../shared/ui/TableSkeleton';
import { useGetCurrentUserQuery } from '../auth/api';
import { StructureFilterPanel } from '../projects/embed';
import { PlanDialog, type PlanTarget } from './PlanDialog';
import { PlannedCheckPanel } from './PlannedCheckPanel';
import {
  PLAN_FILTER_LABELS,
  PLAN_FILTERS,
  PLANNER_FILTER_PARAMS,
  conflictsByCheck,
  filterPlannerProjects,
  indexPlan,
  isPlannable,
  isPlannerFiltered,
  peopleById,
  readPlannerFilters,
  workingPeriod,
  type PlannerFilters,
} from './plannerGrid';
import { useGetPlannerQuery } from './plannerApi';
import { PlannerTable } from './PlannerTable';
import { buildPlanWorkbook } from './planWorkbook';
import { StartPlannerDialog } from './StartPlannerDialog';
import styles from './planner.module.css';
import { todayIso } from '../../shared/lib/today';

/** How long the keep-this-page-open message stays once the file is handed over. */
const AFTER_DOWNLOAD_MS = 4000;

/**
 * `/planning`, the check planner (planner-projects): every project that may be planned against
 * the planner periods, fetched once and filtered in the browser (segment, line, account, model,
 * due, planned or not in the working period, search; all in the URL). A cell opens its planned
 * check in a side panel (planner-check-details, `?check=`); with CAN_EDIT_CHECK_PLANNER an empty
 * cell of a period whose plan may change is planned, and the selected projects are planned at
 * once; with CAN_START_CHECK_PLANNER the working period's planner is started.
 */
export default function PlannerPage() {
  const { data, isLoading, isError, refetch } = useGetPlannerQuery();
  return (
    <section aria-labelledby="planner-title" className={styles.page}>
      {isLoading ? (
        <>
          <PageHeader titleId="planner-title" title="Check planner" />
          <TableSkeleton label="Loading the planner…" rows={10} columns={6} />
        </>
      ) : isError || !data ? (
        <>
          <PageHeader titleId="planner-title" title="Check planner" />
          <LoadFailed title="The planner could not be loaded" onRetry={() => void refetch()} />
        </>
      ) : (
        <PlannerView grid={data} />
      )}
    </section>
  );
}

function PlannerView({ grid }: { grid: PlannerGrid }) {
  const { data: user } = useGetCurrentUserQuery();
  const permissions = user?.permissions ?? [];
  const mayEdit = permissions.includes(PLANNER_FLAGS.edit);
  const mayStart = permissions.includes(PLANNER_FLAGS.start);
  const mayViewPeriods = permissions.includes(PLANNER_PERIOD_FLAGS.view);

  const { params, update } = useUrlParams();
  const urlFilters = useMemo(() => readPlannerFilters(params), [params]);
  const commitSearch = useCallback((search: string) => update({ search }), [update]);
  const [searchText, setSearchText] = useUrlText(urlFilters.search ?? '', commitSearch);
  const search = searchText.trim();
  const filters = useMemo<PlannerFilters>(() => {
    const { search: _url, ...rest } = urlFilters;
    return search ? { ...rest, search } : rest;
  }, [urlFilters, search]);

  const plan = useMemo(() => indexPlan(grid.checks), [grid.checks]);
  const people = useMemo(() => peopleById(grid.people), [grid.people]);
  const accounts = useMemo(
    () => new Map(grid.accounts.map((account) => [account.id, account.name])),
    [grid.accounts],
  );
  const projectsById = useMemo(
    () => new Map(grid.projects.map((project) => [project.id, project])),
    [grid.projects],
  );
  const conflicts = useMemo(() => conflictsByCheck(grid.checks), [grid.checks]);
  const period = workingPeriod(grid.periods, filters.period);
  const rows = useMemo(
    () => filterPlannerProjects(grid, filters, plan, people, period?.id),
    [grid, filters, plan, people, period?.id],
  );
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [target, setTarget] = useState<PlanTarget | null>(null);
  const focusAfter = useFocusAfterAction();
  const [starting, setStarting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const openId = Number(params.get('check'));
  const openCheck = grid.checks.find((check) => check.id === openId);
  const openPanel = (check: PlannedCheck) => update({ check: check.id }, { push: true });
  const closePanel = () => update({ check: undefined });
  const projectName = (id: number) => projectsById.get(id)?.name ?? `Project ${id}`;

  const plannedInPeriod = period
    ? grid.checks.filter((check) => check.period_id === period.id).length
    : 0;
  const conflictCount = period
    ? new Set(
        [...conflicts.entries()]
          .filter(([id]) => grid.checks.some((c) => c.id === id && c.period_id === period.id))
          .flatMap(([, list]) => list.map((c) => `${c.planned_week}|${c.user_id}`)),
      ).size
    : 0;
  const selectedRows = rows.filter((row) => selected.has(row.id));
  const selectable = selectedRows.filter((row) => !(period && plan.get(row.id)?.has(period.id)));

  const select = (ids: number[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids)
      if (on) next.add(id);
      else next.delete(id);
    setSelected(next);
  };

  const exportPlan = async () => {
    setExporting(true);
    const message = notify.info(RISK_MESSAGES.excelDownload, { autoClose: false });
    try {
      const file = await buildPlanWorkbook({
        projects: rows,
        periods: grid.periods,
        plan,
        people,
        accounts,
        conflicts,
        period,
      });
      downloadBlob(file, `check-plan-${todayIso()}.xlsx`);
      notify.update(message, { autoClose: AFTER_DOWNLOAD_MS });
    } catch {
      dismissToast(message);
      notify.warning('The Excel file could not be built. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  // The default working period is the select's first choice ("no choice"), listed once.
  const defaultPeriod = workingPeriod(grid.periods, undefined);
  const periodSelect: SelectFilterSpec = {
    param: 'period',
    label: 'Working period',
    anyLabel: defaultPeriod ? `${defaultPeriod.name} (default)` : 'No period',
    options: grid.periods
      .filter((column) => column.id !== defaultPeriod?.id)
      .map((column) => String(column.id)),
    labels: Object.fromEntries(grid.periods.map((column) => [String(column.id), column.name])),
  };

  return (
    <>
      <PageHeader
        titleId="planner-title"
        title="Check planner"
        subtitle={`${grid.projects.length} projects across ${grid.periods.length} ${grid.periods.length === 1 ? 'period' : 'periods'}`}
        actions={
          <>
            {mayViewPeriods && (
              <Button to="/planning/periods" icon={CalendarRange}>
                Planner periods
              </Button>
            )}
            <Button
              icon={Sheet}
              disabled={exporting || grid.checks.length === 0}
              onClick={() => void exportPlan()}
            >
              {exporting ? 'Exporting…' : 'Export to Excel'}
            </Button>
            {mayStart && period && (
              <Button variant="primary" icon={Play} onClick={() => setStarting(true)}>
                Start planner…
              </Button>
            )}
          </>
        }
      />
      {grid.periods.length === 0 ? (
        <EmptyState
          title="No planner periods yet"
          actions={
            mayViewPeriods ? <Button to="/planning/periods">Go to the periods</Button> : undefined
          }
        >
          <p>Checks are planned in periods. Once a period exists, its column appears here.</p>
        </EmptyState>
      ) : (
        <>
          <PlannerFilterBar
            grid={grid}
            filters={filters}
            periodName={period?.name ?? 'the period'}
            periodSelect={periodSelect}
            defaultPeriodId={defaultPeriod?.id}
            searchText={searchText}
            onSearchText={setSearchText}
            onChange={update}
            onReset={() => update(clearing(PLANNER_FILTER_PARAMS))}
          />
          <div className={styles.bar}>
            <p role="status" className={styles.count} data-search={search}>
              {rows.length === grid.projects.length
                ? `${rows.length} projects`
                : `${rows.length} of ${grid.projects.length} projects match`}
              {period &&
                ` · ${plannedInPeriod} planned in ${period.name}${
                  conflictCount > 0
                    ? ` · ${conflictCount} expert ${conflictCount === 1 ? 'conflict' : 'conflicts'}`
                    : ''
                }`}
            </p>
            {mayEdit && selected.size > 0 && period && (
              <span className={styles.selection}>
                <span>{selected.size} selected</span>
                <Button
                  size="sm"
                  variant="primary"
                  icon={ListPlus}
                  disabled={!isPlannable(period) || selectable.length === 0}
                  onClick={() => setTarget({ kind: 'bulk', projects: selectable, period })}
                >
                  {isPlannable(period)
                    ? `Plan ${selectable.length} in ${period.name}…`
                    : `${period.name} cannot change`}
                </Button>
                <Button size="sm" icon={X} onClick={() => setSelected(new Set())}>
                  Clear selection
                </Button>
              </span>
            )}
          </div>
          {mayEdit && selected.size > 0 && selectable.length < selectedRows.length && (
            <p className="muted">
              {selectedRows.length - selectable.length} of the selected projects already have a
              check in {period?.name}; they are left out.
            </p>
          )}
          {rows.length === 0 ? (
            <NoMatch
              title="No project matches these filters"
              onReset={() => update(clearing(PLANNER_FILTER_PARAMS))}
            >
              <p>Search for another name, code or manager, or widen the filters.</p>
            </NoMatch>
          ) : (
            <PlannerTable
              rows={rows}
              periods={grid.periods}
              plan={plan}
              people={people}
              accounts={accounts}
              conflicts={conflicts}
              selected={selected}
              onSelect={select}
              onPlan={
                mayEdit
                  ? (project, column) => setTarget({ kind: 'new', project, period: column })
                  : undefined
              }
              onOpen={openPanel}
              captionId="planner-caption"
              caption={`Planned checks: ${rows.length} projects against ${grid.periods.length} periods, by account, then project name`}
              scrollResetKey={JSON.stringify(filters)}
            />
          )}
        </>
      )}
      {openCheck && (
        <PlannedCheckPanel
          check={openCheck}
          project={projectsById.get(openCheck.project_id)}
          period={grid.periods.find((column) => column.id === openCheck.period_id)}
          account={accounts.get(projectsById.get(openCheck.project_id)?.account_id ?? 0)}
          people={people}
          conflicts={conflicts.get(openCheck.id) ?? []}
          projectName={projectName}
          mayEdit={mayEdit}
          onEdit={() => {
            const project = projectsById.get(openCheck.project_id);
            const column = grid.periods.find((c) => c.id === openCheck.period_id);
            if (project && column)
              setTarget({ kind: 'edit', check: openCheck, project, period: column });
          }}
          onClose={closePanel}
        />
      )}
      {target && (
        <PlanDialog
          key={target.kind === 'edit' ? `edit-${target.check.id}` : target.kind}
          target={target}
          checks={grid.checks}
          people={people}
          projectName={projectName}
          onClose={(planned) => {
            setTarget(null);
            if (planned && target.kind === 'bulk') setSelected(new Set());
            // One cell planned or changed: its check, once the grid shows it.
            if (planned && target.kind !== 'bulk') {
              const cell = `${target.project.id}-${target.period.id}`;
              focusAfter(() =>
                document.querySelector<HTMLElement>(
                  `[data-cell="${cell}"][aria-label]:not([aria-label^="Plan a check"])`,
                ),
              );
            }
          }}
        />
      )}
      {starting && period && (
        <StartPlannerDialog
          period={period}
          onOpenCheck={(id) => {
            setStarting(false);
            update({ check: id }, { push: true });
          }}
          onClose={() => setStarting(false)}
        />
      )}
    </>
  );
}

function PlannerFilterBar({
  grid,
  filters,
  periodName,
  periodSelect,
  defaultPeriodId,
  searchText,
  onSearchText,
  onChange,
  onReset,
}: {
  grid: PlannerGrid;
  filters: PlannerFilters;
  periodName: string;
  periodSelect: SelectFilterSpec;
  /** The period the planner works in when the URL names none: its select's first choice. */
  defaultPeriodId: number | undefined;
  searchText: string;
  onSearchText: (text: string) => void;
  onChange: (changes: ParamChanges) => void;
  onReset: () => void;
}) {
  const selects = useMemo<SelectFilterSpec[]>(
    () => [
      {
        param: 'model',
        label: 'Model',
        anyLabel: 'Any model',
        options: POLL_MODELS,
        labels: POLL_MODEL_LABELS,
      },
      periodSelect,
      {
        param: 'plan',
        label: `In ${periodName}`,
        anyLabel: 'Planned or not',
        options: PLAN_FILTERS,
        labels: PLAN_FILTER_LABELS,
      },
    ],
    [periodSelect, periodName],
  );
  return (
    <StructureFilterPanel
      idPrefix="planner"
      label="Filter the planner"
      className={styles.filters}
      structure={grid}
      filters={filters}
      searchText={searchText}
      onSearchText={onSearchText}
      selects={selects}
      values={{
        model: filters.model,
        period: filters.period === defaultPeriodId ? undefined : filters.period,
        plan: filters.plan,
      }}
      flags={[{ param: 'due', label: 'Due for a check', checked: filters.due ?? false }]}
      canReset={isPlannerFiltered(filters)}
      onChange={onChange}
      onReset={onReset}
    />
  );
}
