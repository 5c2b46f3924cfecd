/**
 * States of the portfolio and the project card, on the canonical projects. Each signs a persona in
 * and returns `accessToken` and the `projectId` the paths inject.
 */
export const PROJECT_STATES = {
  pmEditsDetails: 'persona pm may edit the details of project 1 but not its KPI flag',
  adminChangedProject: 'persona admin changed the description of project 1',
  viewerWithoutCard: 'persona viewer is signed in without the project card flag',
} as const;
