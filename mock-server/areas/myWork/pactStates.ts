import type { MockApp } from '../../app';
import { findPersona } from '../../auth/personas';
import { MY_WORK_STATES } from '../../../src/testing/pact/states';
import { handlersFor, type SignIn, type AreaPactStates } from '../../../scripts/pact/stateHandlers';

/**
 * "My work"'s states on the seed: pm answers check 1 (started, pm not submitted), owns an open
 * risk and action items due this week and approves a profile validation of each canonical
 * project; viewer takes part in nothing. The handlers check the seed
 * still says so rather than trust it.
 */
export function myWorkStateHandlers(app: MockApp, signIn: SignIn) {
  const { db } = app.mock;
  return handlersFor(MY_WORK_STATES, signIn, {
    pmHasWork: () => {
      const state = db.getState();
      const userId = findPersona('pm')!.userId;
      const pm = state.polls.some(
        (poll) =>
          poll.status === 'started' &&
          poll.participants.some((one) => one.user_id === userId && !one.submitted),
      );
      if (!pm) throw new Error('The seed holds no started check the project manager has to answer');
      if (!state.riskActionItems.some((item) => !item.done && item.owner.id === userId))
        throw new Error('The seed holds no action item the project manager owns');
      if (
        !state.approvalRequests.some(
          (request) => request.approver_id === userId && request.state === 'pending',
        )
      )
        throw new Error('The seed holds no approval the project manager has to give');
      return {};
    },
    viewerHasNothing: () => ({}),
  });
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = myWorkStateHandlers;
