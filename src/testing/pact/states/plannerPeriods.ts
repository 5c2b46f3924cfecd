/**
 * States of the planner's periods, on the seed: 2026 Q3 closed, 2026 Q4 open, 2027 Q1 a draft.
 * Each returns `accessToken` and `closedPeriodId`, `openPeriodId`, `draftPeriodId`.
 */
export const PLANNER_PERIOD_STATES = {
  admin: 'persona admin is signed in and the planner has a closed, an open and a draft period',
  adminDraftOverlaps:
    'persona admin is signed in and the draft planner period starts inside the open one',
  portfolioReadOnly: 'persona portfolio may view the planner periods but not create or edit them',
  pmWithoutPeriods: 'persona pm is signed in and may not view the planner periods',
} as const;
