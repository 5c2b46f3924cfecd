import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { DASHBOARD_STATES } from '../../src/testing/pact/states';

type SignIn = (personaId: string) => Promise<{ valid: { access: string } }>;

/** The dashboard's provider states: account B is the account of canonical project 2. */
export function dashboardStateHandlers(
  app: MockApp,
  signIn: SignIn,
): NonNullable<VerifierOptions['stateHandlers']> {
  const signedIn = (personaId: string) => async () => {
    const { valid } = await signIn(personaId);
    const accountId = app.mock.db
      .getState()
      .projects.find((project) => project.id === 2)!.account_id;
    return { accessToken: valid.access, accountId };
  };
  return {
    [DASHBOARD_STATES.ownerAccountB]: signedIn('account_owner'),
    [DASHBOARD_STATES.adminAccountB]: signedIn('admin'),
    [DASHBOARD_STATES.portfolioWithoutActual]: signedIn('portfolio'),
    [DASHBOARD_STATES.pmWithoutDashboard]: signedIn('pm'),
  };
}
