import { STATES } from '../../src/testing/pact/states';
import { handlersFor, type SignIn } from './stateHandlers';

/** The session states of the mock backend. */
export function sessionStateHandlers(signIn: SignIn) {
  return handlersFor(STATES, signIn, {
    signedIn: ({ valid, expired }) => ({
      refreshToken: valid.refresh,
      expiredAccessToken: expired.access,
    }),
    signedInWithProject: () => ({ projectId: 12 }),
    accessExpired: ({ valid, expired }) => ({
      expiredAccessToken: expired.access,
      refreshToken: valid.refresh,
    }),
    refreshExpired: ({ expired }) => ({
      expiredAccessToken: expired.access,
      refreshToken: expired.refresh,
    }),
  });
}
