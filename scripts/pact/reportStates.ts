import type { VerifierOptions } from '@pact-foundation/pact';
import { REPORT_STATES } from '../../src/testing/pact/states';

type SignIn = (personaId: string) => Promise<{ valid: { access: string } }>;

/** The report catalogue refuses the expert persona on the fixtures; nothing to change. */
export function reportStateHandlers(signIn: SignIn): NonNullable<VerifierOptions['stateHandlers']> {
  return {
    [REPORT_STATES.expertWithoutReports]: async () => {
      const { valid } = await signIn('expert');
      return { accessToken: valid.access };
    },
  };
}
