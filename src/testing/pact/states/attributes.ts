/**
 * States of the card's Attributes and Action items tabs, on the canonical project 1. Each signs a
 * persona in and returns `accessToken` and the ids the paths inject: `projectId`, and where they
 * apply `fileId` (a profile validation file) and `itemId` (an open action item of project 1).
 */
export const ATTRIBUTE_STATES = {
  adminProject1:
    'persona admin is signed in and project 1 has its attributes, a profile validation with two files and open action items',
  pmProject1:
    'persona pm may fill the attributes of project 1 but not validate or edit validated ones',
  adminApprovedAudit:
    'persona admin is signed in and project 10 has an approved audit with open corrective actions',
  adminApprovedAuditDone:
    "persona admin is signed in and a corrective action of project 10's approved audit is done",
} as const;
