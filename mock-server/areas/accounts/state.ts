import type { AccountHistoryEntry } from '../../../src/api/contract/accounts';

/** Who looks after an account: the CRM's delivery owner and owner assistant, the platform's extras. */
export interface StoredAccountTeam {
  account_id: number;
  delivery_owner_id: number | null;
  owner_assistant_id: number | null;
  extra_assistant_ids: number[];
}

/** What the mock stores of accounts beside their directory rows (part of MockState). */
export interface AccountsState {
  accountTeams: StoredAccountTeam[];
  accountHistory: (AccountHistoryEntry & { account_id: number })[];
}

declare module '../../store/state' {
  interface AreaStates {
    accounts: AccountsState;
  }
}
