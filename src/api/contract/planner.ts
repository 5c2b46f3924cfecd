/**
 * The check planner (spec §1 planner, §2 `/planning` with its screens planner-projects and
 * planner-check-details, §6 CAN_VIEW_CHECK_PLANNER, CAN_EDIT_CHECK_PLANNER,
 * CAN_START_CHECK_PLANNER). Spec §7 does not show the calls: these are the ones this product
 * designs, DRF-style. The SPA, the mock server and the pact tests import these types, texts and
 * rules, so the form and the server refuse the same things in the same words.
 *
 * A quality lead plans, for each project and planner period, at most one check: its type, model,
 * the week it runs in and its experts (one of them may lead as main expert). Starting the planner
 * of an open period turns every planned check of it into a real check in status `new`, all or
 * nothing, once; from then on that period's plan no longer changes.
 */
import { DAY_MS, utcIsoDay } from './calendarDays';
import type { PersonRef } from './actionRequests';
import { formatDate } from './display';
import type { PlannerPeriodState } from './plannerPeriods';
import { POLL_MODEL_LABELS } from './pollLabels';
import type { ExpertKind, PollModel, PollType } from './polls';
import type { PortfolioAccount, PortfolioLine, ProjectStatus } from './projects';
import type { NamedRef } from './risks';

export const PLANNER_FLAGS = {
  view: 'CAN_VIEW_CHECK_PLANNER',
  edit: 'CAN_EDIT_CHECK_PLANNER',
  start: 'CAN_START_CHECK_PLANNER',
} as const;

/** A planned check's note is at most this long. */
export const PLAN_NOTE_MAX = 500;

/**
 * How often a project should be checked under a model, in months: a project whose last finished
 * check of its model is older than this (or that was never checked) is due.
 */
export const MODEL_CADENCE_MONTHS: Record<PollModel, number> = {
  sdo: 6,
  qmo: 12,
  soc2_sc: 12,
  qmo_ta: 6,
  audit_pm: 12,
};

/** The model a project without any check is planned under. */
export const DEFAULT_PLAN_MODEL: PollModel = 'sdo';

/** An expert of a planned check: the person by id (the grid's `people` names them). */
export interface PlanExpert {
  user_id: number;
  kind: ExpertKind;
}

/** A column of the grid: a planner period as the planner needs it. */
export interface PlannerColumn {
  id: number;
  name: string;
  start_date: string;
  end_date: string;
  state: PlannerPeriodState;
  /** When its planner was started (ISO), or null; a started period's plan no longer changes. */
  planner_started_at: string | null;
}

/** A row of the grid: a project that may be planned (active or on hold). */
export interface PlannerProject {
  id: number;
  name: string;
  code: string;
  account_id: number;
  status: ProjectStatus;
  manager_id: number | null;
  /** The model its checks follow: the model of its last check, DEFAULT_PLAN_MODEL without one. */
  model: PollModel;
  /** Its last finished check, or null. */
  last_check: { id: number; type: PollType; model: PollModel; finished_at: string } | null;
  /** True when the last finished check is older than the model's cadence, or there is none. */
  due: boolean;
  /** `YYYY-MM-DD` since when it is due (the last check's date plus the cadence), or null. */
  due_since: string | null;
}

/** One check planned for a project in a period (planner-check-details). */
export interface PlannedCheck {
  id: number;
  period_id: number;
  project_id: number;
  type: PollType;
  model: PollModel;
  /** `YYYY-MM-DD`, the Monday of the week the check runs in. */
  planned_week: string;
  experts: PlanExpert[];
  note: string;
  /** The check it became when the period's planner was started, or null. */
  poll_id: number | null;
  updated_by: PersonRef;
  updated_at: string;
}

/**
 * `GET /api/planner/` (CAN_VIEW_CHECK_PLANNER): everything the grid shows, in one answer filtered
 * in the browser, as the portfolio is: the structure for the filters, the periods (columns, by
 * start date), the projects that may be planned (rows, by account then name), every planned check
 * and the people they name (the experts and the projects' managers).
 */
