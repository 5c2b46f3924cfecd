/**
 * States of the card's Case study, on the seed: project 1's is published (the client agreed),
 * project 2's in review with the client's answer pending, project 4 has none. Each signs a
 * persona in and returns `accessToken`.
 */
export const CASE_STUDY_STATES = {
  pm: 'persona pm is signed in; project 1 has a published case study, project 2 one in review waiting for the client’s permission, project 4 none',
  qcl: 'persona qcl may view the case studies but not edit them',
} as const;
