import { today } from '../../lib/clock';
import { Router, type Response } from 'express';
import {
  BULK_PLAN_MAX,
  NEEDS_MAIN_EXPERT,
  PLANNER_FLAGS,
  PLAN_NOTE_MAX,
  PLAN_RULES,
  expertProblems,
  fridayOf,
  isMonday,
  weekInPeriod,
  type PlanExpert,
  type StartRefusal,
  type StartResult,
} from '../../../src/api/contract/planner';
import {
  EXPERT_KINDS,
  POLL_MODELS,
  POLL_TYPES,
  type PollModel,
  type PollType,
  type RespondentRole,
} from '../../../src/api/contract/polls';
import { authOf } from '../../auth/middleware';
import {
  choiceField,
  FieldErrors,
  NOT_A_STRING,
  NOT_NULL,
  REQUIRED,
  drf,
  pkProblem,
  pkValue,
  primaryKey,
  rejected,
  requireObjectBody,
  textValue,
  typeName,
} from '../../drf';
import {
  planProjects,
  plannerGrid,
  startPreview,
  toPlannedCheck,
  toPlannerColumn,
  type PlanProject,
} from './plan';
import type { StoredPlannedCheck, StoredPlannerPeriod } from './state';
import { newPoll } from '../../polls/create';
import { modelOf } from '../../polls/models';
import type { ProjectVolume } from '../../projects/volume';
import { mutate, type MockDb } from '../../store/db';
import type { MockState } from '../../store/state';
import { needsFlags } from '../../routes/projects';
import { nextId } from '../../lib/ids';

export interface PlannerRouteOptions {
  /** The bench's generated projects: rows of the grid, and plannable (stored entries). */
  volume: ProjectVolume;
}

/** The planner's day: weeks over and projects due are measured against it (UTC). */

/**
 * The check planner: `GET /api/planner/` (CAN_VIEW_CHECK_PLANNER), the grid; `POST
 * /api/planner/checks/`, `POST …/checks/bulk/`, `PATCH|DELETE …/checks/{id}/`
 * (CAN_EDIT_CHECK_PLANNER), the plan; `GET|POST /api/planner-periods/{id}/start/`
 * (CAN_START_CHECK_PLANNER), the start's preview and the start. A refused write is a DRF 400, 403
 * or 404 and stores nothing.
 */
