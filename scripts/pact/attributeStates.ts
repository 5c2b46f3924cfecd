import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { ATTRIBUTE_STATES } from '../../src/testing/pact/states';

type SignIn = (personaId: string) => Promise<{ valid: { access: string } }>;

/** The Attributes and Action items provider states, on the canonical project 1. */
export function attributeStateHandlers(
  app: MockApp,
  signIn: SignIn,
): NonNullable<VerifierOptions['stateHandlers']> {
  const { db } = app.mock;
  const ids = () => {
    const state = db.getState();
    const file = state.profileValidations.find((row) => row.project_id === 1)?.files[0];
    // Item 1 of risk 1: open, of project 1.
    const item = state.riskActionItems.find(
      (candidate) => candidate.risk_id === 1 && !candidate.done,
    );
    if (!file || !item)
      throw new Error('The fixtures hold no validation file or open item of project 1');
    return { projectId: 1, fileId: file.id, itemId: item.id };
  };
  const signedIn = async (personaId: string) => {
    const { valid } = await signIn(personaId);
    return { accessToken: valid.access, ...ids() };
  };
  return {
    [ATTRIBUTE_STATES.adminProject1]: () => signedIn('admin'),
    [ATTRIBUTE_STATES.pmProject1]: () => signedIn('pm'),
  };
}
