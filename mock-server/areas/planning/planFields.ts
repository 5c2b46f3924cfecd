import {
  BULK_PLAN_MAX,
  PLAN_NOTE_MAX,
  PLAN_RULES,
  expertProblems,
  isMonday,
  weekCanRun,
  weekInPeriod,
  type PlanExpert,
} from '../../../src/api/contract/planner';
import { EXPERT_KINDS, POLL_MODELS, POLL_TYPES } from '../../../src/api/contract/polls';
import { nowIso, today } from '../../lib/clock';
import {
  choiceField,
  dateField,
  NOT_A_STRING,
  pkProblem,
  pkValue,
  primaryKey,
  REQUIRED,
  textValue,
  type FieldErrors,
} from '../../lib/drf';
import { listField } from '../../lib/drfFields';
import { ruleBroken } from '../../lib/http';
import { modelOf } from '../checks/pollModels';
import type { MockState } from '../../store/state';
import type { PlanProject } from './plan';
import type { StoredPlannedCheck, StoredPlannerPeriod } from './state';

/**
 * The fields of a planned check as `POST|PATCH /api/planner/checks/…` read them, each with DRF's
 * words or the planner's own (PLAN_RULES).
 */

/** The fields of a planned check once each is valid. */
export type CheckFields = Pick<
  StoredPlannedCheck,
  'type' | 'model' | 'planned_week' | 'experts' | 'note'
>;

/** A new planned check of `fields`, changed last by `userId` now. */
export function newPlannedCheck(
  id: number,
  userId: number,
  period: StoredPlannerPeriod,
  projectId: number,
  fields: CheckFields,
): StoredPlannedCheck {
  return {
    id,
    period_id: period.id,
    project_id: projectId,
    ...fields,
    experts: fields.experts.map((expert) => ({ ...expert })),
    poll_id: null,
    updated_by_id: userId,
    updated_at: nowIso(),
  };
}

/** Ends the handler when the planned check no longer changes: it became a check, or its period is closed or started. */
export function refuseLocked(check: StoredPlannedCheck, period: StoredPlannerPeriod): void {
  if (check.poll_id !== null) ruleBroken(PLAN_RULES.startedCheck);
  if (period.state === 'closed') ruleBroken(PLAN_RULES.periodClosed);
  if (period.planner_started_at) ruleBroken(PLAN_RULES.periodStarted(period.planner_started_at));
}

/** `period_id`: a known period whose plan may still change. */
export function periodField(
  errors: FieldErrors,
  state: MockState,
  body: Record<string, unknown>,
): StoredPlannerPeriod | undefined {
  const id = primaryKey(errors, body, 'period_id', (key) =>
    state.plannerPeriods.some((period) => period.id === key),
  );
  const period = state.plannerPeriods.find((candidate) => candidate.id === id);
  if (!period) return undefined;
  if (period.state === 'closed') errors.add('period_id', PLAN_RULES.periodClosed);
  else if (period.planner_started_at)
    errors.add('period_id', PLAN_RULES.periodStarted(period.planner_started_at));
  else return period;
  return undefined;
}

/** The projects that have a check planned in the period. */
export const plannedProjects = (state: MockState, period: StoredPlannerPeriod) =>
  new Set(
    state.plannedChecks
      .filter((check) => check.period_id === period.id)
      .map((check) => check.project_id),
  );

/** Why a project may not be planned in the period: closed, or already planned there. */
export function projectProblems(
  planned: ReadonlySet<number>,
  project: PlanProject,
  period: StoredPlannerPeriod,
): string[] {
  if (project.status === 'closed') return [PLAN_RULES.projectClosed(project.name)];
  return planned.has(project.id) ? [PLAN_RULES.alreadyPlanned(project.name, period.name)] : [];
}

/** `project_ids` of a bulk plan: each project once, every refused one named; undefined if any is. */
export function projectIdsField(
  errors: FieldErrors,
  body: Record<string, unknown>,
  projects: Map<number, PlanProject>,
  period: StoredPlannerPeriod | undefined,
  state: MockState,
): number[] | undefined {
  const value = listField(errors, body, 'project_ids');
  if (!value) return undefined;
  if (value.length === 0) {
    errors.add('project_ids', PLAN_RULES.chooseProjects);
    return undefined;
  }
  if (value.length > BULK_PLAN_MAX) {
    errors.add('project_ids', PLAN_RULES.tooManyProjects);
    return undefined;
  }
  const planned = period ? plannedProjects(state, period) : new Set<number>();
  const ids: number[] = [];
  const seen = new Set<number>();
  let refused = false;
  for (const item of value) {
    const problem = pkProblem(item, (id) => projects.has(id));
    if (problem) {
      errors.add('project_ids', problem);
      refused = true;
      continue;
    }
    const id = pkValue(item)!;
    if (seen.has(id)) continue;
    seen.add(id);
    const problems = period ? projectProblems(planned, projects.get(id)!, period) : [];
    for (const message of problems) errors.add('project_ids', message);
    refused ||= problems.length > 0;
    ids.push(id);
  }
  return refused ? undefined : ids.sort((a, b) => a - b);
}

