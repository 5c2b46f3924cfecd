import { Faker, en } from '@faker-js/faker';
import type { PersonRef } from '../../../src/api/contract/actionRequests';
import type { AccountListItem, ProjectListItem } from '../../../src/api/contract/directory';
import type { AccountsState, StoredAccountTeam } from './state';
import { seeded, type SeedPart } from '../../lib/seed';

const ACCOUNTS_SEED = 20261126;

/** Persona user ids (fixtures/personas.json). */
const ACCOUNT_OWNER = 9;
const PM = 2;
/** Personas who may help on an account: pm, expert, main expert, QC lead, auditor, supervisor, risk owner. */
const PERSONA_HELPERS = [2, 3, 4, 5, 6, 7, 8];

/**
 * Who looks after each account: a delivery owner and an owner assistant (the CRM's), and 0–3
 * extra account assistants (the platform's), drawn from the people with their own seed so other
 * seed parts stay put. The persona account_owner owns the accounts of canonical projects 1 and 2;
 * the account of project 1 has the persona pm as its one extra assistant. The directory's
 * `delivery_owner` name is set to the owner's, so both say the same.
 */
export function buildAccounts(
  accounts: AccountListItem[],
  projects: ProjectListItem[],
  people: PersonRef[],
): AccountsState {
  const faker = new Faker({ locale: [en], seed: ACCOUNTS_SEED });
  const staff = people.filter((person) => person.id > 100).map((person) => person.id);
  const helpers = [...staff, ...PERSONA_HELPERS];
  const canonical = new Set(projects.slice(0, 2).map((project) => project.account_id));
  const firstAccount = projects[0]?.account_id;

  const accountTeams: StoredAccountTeam[] = accounts.map((account) => {
    const owner = canonical.has(account.id) ? ACCOUNT_OWNER : faker.helpers.arrayElement(staff);
    const assistant = faker.helpers.arrayElement(staff.filter((id) => id !== owner));
    const extras =
      account.id === firstAccount
        ? [PM]
        : faker.helpers.arrayElements(
            helpers.filter((id) => id !== owner && id !== assistant),
            faker.number.int({ min: 0, max: 3 }),
          );
    const name = people.find((person) => person.id === owner)?.name;
    if (name) account.delivery_owner = name;
    return {
      account_id: account.id,
      delivery_owner_id: owner,
      owner_assistant_id: assistant,
      extra_assistant_ids: extras,
    };
  });
  return { accountTeams, accountHistory: [] };
}

/** The account teams; sets the directory's delivery owners to theirs. */
export const accountsSeed: SeedPart = {
  name: 'accounts',
  after: ['directory', 'checks'],
  build: (_context, built) => {
    const { accounts, projects, people } = seeded(built, 'accounts', 'projects', 'people');
    return buildAccounts(accounts, projects, people);
  },
};
