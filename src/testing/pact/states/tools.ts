/**
 * States of the card's Tools register, on the canonical project 1 (an expired and an expiring
 * licence, tools not approved). Each signs a persona in and returns `accessToken`, `projectId`
 * and `toolId` (project 1's Grafana).
 */
export const TOOL_STATES = {
  admin: 'persona admin is signed in and project 1 has a tools register',
  pm: 'persona pm may view project 1 but neither view nor edit its tools register',
} as const;
