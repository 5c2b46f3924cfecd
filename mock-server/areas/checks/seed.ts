import { Faker, en } from '@faker-js/faker';
import type { PersonRef } from '../../../src/api/contract/actionRequests';
import type { ProjectListItem } from '../../../src/api/contract/directory';
import type {
  FeedbackIndicator,
  PollModel,
  PollStatus,
  PollType,
  SummarySections,
} from '../../../src/api/contract/polls';
import { modelOf, type ModelDef } from './pollModels';
import {
  USER,
  type ParticipantRole,
  type PollsState,
  type ProjectTeam,
  type StoredOutcome,
  type StoredParticipant,
  type StoredPoll,
} from './state';
import { questionsOf, respondentRole } from './questions';

const POLLS_SEED = 20261123;
const EMPTY_SUMMARY: SummarySections = { risk_status: '', summary: '' };
const DAY = 86_400_000;
const iso = (time: number) => new Date(time).toISOString();
const isoDate = (time: number) => iso(time).slice(0, 10);

const INDEX_PREFIX: Record<PollType, string> = {
  health_check: 'HC',
  self_check: 'SC',
  qmo_health_check: 'QHC',
  qmo_self_check: 'QSC',
  audit_check: 'AUD',
};

interface PollSpec {
  type: PollType;
  model: PollModel;
  status: PollStatus;
  project: ProjectListItem;
  participants: StoredParticipant[];
  supervisorId?: number | null;
  qcOwnerId?: number | null;
  created: number;
  index?: string;
  /** Share of each participant's questions answered, by user id; 1 when submitted. */
  answered?: Record<number, number>;
  expertsSummary?: SummarySections;
  pmsSummary?: SummarySections;
  customDrivers?: string[];
  cancelReason?: string;
}

/**
 * Checks of every type, status and model. Polls 1–10 are the canonical ones the e2e tests and the
 * demo use (see README); the rest is volume with a fixed seed.
 */
