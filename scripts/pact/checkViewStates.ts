import type { VerifierOptions } from '@pact-foundation/pact';
import { CHECK_VIEW_STATES } from '../../src/testing/pact/states';

type SignIn = (personaId: string) => Promise<{ valid: { access: string } }>;

/** The views across checks refuse these personas on the fixtures; nothing to change. */
export function checkViewStateHandlers(
  signIn: SignIn,
): NonNullable<VerifierOptions['stateHandlers']> {
  const signedIn = (personaId: string) => async () => {
    const { valid } = await signIn(personaId);
    return { accessToken: valid.access };
  };
  return {
    [CHECK_VIEW_STATES.viewerWithoutViews]: signedIn('viewer'),
    [CHECK_VIEW_STATES.pmWithoutOutcomes]: signedIn('pm'),
  };
}
