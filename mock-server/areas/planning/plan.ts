import type { PersonRef } from '../../../src/api/contract/actionRequests';
import {
  DEFAULT_PLAN_MODEL,
  NEEDS_MAIN_EXPERT,
  START_PROBLEMS,
  START_RULES,
  START_WARNINGS,
  dueSince,
  fridayOf,
  runnableWeeks,
  weekCanRun,
  type PlannedCheck,
  type PlannerColumn,
  type PlannerGrid,
  type PlannerProject,
  type StartPreview,
  type StartPreviewRow,
} from '../../../src/api/contract/planner';
import type { PollModel } from '../../../src/api/contract/polls';
import type { ProjectStatus } from '../../../src/api/contract/projects';
import { portfolioStructure } from '../projects/model';
import type { ProjectVolume } from '../projects/volume';
import type { MockState } from '../../store/state';
import type { StoredPlannedCheck, StoredPlannerPeriod } from './state';
import { personOf } from '../../lib/people';

/** A project as the planner's rules see it: stored, or one of the bench's volume (never stored). */
export interface PlanProject {
  id: number;
  name: string;
  code: string;
  account_id: number;
  status: ProjectStatus;
  manager_id: number | null;
  /** False for a volume project: it has no team, no directory row, and no check can be made. */
  stored: boolean;
  /** Its last finished check (volume: the generated one), or null. */
  last_check: PlannerProject['last_check'];
  /** The model of its last check, any status. */
  last_model: PollModel | null;
}

/** Checks that count as done for the cadence. */
const FINISHED = new Set(['finished', 'review_completed']);

/** Every project the planner knows, by id: the stored ones, then the volume. One pass per table. */
export function planProjects(state: MockState, volume: ProjectVolume): Map<number, PlanProject> {
  const details = new Map(state.projectDetails.map((detail) => [detail.project_id, detail]));
  const managers = new Map(state.projectTeams.map((team) => [team.project_id, team.pm_id]));
  const latest = new Map<number, { created: string; model: PollModel }>();
  const finished = new Map<number, NonNullable<PlanProject['last_check']>>();
  for (const poll of state.polls) {
    if (poll.status === 'canceled' || poll.is_invalid) continue;
    const last = latest.get(poll.project_id);
    if (!last || poll.created_at > last.created)
      latest.set(poll.project_id, { created: poll.created_at, model: poll.model });
    if (!FINISHED.has(poll.status) || !poll.finished_at) continue;
    const done = finished.get(poll.project_id);
    if (!done || poll.finished_at > done.finished_at)
      finished.set(poll.project_id, {
        id: poll.id,
        type: poll.type,
        model: poll.model,
        finished_at: poll.finished_at,
      });
  }
  const projects = new Map<number, PlanProject>();
  for (const project of state.projects) {
    const detail = details.get(project.id);
    projects.set(project.id, {
      id: project.id,
      name: project.name,
      code: detail?.code ?? '',
      account_id: project.account_id,
      status: detail?.status ?? 'active',
      manager_id: managers.get(project.id) ?? null,
      stored: true,
      last_check: finished.get(project.id) ?? null,
      last_model: latest.get(project.id)?.model ?? null,
    });
  }
  for (const project of volume(state)) {
    const check = project.last_check;
    projects.set(project.id, {
      id: project.id,
      name: project.name,
      code: project.code,
      account_id: project.account_id,
      status: project.status,
      manager_id: project.manager?.id ?? null,
      stored: false,
      // The bench's checks are health and self checks, both under the default model.
      last_check:
        check?.status === 'finished'
          ? { id: check.id, type: check.type, model: DEFAULT_PLAN_MODEL, finished_at: check.date }
          : null,
      last_model: check ? DEFAULT_PLAN_MODEL : null,
    });
  }
  return projects;
}

export const toPlannerColumn = (period: StoredPlannerPeriod): PlannerColumn => ({
  id: period.id,
  name: period.name,
  start_date: period.start_date,
  end_date: period.end_date,
  state: period.state,
  planner_started_at: period.planner_started_at,
});

export const toPlannedCheck = (state: MockState, check: StoredPlannedCheck): PlannedCheck => ({
  id: check.id,
  period_id: check.period_id,
  project_id: check.project_id,
  type: check.type,
  model: check.model,
  planned_week: check.planned_week,
  experts: check.experts.map((expert) => ({ ...expert })),
  note: check.note,
  poll_id: check.poll_id,
  updated_by: personOf(state, check.updated_by_id),
  updated_at: check.updated_at,
});

