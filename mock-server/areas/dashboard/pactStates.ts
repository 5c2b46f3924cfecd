import type { MockApp } from '../../app';
import { DASHBOARD_STATES } from '../../../src/testing/pact/states';
import { handlersFor, type SignIn, type AreaPactStates } from '../../../scripts/pact/stateHandlers';

/** The fixtures' project whose account these states stand on (account_owner owns it). */
const CANONICAL_PROJECT = 2;
/** An id no account of the fixtures has. */
const MISSING_ACCOUNT = 9_999;

/** The dashboard states of the mock backend, on the account of canonical project 2. */
export function dashboardStateHandlers(app: MockApp, signIn: SignIn) {
  const { db } = app.mock;
  const theAccount = () => {
    const state = db.getState();
    const accountId = state.projects.find(
      (project) => project.id === CANONICAL_PROJECT,
    )!.account_id;
    return state.accounts.find((account) => account.id === accountId)!;
  };
  return handlersFor(DASHBOARD_STATES, signIn, {
    ownerRiskyAccount: () => ({ accountId: theAccount().id }),
    adminRiskyAccount: () => {
      const account = theAccount();
      return {
        accountId: account.id,
        accountSearch: account.name.split(/\W+/)[0]!.toLowerCase(),
        missingAccountId: MISSING_ACCOUNT,
      };
    },
    portfolioWithoutActual: () => ({ accountId: theAccount().id }),
    pmWithoutDashboard: () => ({}),
  });
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = dashboardStateHandlers;
