import type { MockApp } from '../../app';
import { findPersona } from '../../auth/personas';
import { now, nowIso, today } from '../../lib/clock';
import { mutate } from '../../store/db';
import type { MockState } from '../../store/state';
import { fridayOf, mondayOf } from '../../../src/api/contract/planner';
import { PLANNER_PERIOD_STATES, PLANNER_STATES } from '../../../src/testing/pact/states';
import {
  handlersFor,
  type SignIn,
  type StateValues,
  type AreaPactStates,
} from '../../../scripts/pact/stateHandlers';

const DAY = 86_400_000;
/** The fixtures' projects the states leave unplanned (61–63) and planned (2) in the open period. */
const UNPLANNED = [61, 62, 63] as const;
const PLANNED = 2;
/** An id above every key of the fixtures. */
const MISSING = 999_999;

const userOf = (personaId: string) => findPersona(personaId)!.userId;

/** The planner's and its periods' states of the mock backend, on the seed's three periods. */
export function plannerStateHandlers(app: MockApp, signIn: SignIn) {
  const { db } = app.mock;
  const periodOf = (state: MockState, which: string) => {
    const period = state.plannerPeriods.find((candidate) => candidate.state === which);
    if (!period) throw new Error(`The seed holds no ${which} planner period`);
    return period;
  };

  /** The ids of the three periods. */
  const periodIds = () => {
    const state = db.getState();
    return {
      closedPeriodId: periodOf(state, 'closed').id,
      openPeriodId: periodOf(state, 'open').id,
      draftPeriodId: periodOf(state, 'draft').id,
    };
  };

  /** The planned checks the interactions change: one of the open period, one started. */
  const checkIds = () => {
    const state = db.getState();
    const open = periodOf(state, 'open');
    const closed = periodOf(state, 'closed');
    const unplanned: readonly number[] = UNPLANNED;
    const planned = state.plannedChecks.find(
      (check) =>
        check.period_id === open.id &&
        check.poll_id === null &&
        !unplanned.includes(check.project_id) &&
        fridayOf(check.planned_week) >= today(),
    );
    const started = state.plannedChecks.find(
      (check) => check.period_id === closed.id && check.poll_id !== null,
    );
    if (!planned || !started) throw new Error('The seed plans no open or started planned check');
    return { plannedCheckId: planned.id, startedCheckId: started.id };
  };

  /** What a change of the plan sends: the open period, a planned check, projects and experts. */
  const planValues = () => {
    const { openPeriodId } = periodIds();
    const { plannedCheckId } = checkIds();
    const [projectId, secondProjectId, thirdProjectId] = UNPLANNED;
    return {
      openPeriodId,
      plannedCheckId,
      projectId,
      secondProjectId,
      thirdProjectId,
      mainExpertId: userOf('main_expert'),
      expertId: userOf('expert'),
    };
  };

  /** The unplanned projects active and not planned in the open period, PLANNED planned in it. */
  const plannable = (state: MockState) => {
    const open = periodOf(state, 'open');
    const projects: readonly number[] = [...UNPLANNED, PLANNED];
    for (const detail of state.projectDetails)
      if (projects.includes(detail.project_id)) detail.status = 'active';
    const unplanned: readonly number[] = UNPLANNED;
    const kept = state.plannedChecks.filter(
      (check) => check.period_id !== open.id || !unplanned.includes(check.project_id),
    );
    state.plannedChecks.splice(0, state.plannedChecks.length, ...kept);
    if (!state.plannedChecks.some((c) => c.period_id === open.id && c.project_id === PLANNED))
      throw new Error(`The seed's open period no longer plans project ${PLANNED}`);
  };

  /** Next week, whatever today is: three health checks ready to start, the open period holding it. */
  const ready = (state: MockState) => {
    plannable(state);
    const open = periodOf(state, 'open');
    const week = mondayOf(new Date(now().getTime() + 7 * DAY).toISOString().slice(0, 10));
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
          { user_id: userOf('main_expert'), kind: 'main_expert' },
          { user_id: userOf('expert'), kind: 'expert' },
        ],
        note: '',
        poll_id: null,
        updated_by_id: userOf('admin'),
        updated_at: nowIso(),
      });
  };

  /**
   * The three ready checks, one of them moved back to a week of the period that is over (the
   * period then starts early enough, whatever today is, for such a week to exist), and another
   * left without a main expert: a warning, which does not stop the start.
   */
  const stale = (state: MockState) => {
    ready(state);
    const open = periodOf(state, 'open');
    const lastWeekOver = mondayOf(new Date(now().getTime() - 7 * DAY).toISOString().slice(0, 10));
    if (open.start_date > lastWeekOver) open.start_date = lastWeekOver;
    const [first, second] = state.plannedChecks.filter((check) => check.period_id === open.id);
    first!.planned_week = lastWeekOver;
    second!.experts = [{ user_id: userOf('expert'), kind: 'expert' }];
  };

  /** Applies `change` to the store, then answers `values()`. */
  const after = (change: (state: MockState) => void, values: () => StateValues) => {
    mutate(db, change);
    return values();
  };

  return {
    ...handlersFor(PLANNER_PERIOD_STATES, signIn, {
      admin: () => ({ ...periodIds(), missingPeriodId: MISSING }),
      adminDraftOverlaps: () =>
        after(
          (state) => {
            // Two weeks before the open period ends.
            const open = periodOf(state, 'open');
            periodOf(state, 'draft').start_date = `${open.end_date.slice(0, 8)}15`;
          },
          () => ({ draftPeriodId: periodIds().draftPeriodId }),
        ),
      portfolioReadOnly: () => ({ openPeriodId: periodIds().openPeriodId }),
      pmWithoutPeriods: () => ({}),
    }),
    ...handlersFor(PLANNER_STATES, signIn, {
      admin: () =>
        after(plannable, () => {
          return {
            ...planValues(),
            closedPeriodId: periodIds().closedPeriodId,
            startedCheckId: checkIds().startedCheckId,
            plannedProjectId: PLANNED,
            missingCheckId: MISSING,
            missingPeriodId: MISSING,
          };
        }),
      adminReady: () => after(ready, () => ({ openPeriodId: periodIds().openPeriodId })),
      adminStale: () => after(stale, () => ({ openPeriodId: periodIds().openPeriodId })),
      portfolioReadOnly: () => after(plannable, planValues),
      pmWithout: () => ({}),
    }),
  };
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = plannerStateHandlers;
