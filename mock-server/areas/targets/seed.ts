import { Faker, en } from '@faker-js/faker';
import type { AccountListItem, ProjectListItem } from '../../../src/api/contract/directory';
import {
  TARGET_METRIC_INFO,
  TARGET_METRICS,
  type TargetKind,
  type TargetMetric,
} from '../../../src/api/contract/targets';
import type { CommitmentState } from '../../../src/api/contract/commitments';
import type { ProjectTeam } from '../checks/state';
import type { CommitmentsState, StoredCommitment } from '../commitments/model';
import type { StoredTarget, TargetsState } from './model';
import { seeded, type SeedPart } from '../../lib/seed';

const TARGETS_SEED = 20261127;
const CANONICAL = 12;
const USER = { admin: 1, pm: 2, qcl: 5, accountOwner: 9 } as const;

/** The quarter that was, the one that runs (November 2026) and the next. */
const PAST = '2026-Q3';
const CURRENT = '2026-Q4';
const NEXT = '2027-Q1';

/** A planned value a delivery team would set for the metric. */
const PLANNED: Record<TargetMetric, number> = {
  csat: 4.5,
  on_time_delivery: 95,
  budget_variance: 0,
  defect_leakage: 5,
  team_attrition: 10,
  gross_margin: 32,
};

/**
 * Project 1's targets of the running quarter, one per status, so the demo and the e2e tests
 * see each: on track, at risk, off track, no actual yet. Team attrition is never seeded for the
 * canonical projects (the e2e test adds it).
 */
const PROJECT_ONE_CURRENT: [TargetMetric, number | null][] = [
  ['on_time_delivery', 96],
  ['csat', 4.4],
  ['budget_variance', 6],
  ['defect_leakage', null],
];

const COMMITMENT_TITLES: [string, string][] = [
  [
    'Enforce multi-factor authentication on every client system account',
    'Covers the VPN, the ticketing system and the client’s cloud console.',
  ],
  [
    'Encrypt the backups of the project databases',
    'AES-256 at rest; the keys stay in the client’s key vault.',
  ],
  ['Review the access rights of the project team every quarter', ''],
  [
    'Scan dependencies for known vulnerabilities in every build',
    'A critical finding fails the build until it is fixed or waived.',
  ],
  ['Rotate the shared service credentials', 'Every 90 days, and whenever someone leaves the team.'],
  ['Complete the secure coding training for new joiners', ''],
  [
    'Remove production data from the test environments',
    'Masked or synthetic data only, as the data processing agreement requires.',
  ],
  ['Sign the client’s information security addendum', ''],
  ['Patch the build servers within 14 days of a critical advisory', ''],
  ['Log and review administrator access to production', 'A monthly review, signed by the PM.'],
];

/** A value near `planned`, sometimes better and sometimes worse, within the metric's range. */
function actualNear(faker: Faker, metric: TargetMetric, planned: number): number {
  const { min, max, tolerance } = TARGET_METRIC_INFO[metric];
  const spread = tolerance * 2.5;
  const value = planned + faker.number.float({ min: -spread, max: spread, fractionDigits: 1 });
  return Math.min(max, Math.max(min, Math.round(value * 10) / 10));
}

/**
 * Targets of every project and account, and the security commitments of the projects, with
 * their own seed so other seed parts stay put. Projects 1–12 are canonical: each has targets of
 * the past and the running quarter, the account's targets for it, and five commitments, two of
 * them suggestions (one owned by admin, one by pm).
 */
