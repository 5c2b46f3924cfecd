import { REPORT_STATES } from '../../../src/testing/pact/states';
import { handlersFor, type SignIn, type AreaPactStates } from '../../../scripts/pact/stateHandlers';

/** The report states of the mock backend: the fixtures hold finished checks and risks. */
export function reportStateHandlers(signIn: SignIn) {
  return handlersFor(REPORT_STATES, signIn, {
    adminWithRecords: () => ({}),
    expertWithoutReports: () => ({}),
  });
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = (_app, signIn) => reportStateHandlers(signIn);
