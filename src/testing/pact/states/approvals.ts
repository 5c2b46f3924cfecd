/**
 * States of the card's Approvals, on the canonical project 1 of the seed. Each signs a persona in
 * and returns `accessToken`, `projectId`, `pendingId` (the exclusion from KPI raised by pm that
 * waits on qcl) and `decidedId` (the scope change qcl approved).
 */
export const APPROVAL_STATES = {
  admin: 'persona admin is signed in and project 1 has approval requests',
  qcl: 'persona qcl is signed in and a request of project 1 waits on qcl',
  pm: 'persona pm is signed in and raised a pending request of project 1',
  remindedNow:
    'persona pm is signed in and reminded the approver of a pending request of project 1 an hour ago',
} as const;
