import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { TOOL_STATES } from '../../src/testing/pact/states';

type SignIn = (personaId: string) => Promise<{ valid: { access: string } }>;

/** The Tools register provider states on the seed (project 1). */
export function toolStateHandlers(
  app: MockApp,
  signIn: SignIn,
): NonNullable<VerifierOptions['stateHandlers']> {
  const { db } = app.mock;
  const signedIn = async (personaId: string) => {
    const { valid } = await signIn(personaId);
    const tool = db
      .getState()
      .tools.find((candidate) => candidate.project_id === 1 && candidate.name === 'Grafana');
    if (!tool) throw new Error('The seed holds no Grafana in the register of project 1');
    return { accessToken: valid.access, projectId: 1, toolId: tool.id };
  };
  return {
    [TOOL_STATES.admin]: () => signedIn('admin'),
    [TOOL_STATES.pm]: () => signedIn('pm'),
  };
}
