import { CSAT_STATUSES, NPS_STATUSES } from '../../../src/api/contract/accounts';
import type { AccountListItem, ProjectListItem } from '../../../src/api/contract/directory';
import type { SeedPart } from '../../lib/seed';

const ACCOUNT_COUNT = 40;
const PROJECT_COUNT = 240;
const DELIVERY_UNITS = [
  'DU Central Europe',
  'DU Nordics',
  'DU North America',
  'DU Iberia',
  'DU Asia',
];

/**
 * The directory's accounts and projects, the first draws of the shared faker: every other part
 * reads them.
 */
export const directorySeed: SeedPart = {
  name: 'directory',
  build: ({ faker }) => {
    const accounts: AccountListItem[] = Array.from({ length: ACCOUNT_COUNT }, (_, index) => ({
      id: index + 1,
      name: faker.company.name(),
      delivery_owner: faker.person.fullName(),
      nps_status: faker.helpers.arrayElement(NPS_STATUSES),
      csat_status: faker.helpers.arrayElement(CSAT_STATUSES),
    }));
    const projects: ProjectListItem[] = Array.from({ length: PROJECT_COUNT }, (_, index) => {
      const account = faker.helpers.arrayElement(accounts);
      return {
        id: index + 1,
        name: `${faker.commerce.productAdjective()} ${faker.commerce.product()} ${faker.hacker.noun()}`,
        account_id: account.id,
        account_name: account.name,
        delivery_unit: faker.helpers.arrayElement(DELIVERY_UNITS),
        high_ownership: faker.datatype.boolean(0.3),
      };
    });
    return { accounts, projects };
  },
};

declare module '../../store/state' {
  interface AreaStates {
    directory: { accounts: AccountListItem[]; projects: ProjectListItem[] };
  }
}
