/**
 * States of the Ownership matrix (RACI) on projects 1 and 2. Each signs a persona in and returns
 * `accessToken`; the matrices the paths name are set up as the state says.
 */
export const RACI_STATES = {
  adminPmoDraft:
    'persona admin is signed in and the PMO matrix of project 1 is a valid draft with a validated version',
  adminPmoBroken:
    'persona admin is signed in and the PMO matrix of project 2 has an activity without an A',
  adminSlaNeverValidated:
    'persona admin is signed in and the SLA matrix of project 1 was never validated',
  portfolioReadOnly: 'persona portfolio may view the RACI matrices of project 1 but not edit them',
  pmWithoutRaci: 'persona pm is signed in and may not view any RACI matrix',
} as const;
