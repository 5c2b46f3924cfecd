import { Faker, en } from '@faker-js/faker';
import type { ProjectListItem } from '../../../src/api/contract/directory';
import type { PollModel, PollStatus, PollType } from '../../../src/api/contract/polls';
import { DAY, SEED_NOW } from './seedClock';
import { addPoll, type PollsSeed } from './seedPolls';
import { USER, type ProjectTeam, type StoredParticipant } from './state';

const RISK_STATUSES = [
  'No critical risks; two medium risks on staffing with agreed mitigations.',
  'One high risk on the integration deadline, escalated to the account.',
  'Risks are known and tracked; the register was reviewed this month.',
];
const SUMMARIES = [
  'Healthy delivery with a stable team. Keep growing the automated regression suite.',
  'Delivery is on track but test automation lags behind; agree a plan with the QC lead.',
  'The client is satisfied; the scope change process needs to be written down.',
];

const MODELS_BY_TYPE: Record<PollType, PollModel[]> = {
  health_check: ['sdo'],
  self_check: ['sdo', 'soc2_sc'],
  qmo_health_check: ['qmo'],
  qmo_self_check: ['qmo'],
  audit_check: ['audit_pm'],
};

const STATUSES_BY_TYPE: Record<PollType, PollStatus[]> = {
  health_check: ['new', 'pre_start', 'started', 'expert', 'finished', 'canceled'],
  self_check: ['new', 'pre_start', 'started', 'finished', 'canceled'],
  qmo_health_check: ['new', 'pre_start', 'started', 'expert', 'finished', 'canceled'],
  qmo_self_check: ['new', 'started', 'finished', 'canceled'],
  audit_check: ['new', 'expert', 'supervisor_review', 'review_completed', 'canceled'],
};

const VOLUME = 230;

/** The volume: checks of every type, status and model on random projects (a fixed seed). */
export function addVolume(
  state: PollsSeed,
  faker: Faker,
  projects: ProjectListItem[],
  teamOf: (project: ProjectListItem) => ProjectTeam,
  staff: number[],
  now: number,
): void {
  const types = Object.keys(MODELS_BY_TYPE) as PollType[];
  for (let n = 0; n < VOLUME; n += 1) {
    const type = faker.helpers.weightedArrayElement(
      types.map((value) => ({ value, weight: value === 'health_check' ? 4 : 2 })),
    );
    const status = faker.helpers.arrayElement(STATUSES_BY_TYPE[type]);
    const project = faker.helpers.arrayElement(projects);
    const team = teamOf(project);
    const created = now - faker.number.int({ min: 1, max: 300 }) * DAY;
    const closed = ['finished', 'review_completed', 'supervisor_review'].includes(status);
    const participants: StoredParticipant[] = [];
    const answered: Record<number, number> = {};
    if (type === 'audit_check') {
      const auditor = faker.datatype.boolean(0.3)
        ? USER.auditor
        : faker.helpers.arrayElement(staff);
      participants.push({ user_id: auditor, role: 'auditor', submitted: closed });
      if (status === 'expert') answered[auditor] = faker.number.float({ min: 0, max: 1 });
    } else {
      const pmPhaseOver = status === 'expert' || closed;
      participants.push({ user_id: team.pm_id, role: 'pm', submitted: pmPhaseOver });
      if (status === 'started') answered[team.pm_id] = faker.number.float({ min: 0, max: 1 });
      if (type.includes('health_check')) {
        participants.push({ user_id: team.qcl_id, role: 'qcl', submitted: pmPhaseOver });
        const [expert, main] = faker.helpers.arrayElements(
          [...staff, USER.expert, USER.mainExpert].filter(
            (id) => id !== team.pm_id && id !== team.qcl_id,
          ),
          2,
        );
        participants.push({ user_id: expert!, role: 'exp', submitted: closed });
        participants.push({ user_id: main!, role: 'main_expert', submitted: closed });
        if (status === 'expert') answered[expert!] = faker.number.float({ min: 0, max: 1 });
      }
    }
    addPoll(state, faker, {
      type,
      model: faker.helpers.arrayElement(MODELS_BY_TYPE[type]),
      status,
      project,
      participants,
      supervisorId: type === 'audit_check' ? USER.supervisor : null,
      qcOwnerId: type.includes('health_check') ? team.qcl_id : null,
      created,
      answered,
      expertsSummary:
        closed && type.includes('health_check')
          ? {
              risk_status: faker.helpers.arrayElement(RISK_STATUSES),
              summary: faker.helpers.arrayElement(SUMMARIES),
            }
          : undefined,
      cancelReason: status === 'canceled' ? 'Stopped at the client’s request.' : undefined,
    });
  }
  // A few more of the long technical assessment, not yet started.
  for (const id of [13, 14]) {
    const project = projects[id - 1]!;
    addPoll(state, faker, {
      type: 'qmo_health_check',
      model: 'qmo_ta',
      status: 'new',
      project,
      participants: [{ user_id: teamOf(project).pm_id, role: 'pm', submitted: false }],
      created: now - 5 * DAY,
    });
  }
}

const HISTORY_SEED = 20261127;
/** Projects given a finished check long ago (due again) and recently (not due yet). */
const HISTORY_OLD = 45;
const HISTORY_RECENT = 25;

/**
 * Finished checks of earlier years for volume projects that have none, so that the planner's
 * `due` flag tells projects apart: some were checked long ago (due again since a known day),
 * some recently, the rest never. Added after the risks are seeded (they link to checks) and with
 * its own seed, so that no other record changes; their ids follow the others.
 */
export function addCheckHistory(state: PollsSeed, projects: ProjectListItem[]): void {
  const faker = new Faker({ locale: [en], seed: HISTORY_SEED });
  const now = SEED_NOW;
  const checked = new Set(
    state.polls.filter((poll) => poll.finished_at !== null).map((poll) => poll.project_id),
  );
  const candidates = projects.filter((project) => project.id > 12 && !checked.has(project.id));
  const chosen = faker.helpers.arrayElements(candidates, HISTORY_OLD + HISTORY_RECENT);
  const staff = state.people.filter((person) => person.id > 100).map((person) => person.id);
  chosen.forEach((project, index) => {
    const team = state.projectTeams.find((candidate) => candidate.project_id === project.id)!;
    const type = faker.helpers.weightedArrayElement<PollType>([
      { weight: 3, value: 'health_check' },
      { weight: 1, value: 'qmo_health_check' },
    ]);
    const [expert, main] = faker.helpers.arrayElements(
      [...staff, USER.expert, USER.mainExpert].filter(
        (id) => id !== team.pm_id && id !== team.qcl_id,
      ),
      2,
    );
    const daysAgo =
      index < HISTORY_OLD
        ? faker.number.int({ min: 230, max: 600 })
        : faker.number.int({ min: 60, max: 150 });
    addPoll(state, faker, {
      type,
      model: MODELS_BY_TYPE[type][0]!,
      status: 'finished',
      project,
      participants: [
        { user_id: team.pm_id, role: 'pm', submitted: true },
        { user_id: team.qcl_id, role: 'qcl', submitted: true },
        { user_id: expert!, role: 'exp', submitted: true },
        { user_id: main!, role: 'main_expert', submitted: true },
      ],
      qcOwnerId: team.qcl_id,
      created: now - daysAgo * DAY,
      expertsSummary: {
        risk_status: faker.helpers.arrayElement(RISK_STATUSES),
        summary: faker.helpers.arrayElement(SUMMARIES),
      },
    });
  });
}