export function buildPolls(
  _shared: Faker,
  projects: ProjectListItem[],
  personas: PersonRef[],
): PollsState {
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

  const state: PollsState = {
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

/**
 * The day the checks' seed counts from: noon UTC, so the seeded dates fall on the same calendar
 * day from UTC-11 to UTC+11. Nothing seeded happens after it: a check started, finished or
 * answered, an action done.
 */
const SEED_NOW = Date.UTC(2026, 10, 20, 12);
/** A moment of the seed, never later than the day before SEED_NOW. */
const past = (time: number) => Math.min(time, SEED_NOW - DAY);

function addPoll(state: PollsState, faker: Faker, spec: PollSpec): StoredPoll {
  const id = state.polls.length + 1;
  const started = ['new', 'pre_start'].includes(spec.status)
    ? null
    : Math.max(spec.created, past(spec.created + faker.number.int({ min: 1, max: 4 }) * DAY));
  const closed = ['finished', 'review_completed'].includes(spec.status);
  const poll: StoredPoll = {
    id,
    status: spec.status,
    type: spec.type,
    model: spec.model,
    index: spec.index ?? `${INDEX_PREFIX[spec.type]}_${id}`,
    project_id: spec.project.id,
    participants: spec.participants,
    supervisor_id: spec.supervisorId ?? null,
    qc_owner_id: spec.qcOwnerId ?? null,
    experts_summary: spec.expertsSummary ?? { ...EMPTY_SUMMARY },
    pms_summary: spec.pmsSummary ?? { ...EMPTY_SUMMARY },
    custom_check_config: spec.customDrivers ? { drivers: spec.customDrivers } : null,
    available_roles: [
      ...new Set(spec.participants.map((participant) => respondentRole(participant.role))),
    ],
    extensions: [],
    is_risk_evaluation_filled: closed,
    is_invalid: false,
    invalid_reason: '',
    cancel_reason: spec.cancelReason ?? '',
    created_at: iso(spec.created),
    started_at: started === null ? null : iso(started),
    due_date: isoDate(spec.created + 45 * DAY),
    // A check closes 20 days after its start, or (started lately) the day before the seed's day.
    finished_at:
      closed && started !== null ? iso(Math.max(started, past(started + 20 * DAY))) : null,
  };
  state.polls.push(poll);
  const model = modelOf(poll.model);
  for (const participant of poll.participants) {
    const share = participant.submitted ? 1 : (spec.answered?.[participant.user_id] ?? 0);
    addReplies(state, faker, poll, model, participant, share, started ?? spec.created);
  }
  return poll;
}

function addReplies(
  state: PollsState,
  faker: Faker,
  poll: StoredPoll,
  model: ModelDef,
  participant: StoredParticipant,
  share: number,
  from: number,
): void {
  const questions = questionsOf(poll, participant.role);
  const count = Math.round(questions.length * share);
  const answers = model.options.map((option) => option.value);
  for (const question of questions.slice(0, count)) {
    state.replies.push({
      id: state.replies.length + 1,
      poll_id: poll.id,
      question_id: question.id,
      user_id: participant.user_id,
      answer: faker.helpers.weightedArrayElement([
        { weight: 6, value: answers[0]! },
        { weight: 3, value: answers[1]! },
        { weight: 2, value: answers[2]! },
        { weight: 1, value: answers[3]! },
      ]),
      comment: faker.datatype.boolean(0.15) ? faker.helpers.arrayElement(REPLY_COMMENTS) : '',
      updated_at: iso(Math.max(from, past(from + faker.number.int({ min: 0, max: 10 }) * DAY))),
    });
  }
}

const REPLY_COMMENTS = [
  'Evidence is in the project wiki, updated last sprint.',
  'Agreed with the client in the last steering meeting.',
  'Only partly: the mobile team does not follow it yet.',
  'The new QC lead is setting this up this month.',
  'We rely on the client’s process here.',
  'Checked with the team lead; see the sprint review notes.',
];
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

function addVolume(
  state: PollsState,
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

function addFeedbackAndOutcomes(state: PollsState, faker: Faker): void {
  const indicators: FeedbackIndicator[] = ['positive', 'neutral', 'negative'];
  for (const poll of state.polls.filter((candidate) => candidate.status === 'finished')) {
    if (!faker.datatype.boolean(0.4)) continue;
    state.feedback.push({
      id: state.feedback.length + 1,
      poll_id: poll.id,
      indicator: faker.helpers.arrayElement(indicators),
      comment: faker.helpers.arrayElement([
        'The questions fitted the project well.',
        'Too long for a small project.',
        '',
      ]),
      type: 'survey',
      user_id: poll.participants[0]!.user_id,
      created_at: poll.finished_at ?? poll.created_at,
    });
  }
  const DAY_MS = 86_400_000;
  const day = (iso: string | null, days: number) =>
    new Date(Date.parse(iso ?? '') + days * DAY_MS).toISOString().slice(0, 10);
  const add = (outcome: Omit<StoredOutcome, 'id'>) =>
    state.outcomes.push({ id: state.outcomes.length + 1, ...outcome });
  for (const poll of state.polls.filter((candidate) => candidate.type === 'audit_check')) {
    if (poll.status === 'new' || poll.status === 'canceled') continue;
    // An approved report's minor finding has a corrective action owned by the project manager,
    // due a month after the audit: done for every third of them.
    const approved = poll.status === 'review_completed';
    const pm = state.projectTeams.find((team) => team.project_id === poll.project_id)?.pm_id;
    const owned = approved && pm !== undefined;
    add({
      poll_id: poll.id,
      title: 'Risk register not reviewed monthly',
      severity: 'minor',
      description: 'Several risks had no update for more than six weeks.',
      owner_id: owned ? pm : null,
      due_date: owned ? day(poll.finished_at, 30) : null,
      // Done three weeks after the audit, for every third one that is three weeks old.
      done_at:
        owned && poll.id % 3 === 0 && Date.parse(poll.finished_at ?? '') + 21 * DAY_MS < SEED_NOW
          ? `${day(poll.finished_at, 21)}T09:00:00.000Z`
          : null,
    });
  }
  // The canonical approved audit (check 10) adds a major finding whose action is overdue and an
  // observation that asks for nothing.
  const audit = state.polls[9]!;
  const pm = state.projectTeams.find((team) => team.project_id === audit.project_id)?.pm_id ?? null;
  add({
    poll_id: audit.id,
    title: 'No signed change requests for two scope changes',
    severity: 'major',
    description: 'The client asked for two reports in September; no change request was signed.',
    owner_id: pm,
    due_date: pm === null ? null : day(audit.finished_at, 14),
    done_at: null,
  });
  add({
    poll_id: audit.id,
    title: 'Lessons learned kept in the wiki',
    severity: 'observation',
    description: 'A good practice to share with the other projects of the account.',
    owner_id: null,
    due_date: null,
    done_at: null,
  });
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
export function addCheckHistory(state: PollsState, projects: ProjectListItem[]): void {
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
