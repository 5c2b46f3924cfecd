/**
 * States of the card's Gen AI approvals tab, on the seed: project 1 uses GitHub Copilot (approved)
 * and ChatGPT Enterprise (no approval), and has a pending request (Microsoft 365 Copilot). Each
 * returns `accessToken`, `projectId`, `pendingId`, `decidedId` (the approved GitHub Copilot),
 * `decidedFileId` (its consent file), `useId` (the use of ChatGPT Enterprise) and, when the pending
 * request holds one, `fileId` (its consent file).
 */
export const GEN_AI_STATES = {
  admin:
    'persona admin is signed in and project 1 uses a Gen AI tool without a valid approval and has a pending request',
  pm: 'persona pm views the Gen AI approvals of project 1 without the flags to request or decide',
  consentNoFile:
    'persona admin is signed in and the pending Gen AI request of project 1 is client-confidential with the consent given but no consent file',
  consentWithFile:
    'persona admin is signed in and the pending Gen AI request of project 1 holds a consent file',
} as const;
