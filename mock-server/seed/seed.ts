import { Faker, en } from '@faker-js/faker';
import banner from '../../fixtures/banner.json' with { type: 'json' };
import { PERSONAS as personas } from '../auth/personas';
import { today } from '../lib/clock';
import { CSAT_STATUSES, NPS_STATUSES } from '../../src/api/contract/accounts';
import type { AccountListItem, ProjectListItem } from '../../src/api/contract/directory';
import type { DashboardState } from '../areas/dashboard/state';
import { SCHEMA_VERSION, type MockState } from '../store/state';
import { buildAccounts } from '../areas/accounts/seed';
import { buildAgreements } from '../areas/agreements/seed';
import { buildMetricsApprovals } from '../areas/metricsApprovals/seed';
import { buildChecklists } from '../areas/checklists/seed';
import { buildPlannedChecks } from '../areas/planning/seed';
import { buildPlannerPeriods } from '../areas/planning/periodsSeed';
import { addCheckHistory, buildPolls } from '../areas/checks/seed';
import { buildProjectAttributes } from '../areas/attributes/seed';
import { buildProjects } from '../areas/projects/seed';
import { buildProjectTeamState } from '../areas/team/seed';
import { buildRisks } from '../areas/risks/seed';
import { buildDashboardState } from '../areas/dashboard/seed';
import { buildTargets } from '../areas/targets/seed';
import { buildGenAi } from '../areas/genAi/seed';
import { buildActionRequests } from '../areas/notifications/seed';
import { buildTools } from '../areas/tools/seed';
import { buildPlacement } from '../areas/placement/seed';
import { buildCaseStudies } from '../areas/caseStudy/seed';
import { buildDexSetups } from '../areas/dexSetup/seed';
import { buildApprovals } from '../areas/approvals/seed';
import { buildIsoAssessments } from '../areas/iso9001/seed';

const SEED = 20261122;
const ACCOUNT_COUNT = 40;
const PROJECT_COUNT = 240;

let built: { day: string; state: MockState } | undefined;

/**
 * The fixtures plus faker volume; a fixed seed gives the same records and ids every time. Built
 * once per day of the clock (a fifth of a second) and handed out as a deep copy (a twenty-fifth):
 * every reset and every test's app starts from it. A few seeded dates (review dates, licence
 * expiries, approval due dates) are counted from today, so a build made under a test's fake clock
 * is not handed out once the clock is real again.
 */
export function buildSeed(): MockState {
  const day = today();
  if (built?.day !== day) built = { day, state: composeSeed() };
  return structuredClone(built.state);
}

/** A new build of the seed, from scratch. */
export function composeSeed(): MockState {
  const faker = new Faker({ locale: [en], seed: SEED });
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
