/**
 * States of security commitments, on the seed: project 1 has open, in-progress and done ones and
 * two suggestions, one owned by admin and one by pm. Each returns `accessToken`, `projectId`,
 * `commitmentId` (an open one, owned by pm), `suggestionId` (admin's) and `pmSuggestionId`.
 */
export const COMMITMENT_STATES = {
  admin:
    'persona admin is signed in and project 1 has security commitments with suggestions owned by admin and by pm',
  qcl: 'persona qcl, who may only suggest security commitments, views project 1',
  pm: 'persona pm owns an open security commitment and a suggestion of project 1',
} as const;
