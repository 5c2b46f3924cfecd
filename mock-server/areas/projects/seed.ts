import { Faker, en } from '@faker-js/faker';
import type { ProjectListItem } from '../../../src/api/contract/directory';
import type { PortfolioProject, ProjectStatus } from '../../../src/api/contract/projects';
import { RATINGS } from '../../../src/api/contract/risks';
import type { PersonRef } from '../../../src/api/contract/actionRequests';
import type { ProjectsState, StoredProjectDetails } from './state';
import { seeded, type SeedPart } from '../../lib/seed';

const PROJECTS_SEED = 20261125;

/** 'Rustic Chair bandwidth' → 'RCB': the letters a project code starts with. */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, 3)
    .padEnd(3, 'X');

export const projectCode = (project: Pick<ProjectListItem, 'id' | 'name'>) =>
  `${initials(project.name)}-${String(project.id).padStart(4, '0')}`;

/** The card's facts of every project, with their own seed so other seed parts stay put. */
export function buildProjects(projects: ProjectListItem[]): ProjectsState {
  const faker = new Faker({ locale: [en], seed: PROJECTS_SEED });
  const projectDetails: StoredProjectDetails[] = projects.map((project) => {
    // Projects 1–12 are the canonical ones: active, with a running contract.
    const status: ProjectStatus =
      project.id <= 12
        ? 'active'
        : faker.helpers.weightedArrayElement([
            { weight: 8, value: 'active' as const },
            { weight: 1, value: 'on_hold' as const },
            { weight: 1, value: 'closed' as const },
          ]);
    const start = Date.UTC(2024, 0, 1) + faker.number.int({ min: 0, max: 900 }) * 86_400_000;
    const end =
      status === 'closed'
        ? start + faker.number.int({ min: 120, max: 500 }) * 86_400_000
        : faker.datatype.boolean(0.6)
          ? Date.UTC(2027, 0, 1) + faker.number.int({ min: 0, max: 600 }) * 86_400_000
          : null;
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    return {
      project_id: project.id,
      code: projectCode(project),
      status,
      start_date: day(start),
      end_date: end === null ? null : day(end),
      description: `${project.name} is delivered for ${project.account_name} by ${project.delivery_unit}. ${faker.company.catchPhrase()}: ${faker.lorem.sentence({ min: 10, max: 18 })}`,
      expert_description:
        'Experts: check the answers of the project manager and the QC lead against the evidence, then add your own.',
      exclude_from_kpi: project.id > 12 && faker.datatype.boolean(0.05),
      ada: faker.datatype.boolean(0.2),
      profile_revenue: null,
    };
  });
  return { projectDetails, projectHistory: [] };
}

/** Generated rows for the 5 000-project bench, kept out of the stored state (ids above `firstId`). */
export function buildProjectVolume(
  count: number,
  firstId: number,
  accountIds: number[],
  people: PersonRef[],
): PortfolioProject[] {
  const faker = new Faker({ locale: [en], seed: PROJECTS_SEED + 1 });
  return Array.from({ length: count }, (_, index) => {
    const id = firstId + index;
    const name = `${faker.commerce.productAdjective()} ${faker.commerce.product()} ${faker.hacker.noun()}`;
    const risks = faker.number.int({ min: 0, max: 6 });
    const high = risks === 0 ? 0 : faker.number.int({ min: 0, max: Math.min(2, risks) });
    return {
      id,
      name,
      code: projectCode({ id, name }),
      account_id: faker.helpers.arrayElement(accountIds),
      manager: faker.helpers.arrayElement(people),
      status: faker.helpers.arrayElement([
        'active',
        'active',
        'active',
        'on_hold',
        'closed',
      ] as const),
      high_ownership: faker.datatype.boolean(0.3),
      last_check: faker.datatype.boolean(0.7)
        ? {
            id: firstId + index,
            status: faker.helpers.arrayElement(['started', 'expert', 'finished'] as const),
            type: faker.helpers.arrayElement(['health_check', 'self_check'] as const),
            date: new Date(
              Date.UTC(2026, 0, 1) + faker.number.int({ min: 0, max: 300 }) * 86_400_000,
            ).toISOString(),
          }
        : null,
      open_risk_rating:
        risks === 0 ? null : high > 0 ? 'high' : faker.helpers.arrayElement(RATINGS.slice(0, 2)),
      open_risks: risks,
      open_high_risks: high,
      open_issues: faker.number.int({ min: 0, max: 3 }),
      checks_in_progress: faker.number.int({ min: 0, max: 1 }),
    };
  });
}

export const projectsSeed: SeedPart = {
  name: 'projects',
  after: ['directory'],
  build: (_context, built) => buildProjects(seeded(built, 'projects').projects),
};
