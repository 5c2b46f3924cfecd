import type { VerifierOptions } from '@pact-foundation/pact';
import { teamOf, recordAccountChange } from '../../mock-server/accounts/model';
import type { MockApp } from '../../mock-server/app';
import { personOf } from '../../mock-server/polls/view';
import { lineOfAccount } from '../../mock-server/projects/model';
import { mutate } from '../../mock-server/store/db';
import { ACCOUNT_STATES } from '../../src/testing/pact/states';

type SignIn = (personaId: string) => Promise<{ valid: { access: string } }>;

const LUCIA = 8;

/** The account provider states: account A is the account of canonical project 1. */
export function accountStateHandlers(
  app: MockApp,
  signIn: SignIn,
): NonNullable<VerifierOptions['stateHandlers']> {
  const { db } = app.mock;
  const ids = () => {
    const state = db.getState();
    const accountId = state.projects.find((project) => project.id === 1)!.account_id;
    const line = lineOfAccount(state, accountId)!;
    const extraId = teamOf(state, accountId)!.extra_assistant_ids[0];
    if (extraId === undefined) throw new Error(`Account ${accountId} has no extra assistant`);
    return { accountId, lineId: line.id, segmentId: line.segment_id, extraId };
  };
  const signedIn = async (personaId: string, change?: () => void) => {
    const { valid } = await signIn(personaId);
    change?.();
    return { accessToken: valid.access, ...ids() };
  };

  return {
    [ACCOUNT_STATES.adminAccount]: () => signedIn('admin'),
    [ACCOUNT_STATES.adminAccountChanged]: () =>
      signedIn('admin', () =>
        mutate(db, (state) => {
          const { accountId } = ids();
          teamOf(state, accountId)!.extra_assistant_ids.push(LUCIA);
          recordAccountChange(state, accountId, personOf(state, 1), {
            field: 'Extra account assistant',
            old_value: '',
            new_value: 'Lucia Romero (lromero)',
          });
        }),
      ),
    [ACCOUNT_STATES.ownerAccount]: () => signedIn('account_owner'),
    [ACCOUNT_STATES.portfolioSignedIn]: () => signedIn('portfolio'),
  };
}
