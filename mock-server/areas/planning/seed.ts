import { Faker, en } from '@faker-js/faker';
import type { ProjectListItem } from '../../../src/api/contract/directory';
import {
  mondayOf,
  periodWeeks,
  weekInPeriod,
  type PlanExpert,
} from '../../../src/api/contract/planner';
import type { PollModel, PollType } from '../../../src/api/contract/polls';
import { USER, type StoredPoll } from '../checks/state';
import { pollModels } from '../checks/pollModels';
import type { StoredProjectDetails } from '../projects/state';
import type { StoredPlannedCheck, StoredPlannerPeriod } from './state';
import { buildPlannerPeriods, CLOSED_PERIOD_STARTED_AT } from './periodsSeed';
import { seeded, type SeedPart } from '../../lib/seed';

const PLAN_SEED = 20261126;
/** When the seed's open and draft plans were last changed (before the seed clock). */
const PLANNED_AT = '2026-09-21T09:00:00.000Z';
/** Planned checks of the open period: about half of the canonical projects 1–60. */
const OPEN_PLAN_SIZE = 30;
/** Of them, this many run in weeks that are over at the seed clock (November 20, 2026). */
const OVER_WEEKS = 5;
/** The last week over at the seed clock, the first one not over, and the conflict's week. */
const LAST_OVER_WEEK = '2026-11-09';
const FIRST_FUTURE_WEEK = '2026-11-23';
const CONFLICT_WEEK = '2026-12-07';

interface PlanInput {
  periods: readonly StoredPlannerPeriod[];
  projects: readonly ProjectListItem[];
  details: readonly StoredProjectDetails[];
  polls: readonly StoredPoll[];
}

/**
 * The seed's plan, ids from 1 in this order: the closed quarter's (started: each entry is one of
 * its projects' existing checks), the open quarter's (about 30 of projects 1–60, some weeks over
 * at the seed clock, an expert conflict of the expert persona, a health check without a main
 * expert) and a few in the draft quarter.
 */
