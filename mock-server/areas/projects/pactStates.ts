import type { MockApp } from '../../app';
import { findPersona } from '../../auth/personas';
import { detailsOf, recordProjectChange } from './model';
import { mutate } from '../../store/db';
import { PROJECT_STATES } from '../../../src/testing/pact/states';
import { handlersFor, type SignIn, type AreaPactStates } from '../../../scripts/pact/stateHandlers';
import { personOf } from '../../lib/people';

/** The fixtures' project these states stand on (pm manages it), and an id no project has. */
const CANONICAL_PROJECT = 1;
const MISSING_PROJECT = 99_999;

/** The portfolio and project card states of the mock backend, on canonical project 1. */
export function projectStateHandlers(app: MockApp, signIn: SignIn) {
  const { db } = app.mock;
  return handlersFor(PROJECT_STATES, signIn, {
    adminPortfolio: () => ({ missingProjectId: MISSING_PROJECT }),
    viewerWithoutCard: () => ({}),
    pmEditsDetails: () => ({ projectId: CANONICAL_PROJECT }),
    adminChangedProject: () => {
      mutate(db, (state) => {
        const details = detailsOf(state, CANONICAL_PROJECT)!;
        const before = details.description;
        details.description = 'Delivered in three releases.';
        recordProjectChange(
          state,
          CANONICAL_PROJECT,
          personOf(state, findPersona('admin')!.userId),
          {
            section: 'Project overview',
            field: 'Description',
            old_value: before,
            new_value: details.description,
          },
        );
      });
      return { projectId: CANONICAL_PROJECT };
    },
  });
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = projectStateHandlers;
