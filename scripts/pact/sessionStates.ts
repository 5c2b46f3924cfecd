import type { MockApp } from '../../mock-server/app';
import { findPersona } from '../../mock-server/auth/personas';
import { ACTION_REQUEST_STATES, STATES } from '../../src/testing/pact/states';
import { handlersFor, type SignIn } from './stateHandlers';

/** The session and action-request states of the mock backend. */
export function sessionStateHandlers(app: MockApp, signIn: SignIn) {
  const { db } = app.mock;
  const requestOf = (personaId: string, status: 'pending' | 'rejected'): number => {
    const userId = findPersona(personaId)?.userId;
    const found = db
      .getState()
      .actionRequests.find((item) => item.recipient.id === userId && item.status === status);
    if (!found) throw new Error(`The fixtures hold no ${status} action request of ${personaId}`);
    return found.id;
  };
  return {
    ...handlersFor(STATES, signIn, {
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
    }),
    ...handlersFor(ACTION_REQUEST_STATES, signIn, {
      pending: () => ({ requestId: requestOf('admin', 'pending') }),
      decided: () => ({ requestId: requestOf('admin', 'rejected') }),
    }),
  };
}