/**
 * The check's own fields (type, model, planned week, experts, note) of a new planned check, or of
 * a patch over `current` (fields left out keep their value). Undefined when any is refused.
 */
export function checkFields(
  errors: FieldErrors,
  state: MockState,
  body: Record<string, unknown>,
  period: StoredPlannerPeriod | undefined,
  current?: StoredPlannedCheck,
): CheckFields | undefined {
  // A patch reads only the fields it sends; a new planned check reads them all.
  const reads = (field: string) => !current || field in body;
  const type = reads('type') ? choiceField(errors, body, 'type', POLL_TYPES) : current!.type;
  const model = reads('model') ? choiceField(errors, body, 'model', POLL_MODELS) : current!.model;
  if (type && model && !modelOf(model).types.includes(type))
    errors.add('model', PLAN_RULES.modelType(model));
  const week = reads('planned_week') ? weekField(errors, body, period) : current!.planned_week;
  const experts = reads('experts') ? expertsField(errors, state, body) : current!.experts;
  const note = reads('note') ? noteField(errors, body) : current!.note;
  if (!type || !model || week === undefined || !experts || note === undefined) return undefined;
  return { type, model, planned_week: week, experts, note };
}

/**
 * `planned_week`: a Monday (DRF's date format) whose week may be planned in the period and can
 * still run. A planned check whose week is over keeps it only while a change leaves the week
 * out; sent, even unchanged, it must be a week that can still run (the start refuses it else).
 */
function weekField(
  errors: FieldErrors,
  body: Record<string, unknown>,
  period: StoredPlannerPeriod | undefined,
): string | undefined {
  const value = body.planned_week;
  if (value === undefined || value === null || value === '') {
    errors.add('planned_week', PLAN_RULES.weekRequired);
    return undefined;
  }
  const week = dateField(errors, body, 'planned_week');
  if (week === '') return undefined;
  if (!isMonday(week)) {
    errors.add('planned_week', PLAN_RULES.weekMonday);
    return undefined;
  }
  if (period && !weekInPeriod(week, period)) {
    errors.add('planned_week', PLAN_RULES.weekInPeriod(period));
    return undefined;
  }
  if (!weekCanRun(week, today())) {
    errors.add('planned_week', PLAN_RULES.weekOver);
    return undefined;
  }
  return week;
}

/** `experts`: known people, each once, at most one main expert. */
function expertsField(
  errors: FieldErrors,
  state: MockState,
  body: Record<string, unknown>,
): PlanExpert[] | undefined {
  const value = listField(errors, body, 'experts');
  if (!value) return undefined;
  const experts: PlanExpert[] = [];
  let refused = false;
  for (const item of value) {
    const entry = (typeof item === 'object' && item !== null ? item : {}) as Record<
      string,
      unknown
    >;
    const problem =
      entry.user_id === undefined
        ? REQUIRED
        : pkProblem(entry.user_id, (id) => state.people.some((person) => person.id === id));
    if (problem) errors.add('experts', problem);
    else if (!(EXPERT_KINDS as readonly unknown[]).includes(entry.kind))
      errors.add('experts', `"${String(entry.kind)}" is not a valid choice.`);
    else {
      experts.push({ user_id: pkValue(entry.user_id)!, kind: entry.kind as PlanExpert['kind'] });
      continue;
    }
    refused = true;
  }
  const problems = expertProblems(experts);
  for (const problem of problems) errors.add('experts', problem);
  return refused || problems.length > 0 ? undefined : experts;
}

/** `note`: optional text of at most PLAN_NOTE_MAX characters. */
function noteField(errors: FieldErrors, body: Record<string, unknown>): string | undefined {
  const value = body.note;
  if (value === undefined || value === null) return '';
  const text = textValue(value);
  if (text === undefined) errors.add('note', NOT_A_STRING);
  else if (text.length > PLAN_NOTE_MAX) errors.add('note', PLAN_RULES.noteTooLong);
  else return text;
  return undefined;
}
