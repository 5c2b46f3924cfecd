import type { PersonRef } from '../../api/contract/actionRequests';
import { formatDate } from '../../api/contract/display';
import {
  expertConflicts,
  fridayOf,
  type ExpertConflict,
  type PlannedCheck,
  type PlannerColumn,
  type PlannerGrid,
  type PlannerProject,
} from '../../api/contract/planner';
import { POLL_MODELS } from '../../api/contract/polls';
import { codeIn, positiveInt, readParams, trimmed } from '../../shared/lib/searchParams';
import { structureMatcher } from '../projects/embed';

const yes = (value: string | null) => (value === '1' ? true : undefined);

/** The plan state of a project in the chosen period: planned there, or not. */
export const PLAN_FILTERS = ['planned', 'unplanned'] as const;
export type PlanFilter = (typeof PLAN_FILTERS)[number];
export const PLAN_FILTER_LABELS: Record<PlanFilter, string> = {
  planned: 'Planned in the period',
  unplanned: 'Not planned in the period',
};

const READERS = {
  search: trimmed,
  segment: positiveInt,
  line: positiveInt,
  account: positiveInt,
  model: codeIn(POLL_MODELS),
  due: yes,
  plan: codeIn(PLAN_FILTERS),
  /** The period the plan filter and the selection's plan apply to. */
  period: positiveInt,
};

/** The URL params of the grid's filters (the side panel's `check` is not one). */
export const PLANNER_FILTER_PARAMS = Object.keys(READERS).filter((key) => key !== 'period');

export type PlannerFilters = ReturnType<typeof readPlannerFilters>;

/** What the URL says (`?search=apollo&due=1&period=2&plan=unplanned`). */
export const readPlannerFilters = (params: URLSearchParams) => readParams(params, READERS);

export const isPlannerFiltered = (filters: PlannerFilters) =>
  PLANNER_FILTER_PARAMS.some((key) => key in filters);

const lower = (text: string) => text.toLocaleLowerCase('en-US');

/** The planned checks by project, then by period: `plan.get(projectId)?.get(periodId)`. */
export type PlanIndex = Map<number, Map<number, PlannedCheck>>;

export function indexPlan(checks: readonly PlannedCheck[]): PlanIndex {
  const index: PlanIndex = new Map();
  for (const check of checks) {
    const row = index.get(check.project_id) ?? new Map<number, PlannedCheck>();
    row.set(check.period_id, check);
    index.set(check.project_id, row);
  }
  return index;
}

/**
 * The rows the filters keep, in the grid's order. Search looks through the project's name and
 * code and its manager's name; `plan` looks at the chosen period (the first open one without it).
 */
export function filterPlannerProjects(
  grid: PlannerGrid,
  filters: PlannerFilters,
  plan: PlanIndex,
  people: ReadonlyMap<number, PersonRef>,
  periodId: number | undefined,
): PlannerProject[] {
  const inStructure = structureMatcher(grid, filters);
  const needle = filters.search ? lower(filters.search) : '';
  return grid.projects.filter((project) => {
    if (!inStructure(project.account_id)) return false;
    if (filters.model && project.model !== filters.model) return false;
    if (filters.due && !project.due) return false;
    if (filters.plan && periodId !== undefined) {
      const planned = plan.get(project.id)?.has(periodId) ?? false;
      if (planned !== (filters.plan === 'planned')) return false;
    }
    if (!needle) return true;
    const manager = project.manager_id === null ? undefined : people.get(project.manager_id);
    return (
      lower(project.name).includes(needle) ||
      lower(project.code).includes(needle) ||
      (manager !== undefined && lower(manager.name).includes(needle))
    );
  });
}

/** A period whose plan may change: not closed, planner not started. */
export const isPlannable = (period: PlannerColumn) =>
  period.state !== 'closed' && period.planner_started_at === null;

/** The period the page works on: the one in the URL, else the first plannable one, else the last. */
export function workingPeriod(
  periods: readonly PlannerColumn[],
  wanted: number | undefined,
): PlannerColumn | undefined {
  return (
    periods.find((period) => period.id === wanted) ??
    periods.find((period) => period.state === 'open' && isPlannable(period)) ??
    periods.find(isPlannable) ??
    periods[periods.length - 1]
  );
}

/** Every conflict by the planned checks it touches, for a warning on each of their cells. */
export function conflictsByCheck(checks: readonly PlannedCheck[]): Map<number, ExpertConflict[]> {
  const byCheck = new Map<number, ExpertConflict[]>();
  for (const conflict of expertConflicts(checks))
    for (const id of conflict.check_ids) byCheck.set(id, [...(byCheck.get(id) ?? []), conflict]);
  return byCheck;
}

/** 'Dec 7 – Dec 11, 2026': a planned week, Monday to Friday, as the grid shows it. */
export function weekLabel(monday: string): string {
  const friday = fridayOf(monday);
  return `${formatDate(monday)} – ${formatDate(friday)}`;
}

/** 'Week of 12/07/2026': the short form a cell shows. */
export const weekShort = (monday: string) => `Week of ${formatDate(monday)}`;

/** The people of the grid by id. */
export const peopleById = (people: readonly PersonRef[]) =>
  new Map(people.map((person) => [person.id, person]));

/** The name of a person of the grid, or 'User {id}' for one the answer did not name. */
export const nameOf = (people: ReadonlyMap<number, PersonRef>, id: number) =>
  people.get(id)?.name ?? `User ${id}`;
