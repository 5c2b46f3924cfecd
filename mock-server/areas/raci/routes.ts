import { Router, type Request, type RequestHandler, type Response } from 'express';
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
import { authOf } from '../../auth/middleware';
import type { Persona } from '../../auth/personas';
import { drf, isPlainObject, REQUIRED, requireObjectBody, typeName } from '../../drf';
import { recordProjectChange } from '../projects/model';
import { RACI_CATALOGUE } from './catalogue';
import {
  matrixOf,
  storedMatrixOf,
  toRaciMatrix,
  toRaciSnapshot,
  type StoredRaciCells,
} from './model';
import { mutate, type MockDb } from '../../store/db';
import type { MockState } from '../../store/state';
import { lacksFlag } from '../../routes/projects';
import { personOf } from '../../lib/people';

const NOT_A_DICT = (value: unknown) =>
  `Expected a dictionary of items but got type "${typeName(value)}".`;
const NOT_A_CHOICE = (value: unknown) =>
  `"${typeof value === 'string' ? value : JSON.stringify(value)}" is not a valid choice.`;
const rowOf = (cells: StoredRaciCells) => (code: string) => cells[code] ?? {};

/** The flags a call needs, in the order a refusal names them; true when refused. */
function refused(res: Response, persona: Persona, flags: readonly string[]): boolean {
  return flags.some((flag) => lacksFlag(res, persona, flag));
}

/** The project of the path, or a 404 answered (undefined). */
function projectIdOf(req: Request, res: Response, state: MockState): number | undefined {
  const id = Number(req.params.id);
  if (!state.projects.some((project) => project.id === id)) {
    drf.notFound(res);
    return undefined;
  }
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
 * As a Django path converter: a function the backend does not know is a 404 before any view
 * runs (no flag named, no body read).
 */
const knownFunction: RequestHandler = (req, res, next) => {
  const fn = RACI_FUNCTIONS.find((candidate) => candidate === req.params.fn);
  if (!fn) {
    drf.notFound(res);
    return;
  }
  res.locals.raciFunction = fn;
  next();
};

/** The function of the path, its label and the flags that view it. */
function functionOf(res: Response) {
  const fn = res.locals.raciFunction as RaciFunction;
  return {
    fn,
    label: RACI_FUNCTION_LABELS[fn],
    viewFlags: [PROJECT_CARD_FLAG, RACI_VIEW_FLAG[fn]],
  };
}

/**
 * The Ownership matrix: per project and function, `GET|PUT /api/projects/{id}/raci/{function}/`,
 * `POST …/validate/` and `GET …/snapshot/`. Reading needs CAN_VIEW_PROJECT_CARD and the function's
 * view flag; saving CAN_EDIT_RACI_MATRIX, validating CAN_VALIDATE_RACI_MATRIX, the last validated
 * version CAN_VIEW_RACI_SNAPSHOT. Both writes refuse a matrix that breaks the one-A rule (400, the
 * activities by code) and are recorded in the card's History.
 */
export function raciRoutes(db: MockDb): Router {
  const router = Router({ strict: true });

  const base = '/projects/:id/raci/:fn/';

  router.get(base, knownFunction, (req, res) => {
    const { fn, viewFlags } = functionOf(res);
    const { persona } = authOf(res.locals);
    if (refused(res, persona, viewFlags)) return;
    const state = db.getState();
    const id = projectIdOf(req, res, state);
    if (id === undefined) return;
    res.json(toRaciMatrix(state, matrixOf(state, id, fn)!));
  });

  router.put(base, knownFunction, requireObjectBody, (req, res) => {
    const { fn, label, viewFlags } = functionOf(res);
    const { persona } = authOf(res.locals);
    if (refused(res, persona, [...viewFlags, RACI_EDIT_FLAG])) return;
    const id = projectIdOf(req, res, db.getState());
    if (id === undefined) return;
    const body = req.body as Record<string, unknown>;
    const parsed = parseActivities(fn, body.activities);
    if ('errors' in parsed) {
      drf.badRequest(res, {
        activities:
          typeof parsed.errors === 'string' ? [parsed.errors] : Object.fromEntries(parsed.errors),
      });
      return;
    }
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
      matrix.updated_at = new Date().toISOString();
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
    res.json(toRaciMatrix(state, matrixOf(state, id, fn)!));
  });

  router.post(`${base}validate/`, knownFunction, (req, res) => {
    const { fn, label, viewFlags } = functionOf(res);
    const { persona } = authOf(res.locals);
    if (refused(res, persona, [...viewFlags, RACI_VALIDATE_FLAG])) return;
    const state = db.getState();
    const id = projectIdOf(req, res, state);
    if (id === undefined) return;
    const current = matrixOf(state, id, fn)!;
    if (current.status === 'validated') {
      drf.badRequest(res, { non_field_errors: [`The ${label} matrix is already validated.`] });
      return;
    }
    const broken = ruleErrors(fn, current.cells);
    if (broken.size > 0) {
      drf.badRequest(res, {
        non_field_errors: [
          `The ${label} matrix cannot be validated while an activity breaks the rule. ${ONE_ACCOUNTABLE_RULE}.`,
        ],
        activities: Object.fromEntries(broken),
      });
      return;
    }
    mutate(db, (draft) => {
      const matrix = storedMatrixOf(draft, id, fn);
      const at = new Date().toISOString();
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
    res.json(toRaciMatrix(after, matrixOf(after, id, fn)!));
  });

  router.get(`${base}snapshot/`, knownFunction, (req, res) => {
    const { fn, label, viewFlags } = functionOf(res);
    const { persona } = authOf(res.locals);
    if (refused(res, persona, [...viewFlags, RACI_SNAPSHOT_FLAG])) return;
    const state = db.getState();
    const id = projectIdOf(req, res, state);
    if (id === undefined) return;
    const snapshot = toRaciSnapshot(state, matrixOf(state, id, fn)!);
    if (!snapshot) {
      res.status(404).json({ detail: `The ${label} matrix of this project was never validated.` });
      return;
    }
    res.json(snapshot);
  });

  return router;
}
