import type { MockApp } from '../../app';
import { storedMatrixOf, usualCells, type StoredRaciMatrix } from './model';
import { mutate } from '../../store/db';
import {
  RACI_FUNCTIONS,
  raciActivityCodes,
  type RaciFunction,
} from '../../../src/api/contract/raci';
import { RACI_STATES } from '../../../src/testing/pact/states';
import {
  handlersFor,
  type SignIn,
  type StateContext,
  type AreaPactStates,
} from '../../../scripts/pact/stateHandlers';

/** The project whose matrices the states set up, whatever the seed holds for them. */
const PROJECT = 1;
/** A user of the fixtures beside admin, who validated the earlier version. */
const EARLIER_VALIDATOR = 101;

/** The state's `function` parameter. */
function functionOf({ params }: StateContext): RaciFunction {
  const fn = RACI_FUNCTIONS.find((candidate) => candidate === params?.function);
  if (!fn) throw new Error(`A RACI state needs a function, got ${String(params?.function)}`);
  return fn;
}

/** The Ownership matrix states: the matrix of the function set up explicitly on one project. */
export function raciStateHandlers(app: MockApp, signIn: SignIn) {
  const { db } = app.mock;
  /** Makes the matrix a draft with its usual assignment (one A per activity), then `change`s it. */
  const draft = (fn: RaciFunction, change: (matrix: StoredRaciMatrix) => void) => {
    mutate(db, (store) => {
      const matrix = storedMatrixOf(store, PROJECT, fn);
      matrix.cells = usualCells(fn);
      matrix.status = 'draft';
      matrix.validated_by_id = null;
      matrix.validated_at = null;
      change(matrix);
    });
    return { projectId: PROJECT };
  };
  const drafts: Record<string, (fn: RaciFunction) => { projectId: number }> = {
    validated_before: (fn) =>
      draft(fn, (matrix) => {
        matrix.updated_by_id ??= EARLIER_VALIDATOR;
        matrix.updated_at ??= '2026-04-01T09:00:00.000Z';
        matrix.snapshot ??= {
          cells: structuredClone(matrix.cells),
          validated_by_id: EARLIER_VALIDATOR,
          validated_at: '2026-03-02T09:00:00.000Z',
        };
      }),
    activity_without_a: (fn) =>
      draft(fn, (matrix) => {
        const row = matrix.cells[raciActivityCodes(fn)[2]!]!;
        for (const [role, letter] of Object.entries(row)) if (letter === 'A') row[role] = 'R';
      }),
    never_validated: (fn) =>
      draft(fn, (matrix) => {
        matrix.updated_by_id = null;
        matrix.updated_at = null;
        matrix.snapshot = null;
      }),
  };

  return handlersFor(RACI_STATES, signIn, {
    adminDraft: (context) => {
      const set = drafts[String(context.params?.draft)];
      if (!set) throw new Error(`Unknown RACI draft ${String(context.params?.draft)}`);
      return set(functionOf(context));
    },
    portfolioViews: (context) => {
      functionOf(context);
      return { projectId: PROJECT };
    },
    pmWithoutView: (context) => {
      functionOf(context);
      return { projectId: PROJECT };
    },
  });
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = raciStateHandlers;