export function plannerRoutes(db: MockDb, { volume }: PlannerRouteOptions): Router {
  const router = Router({ strict: true });

  router.get('/planner/', needsFlags(PLANNER_FLAGS.view), (_req, res) => {
    // One grid for everyone holding the flag: built and serialised once per version of the state
    // (and per day, as `due` depends on it).
    const day = today();
    const body = db.memo(`planner:${day}`, (state) =>
      JSON.stringify(plannerGrid(state, volume, day)),
    );
    res.type('application/json').send(body);
  });

  router.post('/planner/checks/', needsFlags(PLANNER_FLAGS.edit), requireObjectBody, (req, res) => {
    // Read untracked: the rules only read (2 000 projects and thousands of planned checks).
    const state = db.readState();
    const body = req.body as Record<string, unknown>;
    const errors = new FieldErrors();
    const projects = planProjects(state, volume);
    const period = periodField(errors, state, body);
    const projectId = primaryKey(errors, body, 'project_id', (id) => projects.has(id));
    if (projectId !== null && period)
      for (const problem of projectProblems(
        plannedProjects(state, period),
        projects.get(projectId)!,
        period,
      ))
        errors.add('project_id', problem);
    const fields = checkFields(errors, state, body, period);
    if (rejected(res, errors) || !period || projectId === null || !fields) return;
    let created: StoredPlannedCheck | undefined;
    mutate(db, (draft) => {
      const id = nextId(state.plannedChecks);
      created = stored(id, authOf(res.locals).persona.userId, period, projectId, fields);
      draft.plannedChecks.push(created);
    });
    res.status(201).json(toPlannedCheck(db.getState(), created!));
  });

  router.post(
    '/planner/checks/bulk/',
    needsFlags(PLANNER_FLAGS.edit),
    requireObjectBody,
    (req, res) => {
      const state = db.getState();
      const body = req.body as Record<string, unknown>;
      const errors = new FieldErrors();
      const projects = planProjects(state, volume);
      const period = periodField(errors, state, body);
      const projectIds = projectIdsField(errors, body, projects, period, state);
      const fields = checkFields(errors, state, body, period);
      if (rejected(res, errors) || !period || !projectIds || !fields) return;
      const created: StoredPlannedCheck[] = [];
      const userId = authOf(res.locals).persona.userId;
      const first = nextId(state.plannedChecks);
      projectIds.forEach((projectId, index) =>
        created.push(stored(first + index, userId, period, projectId, fields)),
      );
      mutate(db, (draft) => {
        draft.plannedChecks.push(...created);
      });
      const current = db.getState();
      res.status(201).json({ checks: created.map((check) => toPlannedCheck(current, check)) });
    },
  );

  router.patch(
    '/planner/checks/:checkId/',
    needsFlags(PLANNER_FLAGS.edit),
    requireObjectBody,
    (req, res) => {
      const found = plannedCheckOf(db, Number(req.params.checkId), res);
      if (!found) return;
      const { state, check, period } = found;
      const body = req.body as Record<string, unknown>;
      const errors = new FieldErrors();
      if (lockedCheck(errors, check, period)) {
        rejected(res, errors);
        return;
      }
      const fields = checkFields(errors, state, body, period, check);
      if (rejected(res, errors) || !fields) return;
      mutate(db, (draft) => {
        const target = draft.plannedChecks.find((candidate) => candidate.id === check.id)!;
        const before = JSON.stringify(target);
        target.type = fields.type;
        target.model = fields.model;
        target.planned_week = fields.planned_week;
        target.experts = fields.experts;
        target.note = fields.note;
        if (JSON.stringify(target) === before) return false;
        target.updated_by_id = authOf(res.locals).persona.userId;
        target.updated_at = new Date().toISOString();
        return true;
      });
      const current = db.getState();
      const saved = current.plannedChecks.find((candidate) => candidate.id === check.id)!;
      res.json(toPlannedCheck(current, saved));
    },
  );

  router.delete('/planner/checks/:checkId/', needsFlags(PLANNER_FLAGS.edit), (req, res) => {
    const found = plannedCheckOf(db, Number(req.params.checkId), res);
    if (!found) return;
    const errors = new FieldErrors();
    if (lockedCheck(errors, found.check, found.period)) {
      rejected(res, errors);
      return;
    }
    mutate(db, (draft) => {
      const index = draft.plannedChecks.findIndex((candidate) => candidate.id === found.check.id);
      draft.plannedChecks.splice(index, 1);
    });
    res.status(204).end();
  });

  const periodOf = (res: Response, id: number) => {
    const period = db.getState().plannerPeriods.find((candidate) => candidate.id === id);
    if (!period) drf.notFound(res);
    return period;
  };

  router.get('/planner-periods/:periodId/start/', needsFlags(PLANNER_FLAGS.start), (req, res) => {
    const period = periodOf(res, Number(req.params.periodId));
    if (period) res.json(startPreview(db.readState(), period, volume, today()));
  });

  router.post(
    '/planner-periods/:periodId/start/',
    needsFlags(PLANNER_FLAGS.start),
    requireObjectBody,
    (req, res) => {
      const period = periodOf(res, Number(req.params.periodId));
      if (!period) return;
      const { persona } = authOf(res.locals);
      const preview = startPreview(db.readState(), period, volume, today());
      if (preview.blocked_by !== null) {
        const refusal: StartRefusal = {
          non_field_errors: [preview.blocked_by],
          problems: preview.rows.filter((row) => row.problems.length > 0),
        };
        res.status(400).json(refusal);
        return;
      }
      const pollIds: number[] = [];
      mutate(db, (draft) => {
        const now = new Date();
        let id = Math.max(0, ...draft.polls.map((poll) => poll.id));
        for (const row of preview.rows) {
          const check = draft.plannedChecks.find(
            (candidate) => candidate.id === row.planned_check_id,
          )!;
          id += 1;
          draft.polls.push(
            newPoll(
              id,
              {
                type: check.type,
                model: check.model,
                index: '',
                project_id: check.project_id,
                team: draft.projectTeams.find((team) => team.project_id === check.project_id),
                roles: respondentRolesOf(check.type),
                experts: check.experts,
                fallbackUserId: persona.userId,
                teamManagerAnswers: true,
                due_date: fridayOf(check.planned_week),
                custom_check_config: null,
              },
              now,
            ),
          );
          check.poll_id = id;
          pollIds.push(id);
        }
        const target = draft.plannerPeriods.find((candidate) => candidate.id === period.id)!;
        target.planner_started_at = now.toISOString();
        target.updated_at = now.toISOString();
      });
      const started = db.getState().plannerPeriods.find((candidate) => candidate.id === period.id)!;
      const result: StartResult = {
        period: toPlannerColumn(started),
        created: pollIds.length,
        poll_ids: pollIds,
      };
      res.status(201).json(result);
    },
  );

  return router;
}

