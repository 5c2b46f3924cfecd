import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { DEX_SETUP_STATES } from '../../src/testing/pact/states';

type SignIn = (personaId: string) => Promise<{ valid: { access: string } }>;

/** The DEX set up provider states on the seed (project 1, saved). */
export function dexSetupStateHandlers(
  app: MockApp,
  signIn: SignIn,
): NonNullable<VerifierOptions['stateHandlers']> {
  const { db } = app.mock;
  const signedIn = async (personaId: string) => {
    if (!db.getState().dexSetups.some((setup) => setup.project_id === 1))
      throw new Error('The seed holds no DEX set up of project 1');
    const { valid } = await signIn(personaId);
    return { accessToken: valid.access, projectId: 1 };
  };
  return {
    [DEX_SETUP_STATES.qcl]: () => signedIn('qcl'),
    [DEX_SETUP_STATES.pm]: () => signedIn('pm'),
  };
}
