/**
 * States of the card's Team and Contacts tabs on project 1. Each signs a persona in and returns
 * `accessToken` and the ids the paths and bodies inject: `memberId` (a member who may be removed),
 * `managerMemberId` (the project manager's), `personId` (someone not on the team) and `contactId`.
 */
export const PROJECT_TEAM_STATES = {
  adminEdits: 'persona admin may change the team and contacts of project 1',
  portfolioReads:
    'persona portfolio may see the team and contacts of project 1 but not change them',
} as const;
