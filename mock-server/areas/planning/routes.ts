import { PLANNER_FLAGS, type BulkPlanResult } from '../../../src/api/contract/planner';
import type { Area } from '../../lib/area';
import { nowIso, today } from '../../lib/clock';
import { FieldErrors, primaryKey } from '../../lib/drf';
import { created, json, noContent, notFound } from '../../lib/http';
import { nextId } from '../../lib/ids';
import { permitted } from '../../lib/permitted';
import { projectVolumeOf } from '../projects/volume';
import { serializedJson, serializedJsonAnswer } from '../../lib/serializedJson';
import { mutate, type MockDb } from '../../store/db';
import { periodRoutes } from './periodRoutes';
import { planProjects, plannerGrid, toPlannedCheck } from './plan';
import {
  checkFields,
  newPlannedCheck,
  periodField,
  plannedProjects,
  projectIdsField,
  projectProblems,
  refuseLocked,
} from './planFields';
import { planningSeed } from './seed';

/**
 * The check planner and its periods (the SPA's features/planning). The grid, `GET /api/planner/`
 * (CAN_VIEW_CHECK_PLANNER); the plan, `POST /api/planner/checks/`, `POST …/checks/bulk/`,
 * `PATCH|DELETE …/checks/{id}/` (CAN_EDIT_CHECK_PLANNER); the periods and their start
 * (periodRoutes.ts). Every flag is checked before the body is read; a refused write is a DRF 400,
 * 403 or 404 and stores nothing.
 */
export const planning: Area = {
  feature: 'planning',
  seed: [planningSeed],
  routes: (services) => {
    const { db } = services;
    // The bench's generated projects: rows of the grid, and plannable (stored entries).
    const volume = projectVolumeOf(services.db, services.volume.projects);
    const edit = permitted(PLANNER_FLAGS.edit);
    const CHECK = '/planner/checks/:checkId/';
    return [
      ...periodRoutes(db, volume),

      permitted(PLANNER_FLAGS.view).get('/planner/', () => {
        // One grid for everyone holding the flag: built and serialised once per version of the
        // state (and per day, as `due` depends on it).
        const day = today();
        return serializedJsonAnswer(
          db.memo(`planner:${day}`, (state) => serializedJson(plannerGrid(state, volume, day))),
        );
      }),

      edit.post('/planner/checks/', ({ body, auth }) => {
        // Read untracked: the rules only read (2 000 projects and thousands of planned checks).
        const state = db.readState();
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
        errors.refuseIfAny();
        const check = newPlannedCheck(
          nextId(state.plannedChecks),
          auth.persona.userId,
          period!,
          projectId!,
          fields!,
        );
        mutate(db, (draft) => {
          draft.plannedChecks.push(check);
        });
        return created(toPlannedCheck(db.getState(), check));
      }),

      edit.post('/planner/checks/bulk/', ({ body, auth }) => {
        const state = db.getState();
        const errors = new FieldErrors();
        const projects = planProjects(state, volume);
        const period = periodField(errors, state, body);
        const projectIds = projectIdsField(errors, body, projects, period, state);
        const fields = checkFields(errors, state, body, period);
        errors.refuseIfAny();
        const first = nextId(state.plannedChecks);
        const checks = projectIds!.map((projectId, index) =>
          newPlannedCheck(first + index, auth.persona.userId, period!, projectId, fields!),
        );
        mutate(db, (draft) => {
          draft.plannedChecks.push(...checks);
        });
        const current = db.getState();
        const result: BulkPlanResult = {
          checks: checks.map((check) => toPlannedCheck(current, check)),
        };
        return created(result);
      }),

      edit.patch(CHECK, ({ params, body, auth }) => {
        const { state, check, period } = plannedCheckOf(db, params.checkId);
        refuseLocked(check, period);
        const errors = new FieldErrors();
        const fields = checkFields(errors, state, body, period, check);
        errors.refuseIfAny();
        mutate(db, (draft) => {
          const target = draft.plannedChecks.find((candidate) => candidate.id === check.id)!;
          const before = JSON.stringify(target);
          Object.assign(target, fields);
          if (JSON.stringify(target) === before) return false;
          target.updated_by_id = auth.persona.userId;
          target.updated_at = nowIso();
          return true;
        });
        const current = db.getState();
        const saved = current.plannedChecks.find((candidate) => candidate.id === check.id)!;
        return json(toPlannedCheck(current, saved));
      }),

      edit.delete(CHECK, ({ params }) => {
        const { check, period } = plannedCheckOf(db, params.checkId);
        refuseLocked(check, period);
        mutate(db, (draft) => {
          const index = draft.plannedChecks.findIndex((candidate) => candidate.id === check.id);
          draft.plannedChecks.splice(index, 1);
        });
        return noContent();
      }),
    ];
  },
};

/** The planned check of `rawId` and its period; DRF's 404 for an unknown one. */
function plannedCheckOf(db: MockDb, rawId: unknown) {
  const state = db.getState();
  const id = Number(rawId);
  const check = state.plannedChecks.find((candidate) => candidate.id === id);
  const period =
    check && state.plannerPeriods.find((candidate) => candidate.id === check.period_id);
  if (!check || !period) notFound();
  return { state, check, period };
}
