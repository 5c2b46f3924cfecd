import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { mutate } from '../../mock-server/store/db';
import type { MockState } from '../../mock-server/store/state';
import { fridayOf, mondayOf } from '../../src/api/contract/planner';
import { PLANNER_PERIOD_STATES, PLANNER_STATES } from '../../src/testing/pact/states';

type SignIn = (personaId: string) => Promise<{ valid: { access: string } }>;

const DAY = 86_400_000;
/** Projects the planner interactions plan (61–63) and find planned (2) in the open period. */
const UNPLANNED = [61, 62, 63];
const PLANNED = 2;

/** The planner's and its periods' provider states on the seed (one closed, one open, one draft). */
export function plannerStateHandlers(
  app: MockApp,
  signIn: SignIn,
): NonNullable<VerifierOptions['stateHandlers']> {
  const { db } = app.mock;
  const periodOf = (state: MockState, which: string) => {
    const period = state.plannerPeriods.find((candidate) => candidate.state === which);
    if (!period) throw new Error(`The seed holds no ${which} planner period`);
    return period;
  };
  const ids = () => {
    const state = db.getState();
    const open = periodOf(state, 'open');
    const closed = periodOf(state, 'closed');
    const today = new Date().toISOString().slice(0, 10);
    const planned = state.plannedChecks.find(
      (check) =>
        check.period_id === open.id &&
        check.poll_id === null &&
        !UNPLANNED.includes(check.project_id) &&
        fridayOf(check.planned_week) >= today,
    );
    const started = state.plannedChecks.find(
      (check) => check.period_id === closed.id && check.poll_id !== null,
    );
    return {
      closedPeriodId: closed.id,
      openPeriodId: open.id,
      draftPeriodId: periodOf(state, 'draft').id,
      ...(planned ? { plannedCheckId: planned.id } : {}),
      ...(started ? { startedCheckId: started.id } : {}),
    };
  };
  const signedIn = (personaId: string, change?: (state: MockState) => void) => async () => {
    const { valid } = await signIn(personaId);
    if (change) mutate(db, change);
    return { accessToken: valid.access, ...ids() };
  };
  /** Projects 61–63 active and unplanned in the open period, project 2 planned in it. */
  const plannable = (state: MockState) => {
    const open = periodOf(state, 'open');
    for (const detail of state.projectDetails)
      if (UNPLANNED.includes(detail.project_id) || detail.project_id === PLANNED)
        detail.status = 'active';
    for (let index = state.plannedChecks.length - 1; index >= 0; index -= 1) {
      const check = state.plannedChecks[index]!;
      if (check.period_id === open.id && UNPLANNED.includes(check.project_id))
        state.plannedChecks.splice(index, 1);
    }
    if (!state.plannedChecks.some((c) => c.period_id === open.id && c.project_id === PLANNED))
      throw new Error(`The seed's open period no longer plans project ${PLANNED}`);
  };
  return {
    [PLANNER_PERIOD_STATES.admin]: signedIn('admin'),
    [PLANNER_PERIOD_STATES.adminDraftOverlaps]: signedIn('admin', (state) => {
      const open = periodOf(state, 'open');
      const draft = periodOf(state, 'draft');
      // Two weeks before the open period ends.
      draft.start_date = `${open.end_date.slice(0, 8)}15`;
    }),
    [PLANNER_PERIOD_STATES.portfolioReadOnly]: signedIn('portfolio'),
    [PLANNER_PERIOD_STATES.pmWithoutPeriods]: signedIn('pm'),

    [PLANNER_STATES.admin]: signedIn('admin', plannable),
    [PLANNER_STATES.adminReady]: signedIn('admin', (state) => {
      plannable(state);
      // Next week, whatever today is: the open period is stretched to hold it.
      const open = periodOf(state, 'open');
      const week = mondayOf(new Date(Date.now() + 7 * DAY).toISOString().slice(0, 10));
      if (open.end_date < fridayOf(week)) open.end_date = fridayOf(week);
      const rest = state.plannedChecks.filter((check) => check.period_id !== open.id);
      state.plannedChecks.splice(0, state.plannedChecks.length, ...rest);
      let id = Math.max(0, ...rest.map((check) => check.id));
      for (const projectId of UNPLANNED)
        state.plannedChecks.push({
          id: (id += 1),
          period_id: open.id,
          project_id: projectId,
          type: 'health_check',
          model: 'sdo',
          planned_week: week,
          experts: [
            { user_id: 4, kind: 'main_expert' },
            { user_id: 3, kind: 'expert' },
          ],
          note: '',
          poll_id: null,
          updated_by_id: 1,
          updated_at: new Date().toISOString(),
        });
    }),
    [PLANNER_STATES.portfolioReadOnly]: signedIn('portfolio', plannable),
    [PLANNER_STATES.pmWithout]: signedIn('pm'),
  };
}
