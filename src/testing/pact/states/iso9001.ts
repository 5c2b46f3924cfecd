/**
 * States of the card's ISO 9001 Compliance tab, on the canonical project 1 (its seeded
 * assessments: 4.1 compliant with its contract as evidence, 9.2 not compliant and overdue, 7.1 not
 * assessed). Each signs a persona in and returns `accessToken`, `projectId` and `fileId` (the
 * evidence file of 7.2 where the state names one).
 */
export const ISO_9001_STATES = {
  admin: 'persona admin is signed in and project 1 has an ISO 9001 assessment',
  adminWithFile:
    'persona admin is signed in and requirement 7.2 of project 1 holds an evidence file',
  auditor: 'persona auditor may read the ISO 9001 assessment of project 1 but not change it',
} as const;
