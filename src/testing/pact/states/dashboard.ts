/**
 * States of the riskiness and issueness dashboard on the fixtures: account B is the account of
 * canonical project 2, owned by account_owner, every risk of it on its projects, with an actual
 * riskiness recorded this month. Each returns `accessToken` and `accountId` (B's).
 */
export const DASHBOARD_STATES = {
  ownerAccountB:
    'persona account_owner is signed in and owns account B (of project 2), whose risks all sit on its projects',
  adminAccountB: 'persona admin is signed in and neither owns nor assists account B',
  portfolioWithoutActual:
    'persona portfolio is signed in with the dashboard flag but not the actual riskiness flag',
  pmWithoutDashboard: 'persona pm is signed in without the dashboard flag',
} as const;
