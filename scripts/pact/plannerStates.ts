import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { mutate } from '../../mock-server/store/db';
import type { MockState } from '../../mock-server/store/state';
import { PLANNER_PERIOD_STATES } from '../../src/testing/pact/states';

type SignIn = (personaId: string) => Promise<{ valid: { access: string } }>;

/** The planner period provider states on the seed (one closed, one open, one draft period). */
export function plannerStateHandlers(
  app: MockApp,
  signIn: SignIn,
): NonNullable<VerifierOptions['stateHandlers']> {
  const { db } = app.mock;
  const idOf = (state: string) => {
    const period = db.getState().plannerPeriods.find((candidate) => candidate.state === state);
    if (!period) throw new Error(`The seed holds no ${state} planner period`);
    return period.id;
  };
  const ids = () => ({
    closedPeriodId: idOf('closed'),
    openPeriodId: idOf('open'),
    draftPeriodId: idOf('draft'),
  });
  const signedIn = (personaId: string, change?: (state: MockState) => void) => async () => {
    const { valid } = await signIn(personaId);
    if (change) mutate(db, change);
    return { accessToken: valid.access, ...ids() };
  };
  return {
    [PLANNER_PERIOD_STATES.admin]: signedIn('admin'),
    [PLANNER_PERIOD_STATES.adminDraftOverlaps]: signedIn('admin', (state) => {
      const open = state.plannerPeriods.find((period) => period.state === 'open')!;
      const draft = state.plannerPeriods.find((period) => period.state === 'draft')!;
      // Two weeks before the open period ends.
      draft.start_date = `${open.end_date.slice(0, 8)}15`;
    }),
    [PLANNER_PERIOD_STATES.portfolioReadOnly]: signedIn('portfolio'),
    [PLANNER_PERIOD_STATES.pmWithoutPeriods]: signedIn('pm'),
  };
}
