/**
 * Provider states, in the language of the domain. The consumer tests name them; the provider's
 * state handlers (scripts/pact/states.ts for the mock backend) set them up and return the values
 * the requests inject: `accessToken`, `refreshToken`, `expiredAccessToken`.
 */
export const STATES = {
  signedIn: 'persona admin is signed in',
  accessExpired: 'persona admin is signed in and the access token has expired',
  refreshExpired: 'the refresh token of persona admin has expired',
} as const;

/** States of the risk action requests; they also return the `requestId` the path injects. */
export const ACTION_REQUEST_STATES = {
  pending: 'persona admin is signed in and has a pending risk action request',
  decided: 'persona admin is signed in and has a risk action request already rejected',
} as const;

/**
 * States of checks and surveys. Each signs a persona in and returns `accessToken` and `pollId`;
 * some also `driverId`, `questionId`, `commentId` or `outcomeId`.
 */
export const POLL_STATES = {
  pmAnswers: 'persona pm answers a started self check',
  pmAnsweredAll: 'persona pm has answered every question of a started self check',
  pmFinished: 'persona pm took part in a finished health check',
  pmHiddenAudit: 'persona pm is signed in and an audit exists that pm may not see',
  mainExpertLeads: 'persona main_expert leads a health check in its expert phase',
  auditorAnswered: 'persona auditor has answered an audit in the expert phase',
  supervisorNoComment: 'persona supervisor reviews an audit that has no supervisor comment',
  supervisorWithComment: 'persona supervisor reviews an audit with a supervisor comment',
  auditorInReview: 'persona auditor has an audit in supervisor review',
  adminNewCheck: 'persona admin manages a new health check',
} as const;

/**
 * States of risks and issues, on the canonical fixtures (fixtures/risks.json). Each signs a persona
 * in and returns `accessToken` and the ids the paths inject: `riskId`, and where they apply
 * `itemId`, `attachmentId`, `draftId`, `groupId` and `duplicateId`.
 */
export const RISK_STATES = {
  ownerOpenRisk:
    'persona risk_owner owns the open risk 1 of project 1, with action items and a comment with a PDF',
  ownerClosedRisk: 'persona risk_owner owns the closed risk 3 of project 1',
  ownerDuplicates:
    'persona risk_owner sees duplicates group 1 of project 2 with two open duplicates',
  ownerIncompleteDraft: 'persona risk_owner has a risk draft without a category',
  ownerCompleteDraft: 'persona risk_owner has a complete risk draft for project 1',
  pmWithoutProbabilityFlag: 'persona pm may view risk 1 but not edit its probability',
  viewerWithoutTransfer: 'persona viewer is signed in and risk 1 was not transferred to them',
} as const;

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
} as const;
