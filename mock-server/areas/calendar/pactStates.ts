import type { MockApp } from '../../app';
import { CALENDAR_STATES } from '../../../src/testing/pact/states';
import { handlersFor, type SignIn, type AreaPactStates } from '../../../scripts/pact/stateHandlers';

/** A canonical project of the fixtures in whose checks admin takes no part. */
const PROJECT_WITHOUT_ADMIN = 1;

/** The calendar states of the mock backend: the stretch is the running planner period's quarter. */
export function calendarStateHandlers(app: MockApp, signIn: SignIn) {
  const { db } = app.mock;
  return handlersFor(CALENDAR_STATES, signIn, {
    adminEvents: () => {
      const running = db.getState().plannerPeriods.find((period) => period.state === 'open');
      if (!running) throw new Error('The fixtures hold no open planner period');
      return {
        start: running.start_date,
        end: running.end_date,
        projectId: PROJECT_WITHOUT_ADMIN,
      };
    },
    riskOwnerWithoutScheduler: () => ({}),
  });
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = calendarStateHandlers;
