import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { AGREEMENT_STATES } from '../../src/testing/pact/states';

type SignIn = (personaId: string) => Promise<{ valid: { access: string } }>;

/** The project agreements' provider states on the seed (project 1). */
export function agreementStateHandlers(
  app: MockApp,
  signIn: SignIn,
): NonNullable<VerifierOptions['stateHandlers']> {
  const { db } = app.mock;
  const ids = () => {
    const ofProject = db.getState().agreements.filter((row) => row.project_id === 1);
    const draft = ofProject.find((row) => row.type === 'change' && row.state === 'draft');
    const contract = ofProject.find((row) => row.type === 'contract' && row.documents.length > 0);
    if (!draft || !contract)
      throw new Error('The seed holds no draft change agreement or contract with a document');
    return {
      projectId: 1,
      agreementId: draft.id,
      contractId: contract.id,
      fileId: contract.documents[0]!.id,
    };
  };
  const signedIn = async (personaId: string) => {
    const { valid } = await signIn(personaId);
    return { accessToken: valid.access, ...ids() };
  };
  return {
    [AGREEMENT_STATES.admin]: () => signedIn('admin'),
    [AGREEMENT_STATES.pm]: () => signedIn('pm'),
  };
}
