import { Faker, en } from '@faker-js/faker';
import { PERSONAS } from '../../auth/personas';
import { seeded, type SeedPart } from '../../lib/seed';
import type { PersonRef } from '../../../src/api/contract/actionRequests';
import type { ProjectListItem } from '../../../src/api/contract/directory';
import { addFeedbackAndOutcomes } from '../survey/seed';
import { modelOf } from './pollModels';
import { DAY, iso, SEED_NOW } from './seedClock';
import { addPoll, type PollSpec, type PollsSeed } from './seedPolls';
import { addCheckHistory, addVolume } from './seedVolume';
import { USER, type ParticipantRole, type ProjectTeam, type StoredParticipant } from './state';

const POLLS_SEED = 20261123;

/**
 * Checks of every type, status and model. Polls 1–10 are the canonical ones the e2e tests and the
 * demo use (see README); the rest is volume with a fixed seed.
 */
export function buildPolls(
  _shared: Faker,
  projects: ProjectListItem[],
  personas: PersonRef[],
): PollsSeed {
  // Its own seed: other seed parts may change without changing a single check.
  const faker = new Faker({ locale: [en], seed: POLLS_SEED });
  const people: PersonRef[] = [
    ...personas,
    ...Array.from({ length: 60 }, (_, index) => {
      const first = faker.person.firstName();
      const last = faker.person.lastName();
      return {
        id: 101 + index,
        name: `${first} ${last}`,
        login: `${first[0] ?? 'x'}${last}`.toLowerCase().replace(/[^a-z]/g, ''),
      };
    }),
  ];
  const staff = people.filter((person) => person.id > 100).map((person) => person.id);
  const projectTeams: ProjectTeam[] = projects.map((project) => ({
    project_id: project.id,
    pm_id: project.id <= 12 ? USER.pm : faker.helpers.arrayElement(staff),
    qcl_id: project.id <= 12 ? USER.qcl : faker.helpers.arrayElement(staff),
  }));
  const teamOf = (project: ProjectListItem) => projectTeams[project.id - 1]!;

  const state: PollsSeed = {
    people,
    projectTeams,
    polls: [],
    replies: [],
    supervisorComments: [],
    outcomes: [],
    feedback: [],
  };
  const project = (id: number) => projects[id - 1]!;
  const now = SEED_NOW;
  const add = (spec: PollSpec) => addPoll(state, faker, spec);
  const p = (user_id: number, role: ParticipantRole, submitted = false): StoredParticipant => ({
    user_id,
    role,
    submitted,
  });

  // 1: pm's self check, half answered.
  add({
    type: 'self_check',
    model: 'sdo',
    status: 'started',
    project: project(1),
    participants: [p(USER.pm, 'pm')],
    created: now - 10 * DAY,
    answered: { [USER.pm]: 0.5 },
  });
  // 2: a health check in its expert phase: pm and QC lead have submitted.
  add({
    type: 'health_check',
    model: 'sdo',
    status: 'expert',
    project: project(2),
    participants: [
      p(USER.pm, 'pm', true),
      p(USER.qcl, 'qcl', true),
      p(USER.expert, 'exp'),
      p(USER.mainExpert, 'main_expert'),
    ],
    qcOwnerId: USER.qcl,
    created: now - 20 * DAY,
  });
  // 3: an audit with the auditor, answered, no supervisor comment yet.
  add({
    type: 'audit_check',
    model: 'audit_pm',
    status: 'expert',
    project: project(3),
    participants: [p(USER.auditor, 'auditor')],
    supervisorId: USER.supervisor,
    created: now - 15 * DAY,
    answered: { [USER.auditor]: 1 },
  });
  // 4: an audit in supervisor review, with a comment.
  const reviewed = add({
    type: 'audit_check',
    model: 'audit_pm',
    status: 'supervisor_review',
    project: project(4),
    participants: [p(USER.auditor, 'auditor', true)],
    supervisorId: USER.supervisor,
    created: now - 30 * DAY,
  });
  state.supervisorComments.push({
    id: 1,
    poll_id: reviewed.id,
    driver_id: modelOf('audit_pm').drivers[2]!.id,
    text: 'Three open risks have no response. Please explain why the register was not reviewed in October.',
    author_id: USER.supervisor,
    created_at: iso(now - 2 * DAY),
    updated_at: iso(now - 2 * DAY),
  });
  // 5: the long technical assessment (30 drivers × 20 questions).
  add({
    type: 'qmo_health_check',
    model: 'qmo_ta',
    status: 'expert',
    project: project(5),
    participants: [p(USER.pm, 'pm', true), p(USER.admin, 'exp'), p(USER.mainExpert, 'main_expert')],
    created: now - 12 * DAY,
    answered: { [USER.admin]: 0.1 },
  });
  // 6: new, 7: pre-start, 8: finished, 9: canceled, 10: review completed.
  add({
    type: 'health_check',
    model: 'sdo',
    status: 'new',
    project: project(6),
    participants: [
      p(USER.pm, 'pm'),
      p(USER.qcl, 'qcl'),
      p(USER.expert, 'exp'),
      p(USER.mainExpert, 'main_expert'),
    ],
    created: now - 2 * DAY,
  });
  add({
    type: 'qmo_self_check',
    model: 'qmo',
    status: 'pre_start',
    project: project(7),
    participants: [p(USER.pm, 'pm')],
    created: now - 3 * DAY,
  });
  add({
    type: 'health_check',
    model: 'sdo',
    status: 'finished',
    project: project(8),
    participants: [
      p(USER.pm, 'pm', true),
      p(USER.qcl, 'qcl', true),
      p(USER.expert, 'exp', true),
      p(USER.mainExpert, 'main_expert', true),
    ],
    qcOwnerId: USER.qcl,
    created: now - 90 * DAY,
    expertsSummary: {
      risk_status: 'Two medium risks on staffing; mitigations agreed with the client.',
      summary: 'Healthy delivery. Keep the regression suite growing with the new modules.',
    },
  });
  add({
    type: 'self_check',
    model: 'soc2_sc',
    status: 'canceled',
    project: project(9),
    participants: [p(USER.pm, 'pm')],
    created: now - 40 * DAY,
    cancelReason: 'The project was put on hold by the client.',
  });
  add({
    type: 'audit_check',
    model: 'audit_pm',
    status: 'review_completed',
    project: project(10),
    participants: [p(USER.auditor, 'auditor', true)],
    supervisorId: USER.supervisor,
    created: now - 60 * DAY,
  });

  addVolume(state, faker, projects, teamOf, staff, now);
  addFeedbackAndOutcomes(state, faker);
  return state;
}

/** The checks, their people and teams (with their answers, outcomes and feedback). */
export const checksSeed: SeedPart = {
  name: 'checks',
  after: ['directory'],
  build: ({ faker }, built) =>
    buildPolls(
      faker,
      seeded(built, 'projects').projects,
      PERSONAS.map(({ userId, name, login }) => ({ id: userId, name, login })),
    ),
};

/** The earlier years' checks: after the risks, which link to the checks without them. */
export const checkHistorySeed: SeedPart = {
  name: 'checkHistory',
  after: ['risks'],
  build: (_context, built) => {
    const { projects, ...polls } = seeded(
      built,
      'projects',
      'people',
      'projectTeams',
      'polls',
      'replies',
      'supervisorComments',
      'outcomes',
      'feedback',
    );
    addCheckHistory(polls, projects);
    return {};
  },
};
