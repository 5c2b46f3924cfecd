import { Faker, en } from '@faker-js/faker';
import banner from '../../fixtures/banner.json' with { type: 'json' };
import { PERSONAS as personas } from '../auth/personas';
import { ACTION_REQUEST_KINDS, type ActionRequest } from '../../src/api/contract/actionRequests';
import type { AccountListItem, ProjectListItem } from '../../src/api/contract/directory';
import type { DashboardState } from '../dashboard/state';
import type { StoredRisk } from '../risks/model';
import { NEXT_LEVEL } from '../risks/scopes';
import { SCHEMA_VERSION, type MockState } from '../store/state';
import { buildAccounts } from './accounts';
import { buildAgreements } from './agreements';
import { buildMetricsApprovals } from './metricsApprovals';
import { buildChecklists } from '../areas/checklists/seed';
import { buildPlannedChecks } from '../areas/planning/seed';
import { buildPlannerPeriods } from '../areas/planning/periodsSeed';
import { addCheckHistory, buildPolls } from './polls';
import { buildProjectAttributes } from './projectAttributes';
import { buildProjects } from './projects';
import { buildProjectTeamState } from './projectTeam';
import { buildRisks } from './risks';
import { buildDashboardState } from './scoreSnapshots';
import { buildTargets } from './targets';
import { buildGenAi } from '../areas/genAi/seed';
import { buildTools } from '../areas/tools/seed';
import { buildPlacement } from '../areas/placement/seed';
import { buildCaseStudies } from '../areas/caseStudy/seed';
import { buildDexSetups } from '../areas/dexSetup/seed';
import { buildApprovals } from './approvals';
import { buildIsoAssessments } from './iso9001';

const SEED = 20261122;
const ACCOUNT_COUNT = 40;
const PROJECT_COUNT = 240;
/** Risks 1–10 of fixtures/risks.json. */
const CANONICAL_RISKS = 10;

let built: { day: string; state: MockState } | undefined;

/**
 * The fixtures plus faker volume; a fixed seed gives the same records and ids every time. Built
 * once per day of the clock (a fifth of a second) and handed out as a deep copy (a twenty-fifth):
 * every reset and every test's app starts from it. A few seeded dates (review dates, licence
 * expiries, approval due dates) are counted from today, so a build made under a test's fake clock
 * is not handed out once the clock is real again.
 */
export function buildSeed(): MockState {
  const day = new Date().toISOString().slice(0, 10);
  if (built?.day !== day) built = { day, state: composeSeed() };
  return structuredClone(built.state);
}

/** A new build of the seed, from scratch. */
export function composeSeed(): MockState {
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

  const polls = buildPolls(
    faker,
    projects,
    personas.map(({ userId, name, login }) => ({ id: userId, name, login })),
  );
  const risks = buildRisks(projects, accounts, polls.people, polls.polls);
  addCheckHistory(polls, projects);
  const actionRequests = buildActionRequests(faker, risks.risks);
  const projectCards = buildProjects(projects);
  const plannerPeriods = buildPlannerPeriods();

  const state: Omit<MockState, keyof DashboardState> = {
    meta: { schemaVersion: SCHEMA_VERSION },
    banner: { html_text: banner.html_text },
    stats: [],
    revokedSessions: [],
    accounts,
    projects,
    actionRequests,
    ...polls,
    ...risks,
    ...projectCards,
    ...buildProjectTeamState(
      projects,
      polls.projectTeams,
      polls.people,
      projectCards.projectDetails,
    ),
    ...buildAccounts(accounts, projects, polls.people),
    // Each function's matrix is seeded on demand (mock-server/raci/model.ts); saved ones land here.
    raciMatrices: [],
    ...buildTargets(
      projects,
      accounts,
      polls.projectTeams,
      polls.people.filter((person) => person.id > 100).map((person) => person.id),
    ),
    ...buildProjectAttributes(projects, polls.people),
    ...buildAgreements(projects, polls.people),
    plannerPeriods,
    plannedChecks: buildPlannedChecks({
      periods: plannerPeriods,
      projects,
      details: projectCards.projectDetails,
      polls: polls.polls,
    }),
    ...buildChecklists(projects),
    ...buildGenAi(),
    ...buildTools(projects),
    ...buildPlacement(projects),
    ...buildCaseStudies(),
    ...buildDexSetups(polls.projectTeams),
    ...buildMetricsApprovals(polls.people),
    ...buildApprovals(projects),
    // Read from the records above once they are all built.
    isoAssessments: [],
  };
  state.isoAssessments = buildIsoAssessments(
    state,
    polls.people.find(({ id }) => id === 1)!,
  );
  return { ...state, ...buildDashboardState(state) };
}

/**
 * Each persona's pending requests number its fixture counter; a few decided ones show history.
 * Every request is about a real open risk or issue of the volume (never a canonical one, whose
 * level the e2e tests rely on); the header count is computed from these, so it follows decisions.
 */
function buildActionRequests(faker: Faker, risks: StoredRisk[]): ActionRequest[] {
  const people = personas.map(({ userId, name, login }) => ({ id: userId, name, login }));
  // Requests come from people who work on risks, never from a client-side viewer.
  const riskPeople = people.filter((_, index) =>
    personas[index]!.permissions.includes('CAN_VIEW_RISKS'),
  );
  const candidates = risks.filter((risk) => risk.id > CANONICAL_RISKS && risk.status === 'open');
  const requests: ActionRequest[] = [];
  const start = Date.UTC(2026, 9, 1);
  const add = (recipientIndex: number, status: ActionRequest['status']) => {
    const recipient = people[recipientIndex]!;
    const requester = faker.helpers.arrayElement(
      riskPeople.filter((person) => person.id !== recipient.id),
    );
    const kind = faker.helpers.arrayElement(ACTION_REQUEST_KINDS);
    const risk = faker.helpers.arrayElement(
      kind === 'delegation' ? candidates : candidates.filter((r) => NEXT_LEVEL[r.level]),
    );
    const created = start + faker.number.int({ min: 0, max: 50 }) * 86_400_000;
    const id = requests.length + 1;
    requests.push({
      id,
      kind,
      status,
      subject: {
        id: risk.id,
        type: risk.kind,
        title: risk.statement,
        level: risk.level,
        scope_name: risk.scope.name,
      },
      target_level: kind === 'delegation' ? risk.level : NEXT_LEVEL[risk.level]!,
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
