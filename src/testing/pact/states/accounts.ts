/**
 * States of accounts, business lines and segments on the fixtures: account A is the account of
 * canonical project 1, owned by account_owner, with pm as its one extra assistant. Each signs a
 * persona in and returns `accessToken` with `accountId`, `lineId` and `segmentId` (A's line and
 * segment) and `extraId` (pm's user id).
 */
export const ACCOUNT_STATES = {
  adminAccount:
    'persona admin is signed in and account A (of project 1) has pm as its one extra assistant',
  adminAccountChanged:
    'persona admin is signed in and lucia was added as an extra assistant of account A',
  ownerAccount: 'persona account_owner is signed in and owns account A without the edit flag',
  portfolioSignedIn: 'persona portfolio is signed in without the account tab',
} as const;