export interface PlannerGrid {
  segments: NamedRef[];
  lines: PortfolioLine[];
  accounts: PortfolioAccount[];
  periods: PlannerColumn[];
  projects: PlannerProject[];
  checks: PlannedCheck[];
  people: PersonRef[];
}

/** `POST /api/planner/checks/` (CAN_EDIT_CHECK_PLANNER): plan one project's check in a period. */
export interface NewPlannedCheck {
  period_id: number;
  project_id: number;
  type: PollType;
  model: PollModel;
  planned_week: string;
  experts: PlanExpert[];
  note?: string;
}

/**
 * `POST /api/planner/checks/bulk/` (CAN_EDIT_CHECK_PLANNER): the same check for several projects
 * at once, all or nothing: one project refused refuses them all (its error on `project_ids`).
 * Answers 201 with the planned checks, by project id.
 */
export interface BulkPlanRequest extends Omit<NewPlannedCheck, 'project_id'> {
  project_ids: number[];
}
export interface BulkPlanResult {
  checks: PlannedCheck[];
}

/** `PATCH /api/planner/checks/{id}/` (CAN_EDIT_CHECK_PLANNER): any of these. */
export type PlannedCheckPatch = Partial<
  Pick<NewPlannedCheck, 'type' | 'model' | 'planned_week' | 'experts' | 'note'>
>;

/** `DELETE /api/planner/checks/{id}/` (CAN_EDIT_CHECK_PLANNER): takes it out of the plan (204). */

/** At most this many projects in one bulk plan. */
export const BULK_PLAN_MAX = 500;

/** The rules' words, the same in the form and in the server's 400 answers. */
export const PLAN_RULES = {
  /** `period_id`. */
  periodClosed: 'A closed period’s plan no longer changes.',
  periodStarted: (startedAt: string) =>
    `This period’s planner was started on ${formatDate(startedAt)}; its plan no longer changes.`,
  /** `project_id` (or `project_ids`). */
  projectClosed: (name: string) => `${name} is closed and cannot be planned.`,
  alreadyPlanned: (name: string, period: string) =>
    `${name} already has a check planned in ${period}.`,
  /** `project_ids`. */
  chooseProjects: 'Choose at least one project.',
  tooManyProjects: `Plan at most ${BULK_PLAN_MAX} projects at once.`,
  /** `model`. */
  modelType: (model: PollModel) =>
    `The ${POLL_MODEL_LABELS[model]} model does not serve checks of this type.`,
  /** `planned_week`. */
  weekRequired: 'Choose the week the check runs in.',
  weekMonday: 'A planned week starts on a Monday.',
  weekOver: 'This week is over: choose a week that can still run.',
  weekInPeriod: (period: Pick<PlannerColumn, 'name' | 'start_date' | 'end_date'>) =>
    `Choose a week within ${period.name} (${formatDate(period.start_date)} to ${formatDate(period.end_date)}).`,
  /** `experts`. */
  oneMainExpert: 'A check has one main expert.',
  expertTwice: 'Each expert is named once.',
  /** `note`. */
  noteTooLong: `Keep the note to ${PLAN_NOTE_MAX} characters or fewer.`,
  /** `non_field_errors` of a change to a started planned check. */
  startedCheck: 'This planned check is already a check; change the check itself.',
} as const;

/** Each step of the start's refusal, as `non_field_errors`. */
export const START_RULES = {
  notOpen: 'Only an open period’s planner can be started.',
  alreadyStarted: (startedAt: string) =>
    `This period’s planner was already started on ${formatDate(startedAt)}.`,
  nothingPlanned: 'Nothing is planned in this period yet.',
  /** `stale_weeks: 'move'` when no week of the period can still run. */
  noWeekLeft: (period: string) =>
    `No week of ${period} can still run: remove the planned checks whose week is over instead.`,
  /** When any planned check has a problem: nothing is created. */
  problems: (count: number) =>
    `${count} planned ${count === 1 ? 'check needs' : 'checks need'} attention first; no check was created.`,
} as const;

/**
 * The problems a planned check can have at the start (StartPreviewRow.problems): each stops the
 * whole period's start until it is fixed (a week that is over: moved or removed in the start).
 */
