import type { MockApp } from '../../app';
import { mutate } from '../../store/db';
import { SEARCH_STATES } from '../../../src/testing/pact/states';
import { handlersFor, type SignIn, type AreaPactStates } from '../../../scripts/pact/stateHandlers';

/** The search's states on the seed: project 1's name shares "Ball" with a risk of it. */
export function searchStateHandlers(app: MockApp, signIn: SignIn) {
  const { db } = app.mock;
  return handlersFor(SEARCH_STATES, signIn, {
    adminFinds: () => {
      const project = db.getState().projects[0]!;
      const word = project.name.split(' ')[1]!;
      mutate(db, (state) => {
        const risk = state.risks.find((candidate) => candidate.project?.id === project.id)!;
        risk.statement = `${word} supplier may miss the release window`;
      });
      return { word };
    },
  });
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = searchStateHandlers;
