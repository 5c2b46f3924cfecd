import { PROJECT_CARD_FLAG } from '../../../src/api/contract/projects';
import {
  ONE_ACCOUNTABLE_RULE,
  RACI_EDIT_FLAG,
  RACI_FUNCTION_LABELS,
  RACI_FUNCTIONS,
  RACI_HISTORY_SECTION,
  RACI_LETTERS,
  RACI_SNAPSHOT_FLAG,
  RACI_STATUS_LABELS,
  RACI_VALIDATE_FLAG,
  RACI_VIEW_FLAG,
  activityProblem,
  raciCellText,
  raciHistoryField,
  type RaciCell,
  type RaciFunction,
  type RaciLetter,
} from '../../../src/api/contract/raci';
import type { Area } from '../../lib/area';
import { requireFlags } from '../../lib/cardAccess';
import { nowIso } from '../../lib/clock';
import { isPlainObject, objectBodyProblem, REQUIRED, typeName } from '../../lib/drf';
import { badRequest, json, notFound, type MockRequest } from '../../lib/http';
import { personOf } from '../../lib/people';
import { route, type Handler, type Route } from '../../lib/routes';
import { mutate } from '../../store/db';
import type { MockState } from '../../store/state';
import { recordProjectChange } from '../projects/model';
import { RACI_CATALOGUE } from './catalogue';
import {
  matrixOf,
  storedMatrixOf,
  toRaciMatrix,
  toRaciSnapshot,
  type StoredRaciCells,
} from './model';

const NOT_A_DICT = (value: unknown) =>
  `Expected a dictionary of items but got type "${typeName(value)}".`;
const NOT_A_CHOICE = (value: unknown) =>
  `"${typeof value === 'string' ? value : JSON.stringify(value)}" is not a valid choice.`;
const rowOf = (cells: StoredRaciCells) => (code: string) => cells[code] ?? {};

/** The project of the path; DRF's 404 for an unknown one. */
function projectIdOf(req: MockRequest, state: MockState): number {
  const id = Number(req.params.id);
  if (!state.projects.some((project) => project.id === id)) notFound();
  return id;
}

/** The rule checked on every row; the activities that break it by code. */
function ruleErrors(fn: RaciFunction, cells: StoredRaciCells): Map<string, string[]> {
  const errors = new Map<string, string[]>();
  for (const activity of RACI_CATALOGUE[fn].activities) {
    const problem = activityProblem(rowOf(cells)(activity.code));
    if (problem) errors.set(activity.code, [problem]);
  }
  return errors;
}

/**
 * The PUT body as a DRF serializer reads it: `activities` a dictionary of every activity of the
 * function by code, each a dictionary of cells by role id (null or '' empty, else R, A, C or I).
 * Answers the cells, or the errors by activity (a string when the field itself is wrong).
 */
function parseActivities(
  fn: RaciFunction,
  value: unknown,
): { cells: StoredRaciCells } | { errors: Map<string, string[]> | string } {
  if (value === undefined || value === null) return { errors: REQUIRED };
  if (!isPlainObject(value)) return { errors: NOT_A_DICT(value) };
  const { roles, activities } = RACI_CATALOGUE[fn];
  const errors = new Map<string, string[]>();
  const add = (key: string, message: string) =>
    errors.set(key, [...(errors.get(key) ?? []), message]);
  const cells: StoredRaciCells = {};
  for (const activity of activities) {
    const key = activity.code;
    if (!Object.hasOwn(value, key)) {
      add(key, REQUIRED);
      continue;
    }
    const row = value[key];
    if (!isPlainObject(row)) {
      add(key, NOT_A_DICT(row));
      continue;
    }
    const parsed: Record<string, RaciLetter> = {};
    for (const [roleId, cell] of Object.entries(row)) {
      if (!roles.some((role) => role.id === roleId))
        add(key, `"${roleId}" is not a role of this matrix.`);
      else if (cell === null || cell === '') continue;
      else if (typeof cell === 'string' && (RACI_LETTERS as readonly string[]).includes(cell))
        parsed[roleId] = cell as RaciLetter;
      else add(key, NOT_A_CHOICE(cell));
    }
    if (!errors.has(key)) {
      const problem = activityProblem(parsed);
      if (problem) add(key, problem);
    }
    cells[key] = parsed;
  }
  const known = new Set<string>(activities.map((activity) => activity.code));
  for (const key of Object.keys(value))
    if (!known.has(key))
      add(key, `"${key}" is not an activity of the ${RACI_FUNCTION_LABELS[fn]} matrix.`);
  return errors.size > 0 ? { errors } : { cells };
}

/**
 * The function of the path, its label and the flags that view it. As a Django path converter, a
 * function the backend does not know is a 404 before any other check (no flag named, no body read).
 */
function functionOf(req: MockRequest) {
  const fn = RACI_FUNCTIONS.find((candidate) => candidate === req.params.fn) ?? notFound();
  return {
    fn,
    label: RACI_FUNCTION_LABELS[fn],
    viewFlags: [PROJECT_CARD_FLAG, RACI_VIEW_FLAG[fn]],
  };
}

/**
 * A PUT whose JSON object body is checked in the handler, after the path's function: the route's
 * own object check would answer a body of an unknown function's path before its 404.
 */
const putAfterPath = (path: string, handler: Handler): Route => ({
  ...route.postAny(path, handler),
  method: 'PUT',
});

/** The body as a DRF serializer wants it: a JSON object (none reads as `{}`), else a 400. */
function objectBody(req: MockRequest): Record<string, unknown> {
  const problem = objectBodyProblem(req.body);
  if (problem) badRequest(problem);
  return (req.body ?? {}) as Record<string, unknown>;
}

