/**
 * States of targets, on the seed: project 1 has project and account-project targets, account 1
 * its own. Each returns `accessToken`, `projectId`, `accountId`, `targetId` (project 1's CSAT
 * target of 2026-Q4) and `accountTargetId` (account 1's CSAT target of 2026-Q4).
 */
export const TARGET_STATES = {
  admin: 'persona admin is signed in and project 1 and account 1 have targets',
  pmReadOnly: 'persona pm may view the targets of project 1 and account 1 but not change them',
} as const;
