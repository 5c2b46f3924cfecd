/**
 * States of compare checks, on the seed. Each signs a persona in and returns `accessToken` and the
 * `pollId` the path injects.
 */
export const COMPARE_STATES = {
  adminTwoFinished:
    'persona admin sees a finished health check with an earlier finished one of the same project',
  expertBeforeResults:
    'persona expert answers a health check in its expert phase and may not see its results yet',
} as const;
