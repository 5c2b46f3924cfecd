import { Faker, en } from '@faker-js/faker';
import type { PersonRef } from '../../../src/api/contract/actionRequests';
import type { ProjectListItem } from '../../../src/api/contract/directory';
import type { ContactSide } from '../../../src/api/contract/projectContacts';
import type { TeamRole } from '../../../src/api/contract/projectTeam';
import type { ProjectTeam } from '../checks/state';
import type { StoredProjectDetails } from '../projects/state';
import type { ProjectTeamState, StoredProjectContact, StoredTeamMember } from './model';
import { seeded, type SeedPart } from '../../lib/seed';

/** Their own seeds, so other seed parts stay put (and these stay put when others change). */
const TEAM_SEED = 20261201;
const CONTACTS_SEED = 20261202;
/** Projects 1–12 are the canonical ones the e2e tests and the demo use. */
const CANONICAL_PROJECTS = 12;
const DAY = 86_400_000;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The roles of the members beside the manager and the QC lead, developers the most. */
const MEMBER_ROLES: { weight: number; value: TeamRole }[] = [
  { weight: 1, value: 'delivery_manager' },
  { weight: 2, value: 'architect' },
  { weight: 6, value: 'developer' },
  { weight: 3, value: 'tester' },
  { weight: 2, value: 'business_analyst' },
  { weight: 1, value: 'scrum_master' },
  { weight: 1, value: 'other' },
];

/**
 * Every project's team: its project manager and QC lead from `projectTeams`, then 2–6 staff
 * (people with ids above 100), each with a role, an allocation and dates inside the project's.
 */
export function buildProjectTeams(
  projects: ProjectListItem[],
  projectTeams: ProjectTeam[],
  people: PersonRef[],
  details: StoredProjectDetails[],
): StoredTeamMember[] {
  const faker = new Faker({ locale: [en], seed: TEAM_SEED });
  const staff = people.filter((person) => person.id > 100).map((person) => person.id);
  const members: StoredTeamMember[] = [];
  for (const project of projects) {
    const team = projectTeams.find((candidate) => candidate.project_id === project.id);
    const card = details.find((candidate) => candidate.project_id === project.id);
    if (!team || !card) continue;
    const projectStart = Date.parse(`${card.start_date}T00:00:00Z`);
    const projectEnd = card.end_date ? Date.parse(`${card.end_date}T00:00:00Z`) : null;
    const add = (personId: number, role: TeamRole, allocation: number, late = false) => {
      const start = projectStart + (late ? faker.number.int({ min: 0, max: 120 }) * DAY : 0);
      // Some leave before the project ends; never before they started.
      const leaves = late && faker.datatype.boolean(0.2);
      const end = leaves
        ? Math.min(
            start + faker.number.int({ min: 60, max: 400 }) * DAY,
            projectEnd ?? Number.POSITIVE_INFINITY,
          )
        : projectEnd;
      members.push({
        id: members.length + 1,
        project_id: project.id,
        person_id: personId,
        role,
        allocation,
        start_date: day(start),
        end_date: end === null || end < start ? null : day(end),
      });
    };
    add(team.pm_id, 'project_manager', faker.helpers.arrayElement([50, 75, 100]));
    if (team.qcl_id !== team.pm_id)
      add(team.qcl_id, 'qc_lead', faker.helpers.arrayElement([10, 20, 25, 30]));
    const others = faker.helpers.arrayElements(
      staff.filter((id) => id !== team.pm_id && id !== team.qcl_id),
      faker.number.int({ min: 2, max: 6 }),
    );
    for (const personId of others)
      add(
        personId,
        faker.helpers.weightedArrayElement(MEMBER_ROLES),
        faker.helpers.arrayElement([20, 25, 50, 50, 75, 100, 100]),
        true,
      );
  }
  return members;
}

const POSITIONS: Record<ContactSide, string[]> = {
  client: [
    'Product owner',
    'Head of IT',
    'Programme sponsor',
    'Procurement manager',
    'Business owner',
  ],
  third_party: ['Account manager', 'Integration lead', 'Support engineer', 'Licensing contact'],
  company: ['Account delivery owner', 'Delivery director', 'Security officer', 'Legal counsel'],
};

const NOTES = [
  'Signs off the monthly status report.',
  'Prefers a call to an email for anything urgent.',
  'Out of office on Fridays.',
  'Escalation point for the SLA.',
  'Owns the test environments on the vendor side.',
  '',
  '',
  '',
];

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'company';

/**
 * Contacts per project: 3–6 for the canonical projects (the first three one of each side), 0–3
 * for the others. The client's organisation is the project's account, the company's its delivery
 * unit.
 */
export function buildProjectContacts(projects: ProjectListItem[]): StoredProjectContact[] {
  const faker = new Faker({ locale: [en], seed: CONTACTS_SEED });
  const contacts: StoredProjectContact[] = [];
  for (const project of projects) {
    const canonical = project.id <= CANONICAL_PROJECTS;
    const count = canonical
      ? faker.number.int({ min: 3, max: 6 })
      : faker.number.int({ min: 0, max: 3 });
    const vendor = faker.company.name();
    for (let index = 0; index < count; index += 1) {
      const side: ContactSide =
        canonical && index < 3
          ? (['client', 'third_party', 'company'] as const)[index]!
          : faker.helpers.arrayElement(['client', 'client', 'third_party', 'company'] as const);
      const organisation =
        side === 'client'
          ? project.account_name
          : side === 'third_party'
            ? vendor
            : `Excellence Delivery, ${project.delivery_unit}`;
      const first = faker.person.firstName();
      const last = faker.person.lastName();
      contacts.push({
        id: contacts.length + 1,
        project_id: project.id,
        side,
        name: `${first} ${last}`,
        position: faker.helpers.arrayElement(POSITIONS[side]),
        organisation,
        email: `${slug(first)}.${slug(last)}@${side === 'company' ? 'excellence-delivery' : slug(organisation)}.example.com`,
        phone: faker.datatype.boolean(0.7)
          ? `+1 555 ${faker.string.numeric(3)} ${faker.string.numeric(4)}`
          : '',
        notes: faker.helpers.arrayElement(NOTES),
      });
    }
  }
  return contacts;
}

/** The Team and Contacts tabs' part of the seed. */
export function buildProjectTeamState(
  projects: ProjectListItem[],
  projectTeams: ProjectTeam[],
  people: PersonRef[],
  details: StoredProjectDetails[],
): ProjectTeamState {
  return {
    projectMembers: buildProjectTeams(projects, projectTeams, people, details),
    projectContacts: buildProjectContacts(projects),
  };
}

export const teamSeed: SeedPart = {
  name: 'team',
  after: ['directory', 'checks', 'projects'],
  build: (_context, built) => {
    const { projects, projectTeams, people, projectDetails } = seeded(
      built,
      'projects',
      'projectTeams',
      'people',
      'projectDetails',
    );
    return buildProjectTeamState(projects, projectTeams, people, projectDetails);
  },
};
