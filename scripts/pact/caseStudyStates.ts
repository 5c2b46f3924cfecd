import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { CASE_STUDY_STATES } from '../../src/testing/pact/states';

type SignIn = (personaId: string) => Promise<{ valid: { access: string } }>;

/** The Case study provider states on the seed (projects 1, 2 and 4). */
export function caseStudyStateHandlers(
  app: MockApp,
  signIn: SignIn,
): NonNullable<VerifierOptions['stateHandlers']> {
  const { db } = app.mock;
  const signedIn = async (personaId: string) => {
    const { valid } = await signIn(personaId);
    const states = [1, 2, 4].map(
      (id) => db.getState().caseStudies.find((study) => study.project_id === id)?.state,
    );
    if (states.join() !== 'published,in_review,')
      throw new Error(`The seed's case studies of projects 1, 2 and 4 are ${states.join()}`);
    return { accessToken: valid.access };
  };
  return {
    [CASE_STUDY_STATES.pm]: () => signedIn('pm'),
    [CASE_STUDY_STATES.qcl]: () => signedIn('qcl'),
  };
}