export function buildTargets(
  projects: ProjectListItem[],
  accounts: AccountListItem[],
  teams: ProjectTeam[],
  staff: number[],
): TargetsState & CommitmentsState {
  const faker = new Faker({ locale: [en], seed: TARGETS_SEED });
  const targets: StoredTarget[] = [];
  const commitments: StoredCommitment[] = [];
  const at = (day: number) => new Date(Date.UTC(2026, 9, day, 9)).toISOString();

  const addTarget = (
    kind: TargetKind,
    scope: { project_id: number | null; account_id: number | null },
    metric: TargetMetric,
    period: string,
    actual: number | null,
    updatedBy: number,
  ) =>
    targets.push({
      id: targets.length + 1,
      kind,
      ...scope,
      metric,
      period,
      planned: PLANNED[metric],
      actual,
      updated_at: at(faker.number.int({ min: 1, max: 30 })),
      updated_by_id: updatedBy,
    });

  const teamOf = (projectId: number) => teams.find((team) => team.project_id === projectId);

  for (const project of projects) {
    const scope = { project_id: project.id, account_id: null };
    const pm = teamOf(project.id)?.pm_id ?? USER.pm;
    if (project.id <= CANONICAL) {
      const metrics: TargetMetric[] = [
        'on_time_delivery',
        'csat',
        'budget_variance',
        'defect_leakage',
      ];
      for (const metric of metrics)
        addTarget('project', scope, metric, PAST, actualNear(faker, metric, PLANNED[metric]), pm);
      if (project.id === 1)
        for (const [metric, actual] of PROJECT_ONE_CURRENT)
          addTarget('project', scope, metric, CURRENT, actual, pm);
      else
        for (const metric of metrics)
          addTarget(
            'project',
            scope,
            metric,
            CURRENT,
            faker.datatype.boolean(0.7) ? actualNear(faker, metric, PLANNED[metric]) : null,
            pm,
          );
      addTarget('account_project', scope, 'gross_margin', CURRENT, 30.5, USER.accountOwner);
      addTarget('account_project', scope, 'on_time_delivery', CURRENT, null, USER.accountOwner);
    } else if (faker.datatype.boolean(0.4)) {
      for (const metric of faker.helpers.arrayElements(TARGET_METRICS, 2))
        addTarget(
          'project',
          scope,
          metric,
          CURRENT,
          faker.datatype.boolean(0.6) ? actualNear(faker, metric, PLANNED[metric]) : null,
          pm,
        );
    }
  }

  for (const account of accounts) {
    const scope = { project_id: null, account_id: account.id };
    addTarget(
      'account',
      scope,
      'gross_margin',
      CURRENT,
      actualNear(faker, 'gross_margin', PLANNED.gross_margin),
      USER.accountOwner,
    );
    addTarget('account', scope, 'csat', CURRENT, null, USER.accountOwner);
    addTarget('account', scope, 'gross_margin', NEXT, null, USER.accountOwner);
  }

  const addCommitment = (
    projectId: number,
    [title, description]: [string, string],
    owner: number,
    due: string,
    state: CommitmentState,
    suggestedBy: number | null = null,
  ) => {
    const created = at(faker.number.int({ min: 1, max: 20 }));
    commitments.push({
      id: commitments.length + 1,
      project_id: projectId,
      title,
      description,
      owner_id: owner,
      due_date: due,
      state,
      suggested_by_id: suggestedBy,
      created_at: created,
      updated_at: created,
    });
  };

  for (const project of projects) {
    const titles = faker.helpers.shuffle([...COMMITMENT_TITLES]);
    if (project.id <= CANONICAL) {
      const other = faker.helpers.arrayElement(staff);
      // Past due and open: shown as overdue.
      addCommitment(project.id, titles[0]!, USER.pm, '2026-10-15', 'open');
      addCommitment(project.id, titles[1]!, USER.qcl, '2026-12-20', 'in_progress');
      addCommitment(project.id, titles[2]!, other, '2026-09-30', 'done');
      addCommitment(project.id, titles[3]!, USER.admin, '2027-01-31', 'suggested', USER.qcl);
      addCommitment(project.id, titles[4]!, USER.pm, '2027-02-26', 'suggested', USER.admin);
    } else if (faker.datatype.boolean(0.3)) {
      const owner = teamOf(project.id)?.pm_id ?? faker.helpers.arrayElement(staff);
      const count = faker.number.int({ min: 1, max: 2 });
      for (let index = 0; index < count; index += 1)
        addCommitment(
          project.id,
          titles[index]!,
          owner,
          faker.helpers.arrayElement(['2026-08-31', '2026-12-15', '2027-03-31']),
          faker.helpers.arrayElement(['open', 'in_progress', 'done'] as const),
        );
    }
  }

  return { targets, commitments };
}

export const targetsSeed: SeedPart = {
  name: 'targets',
  after: ['directory', 'checks'],
  build: (_context, built) => {
    const { projects, accounts, projectTeams, people } = seeded(
      built,
      'projects',
      'accounts',
      'projectTeams',
      'people',
    );
    const staff = people.filter((person) => person.id > 100).map((person) => person.id);
    return buildTargets(projects, accounts, projectTeams, staff);
  },
};