/**
 * The Ownership matrix: per project and function, `GET|PUT /api/projects/{id}/raci/{function}/`,
 * `POST …/validate/` and `GET …/snapshot/`. Reading needs CAN_VIEW_PROJECT_CARD and the function's
 * view flag; saving CAN_EDIT_RACI_MATRIX, validating CAN_VALIDATE_RACI_MATRIX, the last validated
 * version CAN_VIEW_RACI_SNAPSHOT. Both writes refuse a matrix that breaks the one-A rule (400, the
 * activities by code) and are recorded in the card's History.
 */
export const raci: Area = {
  feature: 'projects/raci',
  // Each function's matrix is seeded on demand (model.ts); saved ones land here.
  seed: [{ name: 'raci', build: () => ({ raciMatrices: [] }) }],
  routes: ({ db }) => {
    const base = '/projects/:id/raci/:fn/';

    return [
      route.get(base, (req) => {
        const { fn, viewFlags } = functionOf(req);
        requireFlags(req.auth.persona, ...viewFlags);
        const state = db.getState();
        const id = projectIdOf(req, state);
        return json(toRaciMatrix(state, matrixOf(state, id, fn)!));
      }),

      putAfterPath(base, (req) => {
        const { fn, label, viewFlags } = functionOf(req);
        const body = objectBody(req);
        const { persona } = req.auth;
        requireFlags(persona, ...viewFlags, RACI_EDIT_FLAG);
        const id = projectIdOf(req, db.getState());
        const parsed = parseActivities(fn, body.activities);
        if ('errors' in parsed)
          badRequest({
            activities:
              typeof parsed.errors === 'string'
                ? [parsed.errors]
                : Object.fromEntries(parsed.errors),
          });
        mutate(db, (state) => {
          const before = matrixOf(state, id, fn)!;
          const { roles, activities } = RACI_CATALOGUE[fn];
          const changes: { field: string; old_value: string; new_value: string }[] = [];
          for (const activity of activities) {
            const old = rowOf(before.cells)(activity.code);
            const next = rowOf(parsed.cells)(activity.code);
            for (const role of roles) {
              const was: RaciCell = old[role.id] ?? '';
              const is: RaciCell = next[role.id] ?? '';
              if (was !== is)
                changes.push({
                  field: raciHistoryField(fn, activity.name),
                  old_value: raciCellText(role.name, was),
                  new_value: raciCellText(role.name, is),
                });
            }
          }
          if (changes.length === 0) return false;
          const by = personOf(state, persona.userId);
          const matrix = storedMatrixOf(state, id, fn);
          matrix.cells = parsed.cells;
          matrix.updated_by_id = persona.userId;
          matrix.updated_at = nowIso();
          for (const change of changes)
            recordProjectChange(state, id, by, { section: RACI_HISTORY_SECTION, ...change });
          if (matrix.status === 'validated') {
            matrix.status = 'draft';
            matrix.validated_by_id = null;
            matrix.validated_at = null;
            recordProjectChange(state, id, by, {
              section: RACI_HISTORY_SECTION,
              field: `${label}: status`,
              old_value: RACI_STATUS_LABELS.validated,
              new_value: RACI_STATUS_LABELS.draft,
            });
          }
          return true;
        });
        const state = db.getState();
        return json(toRaciMatrix(state, matrixOf(state, id, fn)!));
      }),

      route.postAny(`${base}validate/`, (req) => {
        const { fn, label, viewFlags } = functionOf(req);
        const { persona } = req.auth;
        requireFlags(persona, ...viewFlags, RACI_VALIDATE_FLAG);
        const state = db.getState();
        const id = projectIdOf(req, state);
        const current = matrixOf(state, id, fn)!;
        if (current.status === 'validated')
          badRequest({ non_field_errors: [`The ${label} matrix is already validated.`] });
        const broken = ruleErrors(fn, current.cells);
        if (broken.size > 0)
          badRequest({
            non_field_errors: [
              `The ${label} matrix cannot be validated while an activity breaks the rule. ${ONE_ACCOUNTABLE_RULE}.`,
            ],
            activities: Object.fromEntries(broken),
          });
        mutate(db, (draft) => {
          const matrix = storedMatrixOf(draft, id, fn);
          const at = nowIso();
          matrix.status = 'validated';
          matrix.validated_by_id = persona.userId;
          matrix.validated_at = at;
          matrix.snapshot = {
            cells: JSON.parse(JSON.stringify(matrix.cells)) as typeof matrix.cells,
            validated_by_id: persona.userId,
            validated_at: at,
          };
          recordProjectChange(draft, id, personOf(draft, persona.userId), {
            section: RACI_HISTORY_SECTION,
            field: `${label}: status`,
            old_value: RACI_STATUS_LABELS.draft,
            new_value: RACI_STATUS_LABELS.validated,
          });
        });
        const after = db.getState();
        return json(toRaciMatrix(after, matrixOf(after, id, fn)!));
      }),

      route.get(`${base}snapshot/`, (req) => {
        const { fn, label, viewFlags } = functionOf(req);
        requireFlags(req.auth.persona, ...viewFlags, RACI_SNAPSHOT_FLAG);
        const state = db.getState();
        const id = projectIdOf(req, state);
        const snapshot = toRaciSnapshot(state, matrixOf(state, id, fn)!);
        return snapshot
          ? json(snapshot)
          : json({ detail: `The ${label} matrix of this project was never validated.` }, 404);
      }),
    ];
  },
};
