import { Faker, en } from '@faker-js/faker';
import banner from '../../fixtures/banner.json' with { type: 'json' };
import type { AccountListItem, ProjectListItem } from '../../src/api/contract/directory';
import type { UsageStatsResponse } from '../../src/api/contract/stats';

/** Everything the mock backend stores. Bump schemaVersion when the shape changes. */
export interface MockState {
  meta: { schemaVersion: number };
  banner: { html_text: string };
  stats: UsageStatsResponse[];
  /** Session ids revoked by logout; their refresh tokens are refused. */
  revokedSessions: string[];
  accounts: AccountListItem[];
  projects: ProjectListItem[];
}

export const SCHEMA_VERSION = 1;
const SEED = 20261122;
const ACCOUNT_COUNT = 40;
const PROJECT_COUNT = 240;

/** The fixtures plus faker volume; a fixed seed gives the same records and ids every time. */
export function buildSeed(): MockState {
  const faker = new Faker({ locale: [en], seed: SEED });
  const npsStatuses = ['promoter', 'passive', 'detractor', 'unknown'] as const;
  const csatStatuses = ['satisfied', 'neutral', 'dissatisfied', 'unknown'] as const;
  const deliveryUnits = [
    'DU Central Europe',
    'DU Nordics',
    'DU North America',
    'DU Iberia',
    'DU Asia',
  ];

  const accounts: AccountListItem[] = Array.from({ length: ACCOUNT_COUNT }, (_, index) => ({
    id: index + 1,
    name: faker.company.name(),
    delivery_owner: faker.person.fullName(),
    nps_status: faker.helpers.arrayElement(npsStatuses),
    csat_status: faker.helpers.arrayElement(csatStatuses),
  }));

  const projects: ProjectListItem[] = Array.from({ length: PROJECT_COUNT }, (_, index) => {
    const account = faker.helpers.arrayElement(accounts);
    return {
      id: index + 1,
      name: `${faker.commerce.productAdjective()} ${faker.commerce.product()} ${faker.hacker.noun()}`,
      account_id: account.id,
      account_name: account.name,
      delivery_unit: faker.helpers.arrayElement(deliveryUnits),
      high_ownership: faker.datatype.boolean(0.3),
    };
  });

  return {
    meta: { schemaVersion: SCHEMA_VERSION },
    banner: { html_text: banner.html_text },
    stats: [],
    revokedSessions: [],
    accounts,
    projects,
  };
}
