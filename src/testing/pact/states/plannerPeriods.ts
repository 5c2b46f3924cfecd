import { defineStates, id, missingId } from '../state';

/** The three periods the interactions create, change and overlap with, by their dates. */
export const PLANNER_PERIODS =
  'Three planner periods created by persona admin: "2026 Q3" from 2026-07-01 to 2026-09-30, closed (its planner started); "2026 Q4" from 2026-10-01 to 2026-12-31, open and not started, with at least one check planned in its last week (the week of 2026-12-28); "2027 Q1" from 2027-01-01 to 2027-03-31, a draft. No other period runs after 2027-03-31.';

/**
 * The planner's periods (spec §2 `/planning`, §6 CAN_VIEW_PLANNER_PERIODS,
 * CAN_CREATE_PLANNER_PERIOD, CAN_EDIT_PLANNER_PERIOD): draft → open → closed, open ones never
 * overlapping.
 */
export const PLANNER_PERIOD_STATES = defineStates({
  admin: {
    name: 'persona admin is signed in and the planner has a closed, an open and a draft period',
    persona: 'admin',
    needs: `${PLANNER_PERIODS} Persona admin holds CAN_VIEW_PLANNER_PERIODS, CAN_CREATE_PLANNER_PERIOD and CAN_EDIT_PLANNER_PERIOD.`,
    returns: {
      closedPeriodId: id('the closed period'),
      openPeriodId: id('the open period'),
      draftPeriodId: id('the draft period'),
      missingPeriodId: missingId('planner period'),
    },
  },
  adminDraftOverlaps: {
    name: 'persona admin is signed in and the draft planner period starts inside the open one',
    persona: 'admin',
    needs:
      'An open planner period "2026 Q4" from 2026-10-01 to 2026-12-31, and a draft period that starts on 2026-12-15 (inside it) and ends after it. Persona admin holds CAN_EDIT_PLANNER_PERIOD.',
    returns: { draftPeriodId: id('the draft period') },
  },
  portfolioReadOnly: {
    name: 'persona portfolio may view the planner periods but not create or edit them',
    persona: 'portfolio',
    needs:
      'An open planner period. Persona portfolio holds CAN_VIEW_PLANNER_PERIODS but neither CAN_CREATE_PLANNER_PERIOD nor CAN_EDIT_PLANNER_PERIOD.',
    returns: { openPeriodId: id('the open period') },
  },
  pmWithoutPeriods: {
    name: 'persona pm is signed in and may not view the planner periods',
    persona: 'pm',
    needs: 'The user of persona pm, who does not hold CAN_VIEW_PLANNER_PERIODS.',
    returns: {},
  },
});
