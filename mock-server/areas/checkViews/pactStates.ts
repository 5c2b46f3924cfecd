import { CHECK_VIEW_STATES } from '../../../src/testing/pact/states';
import { handlersFor, type SignIn, type AreaPactStates } from '../../../scripts/pact/stateHandlers';

/** The views-across-checks states of the mock backend, on the fixtures' checks and audits. */
export function checkViewStateHandlers(signIn: SignIn) {
  return handlersFor(CHECK_VIEW_STATES, signIn, {
    // Audit 10 of the fixtures holds the overdue major finding about change requests.
    adminManyChecks: () => ({ findingSearch: 'signed change requests' }),
    viewerWithoutViews: () => ({}),
    pmWithoutOutcomes: () => ({}),
  });
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = (_app, signIn) => checkViewStateHandlers(signIn);
