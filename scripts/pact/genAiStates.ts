import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { GEN_AI_STATES } from '../../src/testing/pact/states';

type SignIn = (personaId: string) => Promise<{ valid: { access: string } }>;

/** The Gen AI approval provider states on the seed (project 1). */
export function genAiStateHandlers(
  app: MockApp,
  signIn: SignIn,
): NonNullable<VerifierOptions['stateHandlers']> {
  const { db } = app.mock;
  const idOf = <T extends { id: number }>(rows: T[], found: (row: T) => boolean, what: string) => {
    const row = rows.find(found);
    if (!row) throw new Error(`The seed holds no ${what}`);
    return row.id;
  };
  const ids = () => {
    const { genAiApprovals, genAiUsage } = db.getState();
    return {
      projectId: 1,
      pendingId: idOf(
        genAiApprovals,
        (row) => row.project_id === 1 && row.state === 'pending',
        'pending Gen AI request of project 1',
      ),
      decidedId: idOf(
        genAiApprovals,
        (row) => row.project_id === 1 && row.tool === 'GitHub Copilot',
        'approved GitHub Copilot of project 1',
      ),
      useId: idOf(
        genAiUsage,
        (use) => use.project_id === 1 && use.tool === 'ChatGPT Enterprise',
        'use of ChatGPT Enterprise on project 1',
      ),
    };
  };
  const signedIn = async (personaId: string) => {
    const { valid } = await signIn(personaId);
    return { accessToken: valid.access, ...ids() };
  };
  return {
    [GEN_AI_STATES.admin]: () => signedIn('admin'),
    [GEN_AI_STATES.pm]: () => signedIn('pm'),
  };
}