/** Who answers a planned check besides its experts: the manager, and the QC lead of a health check. */
const respondentRolesOf = (type: PollType): RespondentRole[] =>
  NEEDS_MAIN_EXPERT.includes(type) ? ['pm', 'qcl'] : ['pm'];

/** The fields of a planned check once each is valid. */
interface CheckFields {
  type: PollType;
  model: PollModel;
  planned_week: string;
  experts: PlanExpert[];
  note: string;
}

function stored(
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
    updated_at: new Date().toISOString(),
  };
}

/** The planned check of `id` and its period, or a 404 already sent. */
function plannedCheckOf(db: MockDb, id: number, res: Response) {
  const state = db.getState();
  const check = state.plannedChecks.find((candidate) => candidate.id === id);
  const period =
    check && state.plannerPeriods.find((candidate) => candidate.id === check.period_id);
  if (!check || !period) {
    drf.notFound(res);
    return undefined;
  }
  return { state, check, period };
}

/** A planned check that no longer changes: it became a check, or its period is closed. */
function lockedCheck(
  errors: FieldErrors,
  check: StoredPlannedCheck,
  period: StoredPlannerPeriod,
): boolean {
  if (check.poll_id !== null) errors.add('non_field_errors', PLAN_RULES.startedCheck);
  else if (period.state === 'closed') errors.add('non_field_errors', PLAN_RULES.periodClosed);
  else if (period.planner_started_at)
    errors.add('non_field_errors', PLAN_RULES.periodStarted(period.planner_started_at));
  return !errors.isEmpty;
}

/** `period_id`: a known period whose plan may still change. */
function periodField(
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
const plannedProjects = (state: MockState, period: StoredPlannerPeriod) =>
  new Set(
    state.plannedChecks
      .filter((check) => check.period_id === period.id)
      .map((check) => check.project_id),
  );

/** Why a project may not be planned in the period: closed, or already planned there. */
function projectProblems(
  planned: ReadonlySet<number>,
  project: PlanProject,
  period: StoredPlannerPeriod,
): string[] {
  if (project.status === 'closed') return [PLAN_RULES.projectClosed(project.name)];
  return planned.has(project.id) ? [PLAN_RULES.alreadyPlanned(project.name, period.name)] : [];
}

/** `project_ids` of a bulk plan: each project once, every refused one named; undefined if any is. */
function projectIdsField(
  errors: FieldErrors,
  body: Record<string, unknown>,
  projects: Map<number, PlanProject>,
  period: StoredPlannerPeriod | undefined,
  state: MockState,
): number[] | undefined {
  const value = body.project_ids;
  if (value === undefined || value === null) {
    errors.add('project_ids', value === null ? NOT_NULL : REQUIRED);
    return undefined;
  }
  if (!Array.isArray(value)) {
    errors.add('project_ids', `Expected a list of items but got type "${typeName(value)}".`);
    return undefined;
  }
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
  for (const item of value as unknown[]) {
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
function checkFields(
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

/** `planned_week`: a Monday whose week may be planned in the period. */
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
  if (
    typeof value !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}$/.test(value) ||
    Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ||
    new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value
  ) {
    errors.add(
      'planned_week',
      'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
    );
    return undefined;
  }
  if (!isMonday(value)) {
    errors.add('planned_week', PLAN_RULES.weekMonday);
    return undefined;
  }
  if (period && !weekInPeriod(value, period)) {
    errors.add('planned_week', PLAN_RULES.weekInPeriod(period));
    return undefined;
  }
  return value;
}

/** `experts`: known people, each once, at most one main expert. */
function expertsField(
  errors: FieldErrors,
  state: MockState,
  body: Record<string, unknown>,
): PlanExpert[] | undefined {
  const value = body.experts;
  if (value === undefined || value === null) {
    errors.add('experts', REQUIRED);
    return undefined;
  }
  if (!Array.isArray(value)) {
    errors.add('experts', `Expected a list of items but got type "${typeName(value)}".`);
    return undefined;
  }
  const experts: PlanExpert[] = [];
  let refused = false;
  for (const item of value as unknown[]) {
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
