import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { findPersona } from '../../mock-server/auth/personas';
import { resetDb } from '../../mock-server/store/db';
import { ACTION_REQUEST_STATES, STATES } from '../../src/testing/pact/states';

/**
 * Provider states of the mock backend: each resets the store to the fixtures and mints the
 * tokens the interaction's request needs (injected through `fromProviderState`).
 */
export function mockStateHandlers(app: MockApp): NonNullable<VerifierOptions['stateHandlers']> {
  const { db, tokens, scenarios } = app.mock;

  async function signIn(personaId: string) {
    resetDb(db);
    scenarios.clear();
    const persona = findPersona(personaId);
    if (!persona) throw new Error(`Unknown persona in a provider state: ${personaId}`);
    const valid = await tokens.issuePair(persona.userId, persona.id);
    const expired = await tokens.issueExpiredPair(persona.userId, persona.id);
    return { valid, expired };
  }

  function requestOf(personaId: string, status: 'pending' | 'rejected'): number {
    const userId = findPersona(personaId)?.userId;
    const found = db
      .getState()
      .actionRequests.find((item) => item.recipient.id === userId && item.status === status);
    if (!found) throw new Error(`The fixtures hold no ${status} action request of ${personaId}`);
    return found.id;
  }

  return {
    [STATES.signedIn]: async () => {
      const { valid, expired } = await signIn('admin');
      return {
        accessToken: valid.access,
        refreshToken: valid.refresh,
        expiredAccessToken: expired.access,
      };
    },
    [STATES.accessExpired]: async () => {
      const { valid, expired } = await signIn('admin');
      return { expiredAccessToken: expired.access, refreshToken: valid.refresh };
    },
    [ACTION_REQUEST_STATES.pending]: async () => {
      const { valid } = await signIn('admin');
      return { accessToken: valid.access, requestId: requestOf('admin', 'pending') };
    },
    [ACTION_REQUEST_STATES.decided]: async () => {
      const { valid } = await signIn('admin');
      return { accessToken: valid.access, requestId: requestOf('admin', 'rejected') };
    },
    [STATES.refreshExpired]: async () => {
      const { expired } = await signIn('admin');
      return { expiredAccessToken: expired.access, refreshToken: expired.refresh };
    },
  };
}
