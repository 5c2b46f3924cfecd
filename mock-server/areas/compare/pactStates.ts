import { COMPARE_STATES } from '../../../src/testing/pact/states';
import { handlersFor, type SignIn, type AreaPactStates } from '../../../scripts/pact/stateHandlers';

/**
 * The fixtures' checks these states stand on: health check 8 is finished with an earlier finished
 * one of its project (101); 2 is in its expert phase; 94 (of the seed's volume, a fixed seed) is a
 * finished health check no other check of its project compares with.
 */
const FINISHED_WITH_EARLIER = 8;
const EXPERT_PHASE = 2;
const FINISHED_ALONE = 94;

/** The compare states of the mock backend, on the fixtures' checks; nothing to change. */
export function compareStateHandlers(signIn: SignIn) {
  return handlersFor(COMPARE_STATES, signIn, {
    adminTwoFinished: () => ({ pollId: FINISHED_WITH_EARLIER }),
    adminOnlyCheck: () => ({ pollId: FINISHED_ALONE }),
    expertBeforeResults: () => ({ pollId: EXPERT_PHASE }),
  });
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = (_app, signIn) => compareStateHandlers(signIn);
