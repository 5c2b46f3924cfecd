/**
 * States of the check planner, on the seed's plan (mock-server/seed/plannedChecks.ts): the closed
 * quarter started, the open one planned with problems (weeks over, a health check without a main
 * expert), project 2 planned in it and projects 61 to 63 not. Each returns `accessToken`,
 * `openPeriodId`, `closedPeriodId`, `draftPeriodId`, `plannedCheckId` (a planned check of the open
 * period not started) and `startedCheckId` (one of the closed period that became a check).
 */
export const PLANNER_STATES = {
  admin:
    'persona admin is signed in and the open planner period holds project 2 but not projects 61 to 63',
  adminReady:
    'persona admin is signed in and the open planner period holds three planned checks ready to start',
  portfolioReadOnly: 'persona portfolio may view the check planner but not edit or start it',
  pmWithout: 'persona pm is signed in and may not view the check planner',
} as const;
