import { Faker, en } from '@faker-js/faker';
import banner from '../../fixtures/banner.json' with { type: 'json' };
import personas from '../../fixtures/personas.json' with { type: 'json' };
import {
  ACTION_REQUEST_KINDS,
  type ActionRequest,
  type RiskLevel,
} from '../../src/api/contract/actionRequests';
import type { AccountListItem, ProjectListItem } from '../../src/api/contract/directory';
import type { UsageStatsResponse } from '../../src/api/contract/stats';
import { buildPolls, type PollsState } from './polls';
import { buildRisks, type RisksState } from './risks';

/** Everything the mock backend stores. Bump schemaVersion when the shape changes. */
export interface MockState extends PollsState, RisksState {
  meta: { schemaVersion: number };
  banner: { html_text: string };
  stats: UsageStatsResponse[];
  /** Session ids revoked by logout; their refresh tokens are refused. */
  revokedSessions: string[];
  accounts: AccountListItem[];
  projects: ProjectListItem[];
  actionRequests: ActionRequest[];
}

export const SCHEMA_VERSION = 6;
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

  const actionRequests = buildActionRequests(faker, projects, accounts);
  const polls = buildPolls(
    faker,
    projects,
    personas.map(({ userId, name, login }) => ({ id: userId, name, login })),
  );

  return {
    meta: { schemaVersion: SCHEMA_VERSION },
    banner: { html_text: banner.html_text },
    stats: [],
    revokedSessions: [],
    accounts,
    projects,
    actionRequests,
    ...polls,
    ...buildRisks(projects, accounts, polls.people),
  };
}

const RISK_STATEMENTS = [
  'Key developer may leave before the release',
  'Client acceptance criteria are not agreed',
  'Third-party API rate limits block the load test',
  'Scope creep in the reporting module',
  'Security review findings open past the deadline',
  'Test environment is shared with another programme',
  'Budget overrun on the integration phase',
  'Unclear ownership of the data migration',
];

const NEXT_LEVEL: Record<RiskLevel, RiskLevel> = {
  project: 'account',
  account: 'business_line',
  business_line: 'business_segment',
  business_segment: 'business_segment',
};

/**
 * Each persona's pending requests number its fixture counter; a few decided ones show history.
 * The header count is computed from these, so it follows every decision.
 */
function buildActionRequests(
  faker: Faker,
  projects: ProjectListItem[],
  accounts: AccountListItem[],
): ActionRequest[] {
  const people = personas.map(({ userId, name, login }) => ({ id: userId, name, login }));
  const requests: ActionRequest[] = [];
  const start = Date.UTC(2026, 9, 1);
  const add = (recipientIndex: number, status: ActionRequest['status']) => {
    const recipient = people[recipientIndex]!;
    const requester = faker.helpers.arrayElement(people.filter((p) => p.id !== recipient.id));
    const kind = faker.helpers.arrayElement(ACTION_REQUEST_KINDS);
    const onProject = faker.datatype.boolean(0.7);
    const level: RiskLevel = onProject ? 'project' : 'account';
    const scope = onProject
      ? faker.helpers.arrayElement(projects).name
      : faker.helpers.arrayElement(accounts).name;
    const created = start + faker.number.int({ min: 0, max: 50 }) * 86_400_000;
    const id = requests.length + 1;
    requests.push({
      id,
      kind,
      status,
      subject: {
        id: 1000 + id,
        type: faker.datatype.boolean(0.75) ? 'risk' : 'issue',
        title: faker.helpers.arrayElement(RISK_STATEMENTS),
        level,
        scope_name: scope,
      },
      target_level: kind === 'delegation' ? level : NEXT_LEVEL[level],
      requested_by: requester,
      recipient,
      comment: faker.helpers.arrayElement([
        'Needs a decision at the next level before the steering committee.',
        'Please take this over; it affects every project of the account.',
        'The mitigation needs budget we do not hold.',
        '',
      ]),
      created_at: new Date(created).toISOString(),
      decided_at: status === 'pending' ? null : new Date(created + 2 * 86_400_000).toISOString(),
    });
  };
  personas.forEach((persona, index) => {
    for (let n = 0; n < persona.risk_action_requests_counter; n += 1) add(index, 'pending');
    if (persona.risk_action_requests_counter > 0) {
      add(index, 'accepted');
      add(index, 'rejected');
    }
  });
  return requests;
}
