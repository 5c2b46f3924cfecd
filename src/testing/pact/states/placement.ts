/**
 * States of the card's Project portfolio tab, on the seed: project 1 is in the programme Media
 * platform renewal with sub-projects 19 and 47, related to 109, depended on by 19 and 109 and
 * depending on 47; project 213, of the same account, is linked to nothing. Each returns
 * `accessToken`, `projectId` (1), `dependencyId` (19 depends on 1), `relatedId` (109) and
 * `freeProjectId` (213).
 */
export const PLACEMENT_STATES = {
  admin:
    'persona admin is signed in and project 1 has a programme, sub-projects, a related project and dependencies both ways',
  pm: 'persona pm may view the project portfolio tab of project 1 but not change it',
} as const;