export function buildPlannedChecks({
  periods,
  projects,
  details,
  polls,
}: PlanInput): StoredPlannedCheck[] {
  const faker = new Faker({ locale: [en], seed: PLAN_SEED });
  const closedIds = new Set(
    details.filter((detail) => detail.status === 'closed').map((detail) => detail.project_id),
  );
  const plannable = projects.filter((project) => !closedIds.has(project.id));
  const checks: StoredPlannedCheck[] = [];
  const add = (entry: Omit<StoredPlannedCheck, 'id' | 'updated_by_id' | 'updated_at'>) =>
    checks.push({
      id: checks.length + 1,
      ...entry,
      updated_by_id: USER.admin,
      updated_at: PLANNED_AT,
    });

  const closed = periods.find((period) => period.state === 'closed');
  const open = periods.find((period) => period.state === 'open');
  const draft = periods.find((period) => period.state === 'draft');

  if (closed) {
    // Each planned check became the check its project has in that quarter.
    const seen = new Set<number>();
    for (const poll of polls) {
      if (poll.status === 'canceled' || closedIds.has(poll.project_id)) continue;
      if (seen.has(poll.project_id) || poll.created_at < CLOSED_PERIOD_STARTED_AT) continue;
      const week = mondayOf(poll.due_date);
      if (!weekInPeriod(week, closed)) continue;
      seen.add(poll.project_id);
      add({
        period_id: closed.id,
        project_id: poll.project_id,
        type: poll.type,
        model: poll.model,
        planned_week: week,
        experts: poll.participants.flatMap((participant): PlanExpert[] =>
          participant.role === 'main_expert'
            ? [{ user_id: participant.user_id, kind: 'main_expert' }]
            : participant.role === 'exp' || participant.role === 'auditor'
              ? [{ user_id: participant.user_id, kind: 'expert' }]
              : [],
        ),
        note: '',
        poll_id: poll.id,
      });
    }
  }

  // The people the seed's checks have as experts: the expert personas first.
  const seedExperts = new Set(
    polls.flatMap((poll) =>
      poll.participants
        .filter((participant) => participant.role === 'exp' || participant.role === 'main_expert')
        .map((participant) => participant.user_id),
    ),
  );
  const pool = [
    USER.expert,
    USER.mainExpert,
    ...[...seedExperts].filter((id) => id > 100).sort((a, b) => a - b),
  ].slice(0, 16);

  const plan = (period: StoredPlannerPeriod, project: ProjectListItem, week: string) => {
    const type = faker.helpers.weightedArrayElement<PollType>([
      { weight: 5, value: 'health_check' },
      { weight: 2, value: 'self_check' },
      { weight: 1, value: 'qmo_health_check' },
      { weight: 1, value: 'qmo_self_check' },
      { weight: 1, value: 'audit_check' },
    ]);
    const models = pollModels()
      .filter((model) => model.types.includes(type))
      .map((model) => model.code);
    const model: PollModel = faker.helpers.arrayElement(models);
    const experts: PlanExpert[] = [];
    if (type === 'health_check' || type === 'qmo_health_check') {
      const [main, second] = faker.helpers.arrayElements(pool, 2);
      experts.push({ user_id: main!, kind: 'main_expert' });
      if (faker.datatype.boolean(0.6)) experts.push({ user_id: second!, kind: 'expert' });
    } else if (type === 'audit_check')
      experts.push({
        user_id: faker.datatype.boolean(0.5) ? USER.auditor : faker.helpers.arrayElement(pool),
        kind: 'expert',
      });
    add({
      period_id: period.id,
      project_id: project.id,
      type,
      model,
      planned_week: week,
      experts,
      note:
        faker.helpers.maybe(() => faker.helpers.arrayElement(NOTES), { probability: 0.25 }) ?? '',
      poll_id: null,
    });
    return checks[checks.length - 1]!;
  };

  if (open) {
    const weeks = periodWeeks(open);
    const over = weeks.filter((week) => week <= LAST_OVER_WEEK);
    const future = weeks.filter((week) => week >= FIRST_FUTURE_WEEK);
    const chosen = faker.helpers
      .arrayElements(
        plannable.filter((project) => project.id <= 60),
        OPEN_PLAN_SIZE,
      )
      .sort((a, b) => a.id - b.id);
    const planned = chosen.map((project, index) =>
      plan(
        open,
        project,
        faker.helpers.arrayElement(
          index % Math.ceil(OPEN_PLAN_SIZE / OVER_WEEKS) === 0 ? over : future,
        ),
      ),
    );
    // The expert persona on two checks in one week: the grid warns of the conflict.
    const [first, second] = planned.filter(
      (check) => check.type === 'health_check' && check.planned_week >= FIRST_FUTURE_WEEK,
    );
    for (const check of [first!, second!]) {
      check.planned_week = CONFLICT_WEEK;
      check.experts = [
        { user_id: USER.mainExpert, kind: 'main_expert' },
        { user_id: USER.expert, kind: 'expert' },
      ];
    }
    // A health check nobody leads yet: the start preview warns of it, and the period starts all
    // the same; its main expert is assigned on the check.
    const leaderless = planned.find(
      (check) =>
        check.type === 'health_check' &&
        check.planned_week >= FIRST_FUTURE_WEEK &&
        check !== first &&
        check !== second,
    )!;
    leaderless.experts = [{ user_id: USER.expert, kind: 'expert' }];
    leaderless.note = 'Main expert to be agreed with the account.';
  }

  if (draft) {
    const weeks = periodWeeks(draft).filter((week) => week >= draft.start_date);
    for (const project of faker.helpers.arrayElements(
      plannable.filter((candidate) => candidate.id <= 60),
      5,
    ))
      plan(draft, project, faker.helpers.arrayElement(weeks));
  }
  return checks;
}

const NOTES = [
  'Align the week with the release freeze.',
  'The client asked for the check after the go-live.',
  'New project manager since October: keep the first check light.',
  'Combine with the account review.',
];

/** The planner's periods, and the checks planned in them (after the earlier years' checks). */
export const planningSeed: SeedPart = {
  name: 'planning',
  after: ['directory', 'projects', 'checkHistory'],
  build: (_context, built) => {
    const { projects, projectDetails, polls } = seeded(
      built,
      'projects',
      'projectDetails',
      'polls',
    );
    const plannerPeriods = buildPlannerPeriods();
    return {
      plannerPeriods,
      plannedChecks: buildPlannedChecks({
        periods: plannerPeriods,
        projects,
        details: projectDetails,
        polls,
      }),
    };
  },
};