/** A row of the grid: the model its checks follow and whether it is due on `today`. */
function toPlannerProject(project: PlanProject, today: string): PlannerProject {
  const model = project.last_model ?? DEFAULT_PLAN_MODEL;
  const since = project.last_check ? dueSince(project.last_check.finished_at, model) : null;
  const due = since === null || since <= today;
  return {
    id: project.id,
    name: project.name,
    code: project.code,
    account_id: project.account_id,
    status: project.status,
    manager_id: project.manager_id,
    model,
    last_check: project.last_check,
    due,
    due_since: due ? since : null,
  };
}

/**
 * `GET /api/planner/`: the structure, the periods by start date, the active and on-hold projects
 * by account then name, every planned check and the people they and the rows name.
 */
export function plannerGrid(state: MockState, volume: ProjectVolume, today: string): PlannerGrid {
  const structure = portfolioStructure(state);
  const accountNames = new Map(structure.accounts.map((account) => [account.id, account.name]));
  const collator = new Intl.Collator('en');
  const projects = [...planProjects(state, volume).values()]
    .filter((project) => project.status !== 'closed')
    .map((project) => toPlannerProject(project, today))
    .sort(
      (a, b) =>
        collator.compare(
          accountNames.get(a.account_id) ?? '',
          accountNames.get(b.account_id) ?? '',
        ) ||
        collator.compare(a.name, b.name) ||
        a.id - b.id,
    );
  const checks = [...state.plannedChecks]
    .sort((a, b) => a.id - b.id)
    .map((check) => toPlannedCheck(state, check));
  const named = new Set<number>();
  for (const check of checks) for (const expert of check.experts) named.add(expert.user_id);
  for (const project of projects) if (project.manager_id !== null) named.add(project.manager_id);
  const people: PersonRef[] = [...named]
    .map((id) => personOf(state, id))
    .sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
  return {
    ...structure,
    periods: [...state.plannerPeriods]
      .sort((a, b) => a.start_date.localeCompare(b.start_date) || a.id - b.id)
      .map(toPlannerColumn),
    projects,
    checks,
    people,
  };
}

/** What stops one planned check from becoming a check on `today` (START_PROBLEMS), if anything. */
export function startProblems(
  check: StoredPlannedCheck,
  project: PlanProject | undefined,
  today: string,
): string[] {
  const problems: string[] = [];
  if (!project?.stored) problems.push(START_PROBLEMS.notStored);
  else if (project.status === 'closed') problems.push(START_PROBLEMS.projectClosed);
  if (!weekCanRun(check.planned_week, today)) problems.push(START_PROBLEMS.weekOver);
  return problems;
}

/** What to follow up on the check one planned check becomes (START_WARNINGS): never a refusal. */
export function startWarnings(check: StoredPlannedCheck): string[] {
  return NEEDS_MAIN_EXPERT.includes(check.type) &&
    !check.experts.some((expert) => expert.kind === 'main_expert')
    ? [START_WARNINGS.noMainExpert]
    : [];
}

/**
 * `GET /api/planner-periods/{id}/start/`: every planned check of the period, by week then
 * project, with what stops it and what to follow up once it is a check; `blocked_by` the first
 * START_RULES step that refuses the start (warnings never do).
 */
export function startPreview(
  state: MockState,
  period: StoredPlannerPeriod,
  volume: ProjectVolume,
  today: string,
): StartPreview {
  const projects = planProjects(state, volume);
  const accounts = new Map(state.accounts.map((account) => [account.id, account.name]));
  const rows: StartPreviewRow[] = state.plannedChecks
    .filter((check) => check.period_id === period.id)
    .map((check) => {
      const project = projects.get(check.project_id);
      const accountId = project?.account_id ?? 0;
      return {
        planned_check_id: check.id,
        project: { id: check.project_id, name: project?.name ?? `Project ${check.project_id}` },
        account: { id: accountId, name: accounts.get(accountId) ?? '' },
        type: check.type,
        model: check.model,
        planned_week: check.planned_week,
        due_date: fridayOf(check.planned_week),
        problems: startProblems(check, project, today),
        warnings: startWarnings(check),
      };
    })
    .sort(
      (a, b) =>
        a.planned_week.localeCompare(b.planned_week) ||
        a.project.name.localeCompare(b.project.name, 'en') ||
        a.planned_check_id - b.planned_check_id,
    );
  const withProblems = rows.filter((row) => row.problems.length > 0).length;
  const blocked_by =
    period.state !== 'open'
      ? START_RULES.notOpen
      : period.planner_started_at
        ? START_RULES.alreadyStarted(period.planner_started_at)
        : rows.length === 0
          ? START_RULES.nothingPlanned
          : withProblems > 0
            ? START_RULES.problems(withProblems)
            : null;
  return {
    period_id: period.id,
    rows,
    ready: rows.length - withProblems,
    with_problems: withProblems,
    blocked_by,
    next_week: runnableWeeks(period, today)[0] ?? null,
  };
}
