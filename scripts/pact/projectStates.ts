import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { findPersona } from '../../mock-server/auth/personas';
import { personOf } from '../../mock-server/polls/view';
import { detailsOf, recordProjectChange } from '../../mock-server/projects/model';
import { mutate } from '../../mock-server/store/db';
import { PROJECT_STATES } from '../../src/testing/pact/states';

type SignIn = (personaId: string) => Promise<{ valid: { access: string } }>;

/** The portfolio and project card states, on project 1 of the fixtures. */
export function projectStateHandlers(
  app: MockApp,
  signIn: SignIn,
): NonNullable<VerifierOptions['stateHandlers']> {
  const { db } = app.mock;
  const signedIn = async (personaId: string) => {
    const { valid } = await signIn(personaId);
    return { accessToken: valid.access, projectId: 1 };
  };
  return {
    [PROJECT_STATES.pmEditsDetails]: () => signedIn('pm'),
    [PROJECT_STATES.viewerWithoutCard]: () => signedIn('viewer'),
    [PROJECT_STATES.adminChangedProject]: async () => {
      const ids = await signedIn('admin');
      mutate(db, (state) => {
        const details = detailsOf(state, 1)!;
        const before = details.description;
        details.description = 'Delivered in three releases.';
        recordProjectChange(state, 1, personOf(state, findPersona('admin')!.userId), {
          section: 'Project overview',
          field: 'Description',
          old_value: before,
          new_value: details.description,
        });
      });
      return ids;
    },
  };
}
