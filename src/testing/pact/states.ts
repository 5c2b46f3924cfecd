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
