import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { PLACEMENT_STATES } from '../../src/testing/pact/states';

type SignIn = (personaId: string) => Promise<{ valid: { access: string } }>;

/** The Project portfolio tab's provider states on the seed (project 1). */
export function placementStateHandlers(
  app: MockApp,
  signIn: SignIn,
): NonNullable<VerifierOptions['stateHandlers']> {
  const { db } = app.mock;
  const signedIn = async (personaId: string) => {
    const { valid } = await signIn(personaId);
    const dependency = db
      .getState()
      .projectDependencies.find((dep) => dep.from_project_id === 19 && dep.to_project_id === 1);
    if (!dependency) throw new Error('The seed holds no dependency of project 19 on project 1');
    return {
      accessToken: valid.access,
      projectId: 1,
      dependencyId: dependency.id,
      relatedId: 109,
      freeProjectId: 213,
    };
  };
  return {
    [PLACEMENT_STATES.admin]: () => signedIn('admin'),
    [PLACEMENT_STATES.pm]: () => signedIn('pm'),
  };
}