export const START_PROBLEMS = {
  projectClosed: 'The project is closed.',
  weekOver: 'Its planned week is over: move it to a later week.',
  /**
   * The project is not in the project directory (the mock's generated bench projects): no check
   * can be made for it, so it stops the start rather than being left out.
   */
  notStored: 'The project is not in the project directory: take it out of the plan.',
} as const;

/**
 * What to follow up on a check once the start has created it (StartPreviewRow.warnings): never
 * a refusal. A health check without a main expert starts all the same (spec §6: a started check
 * has its experts assigned, "assign expert"); its main expert is assigned on the check.
 */
export const START_WARNINGS = {
  noMainExpert: 'No main expert yet: assign one on the check once it starts.',
} as const;

/** One check the start would create, or one planned check that stops it. */
export interface StartPreviewRow {
  planned_check_id: number;
  project: NamedRef;
  account: NamedRef;
  type: PollType;
  model: PollModel;
  planned_week: string;
  /** The new check's due date: the Friday of its planned week. */
  due_date: string;
  /** Empty when it is ready; else what stops it (START_PROBLEMS). */
  problems: string[];
  /** What to follow up once it is a check (START_WARNINGS), maybe empty; never stops the start. */
  warnings: string[];
}

/**
 * `GET /api/planner-periods/{id}/start/` (CAN_START_CHECK_PLANNER): what starting would do, row
 * by row, with `blocked_by` the reason it cannot start at all (START_RULES), else null. `ready`
 * counts the rows without problems (warnings or not), `with_problems` the others.
 */
export interface StartPreview {
  period_id: number;
  rows: StartPreviewRow[];
  ready: number;
  with_problems: number;
  blocked_by: string | null;
  /**
   * The first week of the period that can still run (weekCanRun), where `stale_weeks: 'move'`
   * moves the planned checks whose week is over; null when none is left.
   */
  next_week: string | null;
}

/** What the start does first with the planned checks whose week is over (START_PROBLEMS.weekOver). */
export const STALE_WEEK_ACTIONS = ['move', 'remove'] as const;
export type StaleWeekAction = (typeof STALE_WEEK_ACTIONS)[number];

/**
 * The body of `POST /api/planner-periods/{id}/start/`: empty, or `stale_weeks` to move every
 * planned check whose week is over to the preview's `next_week` (`move`), or to take them out of
 * the plan (`remove`), in the same all-or-nothing step as the start.
 */
export interface StartRequest {
  stale_weeks?: StaleWeekAction;
}

/**
 * `POST /api/planner-periods/{id}/start/` (CAN_START_CHECK_PLANNER, StartRequest): creates every
 * planned check of the period as a check in status `new`, or nothing (nor moves or removes any).
 * 201 with the counts (a check planned without its main expert is created without one: a
 * warning of the preview, not a refusal); 400 `non_field_errors` (START_RULES) plus `problems`
 * (the rows with problems) otherwise, or by field (`stale_weeks`).
 */
export interface StartResult {
  period: PlannerColumn;
  created: number;
  poll_ids: number[];
}

/** The 400 of a refused start: the START_RULES step, and the rows with problems (maybe none). */
export interface StartRefusal {
  non_field_errors: string[];
  problems: StartPreviewRow[];
}

/**
 * Health checks (of either model family) are led by a main expert: one planned without gets a
 * warning at the start (START_WARNINGS.noMainExpert), and the QC lead answers it too.
 */
export const NEEDS_MAIN_EXPERT: readonly PollType[] = ['health_check', 'qmo_health_check'];

const isoDay = utcIsoDay;

/** True when the ISO day is a Monday. */
export const isMonday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() === 1;

/** The Monday of the week the ISO day falls in. */
export function mondayOf(day: string): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7;
  return isoDay(ms - weekday * DAY_MS);
}

/**
 * The planned weeks (Mondays) a period's new dates would leave outside it, by the date that cuts
 * them off: before the week of the start on `start_date`, after the end on `end_date` (the rule
 * of the planner's `weekInPeriod`, so a week that starts inside the period stays in it). Each
 * side says how many and its first week, earliest first; a side that cuts nothing is left out.
 */
