import { teamOf, recordAccountChange } from './model';
import type { MockApp } from '../../app';
import { findPersona } from '../../auth/personas';
import { lineOfAccount } from '../projects/model';
import { mutate } from '../../store/db';
import { ACCOUNT_STATES } from '../../../src/testing/pact/states';
import { handlersFor, type SignIn, type AreaPactStates } from '../../../scripts/pact/stateHandlers';
import { personOf } from '../../lib/people';

/** The fixtures' project whose account these states stand on (its one extra assistant is pm). */
const CANONICAL_PROJECT = 1;
/** An id no account of the fixtures has. */
const MISSING_ACCOUNT = 99_999;

const userOf = (personaId: string) => findPersona(personaId)!.userId;

/** The account states of the mock backend, on the account of canonical project 1. */
export function accountStateHandlers(app: MockApp, signIn: SignIn) {
  const { db } = app.mock;
  const accountIds = () => {
    const state = db.getState();
    const accountId = state.projects.find(
      (project) => project.id === CANONICAL_PROJECT,
    )!.account_id;
    const line = lineOfAccount(state, accountId)!;
    const extraId = teamOf(state, accountId)!.extra_assistant_ids[0];
    if (extraId === undefined) throw new Error(`Account ${accountId} has no extra assistant`);
    return { accountId, lineId: line.id, segmentId: line.segment_id, extraId };
  };
  /** A persona who does not look after the account: risk_owner. */
  const newAssistantId = userOf('risk_owner');

  return handlersFor(ACCOUNT_STATES, signIn, {
    adminAccount: () => {
      const ids = accountIds();
      const account = db.getState().accounts.find((item) => item.id === ids.accountId)!;
      return {
        ...ids,
        newAssistantId,
        accountSearch: account.name.split(/\W+/)[0]!.toLowerCase(),
        missingAccountId: MISSING_ACCOUNT,
      };
    },
    adminAccountWithoutCrmPeople: () => {
      const { accountId } = accountIds();
      mutate(db, (state) => {
        const team = teamOf(state, accountId)!;
        team.delivery_owner_id = null;
        team.owner_assistant_id = null;
        team.extra_assistant_ids = [];
      });
      return { accountId };
    },
    adminManyAccounts: () => ({}),
    adminAccountChanged: () => {
      const { accountId } = accountIds();
      mutate(db, (state) => {
        teamOf(state, accountId)!.extra_assistant_ids.push(newAssistantId);
        const added = personOf(state, newAssistantId);
        recordAccountChange(state, accountId, personOf(state, userOf('admin')), {
          field: 'Extra account assistant',
          old_value: '',
          new_value: `${added.name} (${added.login})`,
        });
      });
      return { accountId };
    },
    ownerAccount: () => {
      const { accountId, lineId } = accountIds();
      return { accountId, lineId, newAssistantId };
    },
    portfolioWithoutAccountTab: () => ({ accountId: accountIds().accountId }),
  });
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = accountStateHandlers;
