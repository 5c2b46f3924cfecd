import type { MockApp } from '../../app';
import { findPersona } from '../../auth/personas';
import { ACTION_REQUEST_STATES } from '../../../src/testing/pact/states';
import { handlersFor, type SignIn, type AreaPactStates } from '../../../scripts/pact/stateHandlers';

/** The action-request states of the mock backend: a pending and a decided request of `admin`. */
export function actionRequestStateHandlers(app: MockApp, signIn: SignIn) {
  const { db } = app.mock;
  const requestOf = (personaId: string, status: 'pending' | 'rejected'): number => {
    const userId = findPersona(personaId)?.userId;
    const found = db
      .getState()
      .actionRequests.find((item) => item.recipient.id === userId && item.status === status);
    if (!found) throw new Error(`The fixtures hold no ${status} action request of ${personaId}`);
    return found.id;
  };
  return handlersFor(ACTION_REQUEST_STATES, signIn, {
    pending: () => ({ requestId: requestOf('admin', 'pending') }),
    decided: () => ({ requestId: requestOf('admin', 'rejected') }),
  });
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = actionRequestStateHandlers;
