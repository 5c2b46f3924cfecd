import type { VerifierOptions } from '@pact-foundation/pact';
import { COMPARE_STATES } from '../../src/testing/pact/states';

type SignIn = (personaId: string) => Promise<{ valid: { access: string } }>;

/**
 * Compare checks on the seed: health check 8 of project 8 has an earlier finished one (101); the
 * expert of health check 2 has not submitted it. Nothing to change.
 */
export function compareStateHandlers(
  signIn: SignIn,
): NonNullable<VerifierOptions['stateHandlers']> {
  const pollState = (personaId: string, pollId: number) => async () => {
    const { valid } = await signIn(personaId);
    return { accessToken: valid.access, pollId };
  };
  return {
    [COMPARE_STATES.adminTwoFinished]: pollState('admin', 8),
    [COMPARE_STATES.expertBeforeResults]: pollState('expert', 2),
  };
}