export function plannedWeeksOutside(
  dates: Pick<PlannerColumn, 'start_date' | 'end_date'>,
  plannedWeeks: readonly string[],
): Partial<Record<'start_date' | 'end_date', { count: number; first: string }>> {
  const firstWeek = mondayOf(dates.start_date);
  const sides = {
    start_date: plannedWeeks.filter((week) => week < firstWeek),
    end_date: plannedWeeks.filter((week) => week > dates.end_date),
  };
  return Object.fromEntries(
    Object.entries(sides)
      .filter(([, weeks]) => weeks.length > 0)
      .map(([field, weeks]) => [field, { count: weeks.length, first: [...weeks].sort()[0]! }]),
  );
}

/** The Friday of the week starting on the given Monday: a planned check's due date. */
export const fridayOf = (monday: string) => isoDay(Date.parse(`${monday}T00:00:00Z`) + 4 * DAY_MS);

/** The Mondays whose weeks may be planned in a period: from its start's week to its end's. */
export function periodWeeks(period: Pick<PlannerColumn, 'start_date' | 'end_date'>): string[] {
  const weeks: string[] = [];
  const last = Date.parse(`${period.end_date}T00:00:00Z`);
  for (
    let ms = Date.parse(`${mondayOf(period.start_date)}T00:00:00Z`);
    ms <= last;
    ms += 7 * DAY_MS
  )
    weeks.push(isoDay(ms));
  return weeks;
}

/** A planned week can still run on `today` while its Friday, the check's due date, is not past. */
export const weekCanRun = (monday: string, today: string) => fridayOf(monday) >= today;

/** The weeks of the period that can still run on `today`: the ones a plan may choose. */
export const runnableWeeks = (
  period: Pick<PlannerColumn, 'start_date' | 'end_date'>,
  today: string,
): string[] => periodWeeks(period).filter((week) => weekCanRun(week, today));

/** True when the planned week may be used in the period (a Monday among periodWeeks). */
export const weekInPeriod = (
  week: string,
  period: Pick<PlannerColumn, 'start_date' | 'end_date'>,
) => isMonday(week) && mondayOf(period.start_date) <= week && week <= period.end_date;

/** The problems of the experts list (PLAN_RULES), empty when it is fine. */
export function expertProblems(experts: readonly PlanExpert[]): string[] {
  const problems: string[] = [];
  if (experts.filter((expert) => expert.kind === 'main_expert').length > 1)
    problems.push(PLAN_RULES.oneMainExpert);
  if (new Set(experts.map((expert) => expert.user_id)).size !== experts.length)
    problems.push(PLAN_RULES.expertTwice);
  return problems;
}

/** An expert planned on more than one check in one week: a warning, never a refusal. */
export interface ExpertConflict {
  user_id: number;
  planned_week: string;
  /** The planned checks (ids) that share the expert in that week, two or more. */
  check_ids: number[];
}

/**
 * Every expert planned twice or more in one week, over the given planned checks, by week then
 * user id. The SPA warns with these in the grid, the side panel and the form.
 */
export function expertConflicts(
  checks: readonly Pick<PlannedCheck, 'id' | 'planned_week' | 'experts'>[],
): ExpertConflict[] {
  const byKey = new Map<string, ExpertConflict>();
  for (const check of checks)
    for (const expert of check.experts) {
      const key = `${check.planned_week}|${expert.user_id}`;
      const entry = byKey.get(key) ?? {
        user_id: expert.user_id,
        planned_week: check.planned_week,
        check_ids: [],
      };
      if (!entry.check_ids.includes(check.id)) entry.check_ids.push(check.id);
      byKey.set(key, entry);
    }
  return [...byKey.values()]
    .filter((conflict) => conflict.check_ids.length > 1)
    .sort((a, b) => a.planned_week.localeCompare(b.planned_week) || a.user_id - b.user_id);
}

/** The day the cadence of a model runs out after a check finished on `finishedAt` (ISO). */
export function dueSince(finishedAt: string, model: PollModel): string {
  const date = new Date(finishedAt);
  date.setUTCMonth(date.getUTCMonth() + MODEL_CADENCE_MONTHS[model]);
  return isoDay(date.getTime());
}
