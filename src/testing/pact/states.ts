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
