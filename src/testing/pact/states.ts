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
