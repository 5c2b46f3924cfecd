import { personOf } from '../../lib/people';
import { ACTION_RULES } from '../../../src/api/contract/pollRules';
import type {
  Poll,
  PollListItem,
  PollParticipant,
  PollStatus,
  PollWaiting,
  UserPosition,
} from '../../../src/api/contract/polls';
import type { CheckViewCheck } from '../../../src/api/contract/checkViews';
import type { ComparableCheck } from '../../../src/api/contract/compare';
import type { Persona } from '../../auth/personas';
import type { MockState } from '../../store/state';
import type { StoredParticipant, StoredPoll } from './state';
import { questionsOf } from './questions';

const CLOSED: readonly PollStatus[] = ['finished', 'review_completed', 'canceled'];

const ALL = 'CAN_PERFORM_ALL_ACTIONS';
/** The permissions of the check actions (start, cancel, experts, QC owner, invalid, extension). */
const MANAGEMENT = [...new Set(Object.values(ACTION_RULES).map((rule) => rule.permission))];

export const participantOf = (poll: StoredPoll, userId: number) =>
  poll.participants.find((participant) => participant.user_id === userId);

/** Who answers in each status (spec §4 roles): respondents first, experts after them. */
function answeringRoles(poll: StoredPoll): PollParticipant['role'][] {
  if (poll.type === 'audit_check') return poll.status === 'expert' ? ['auditor'] : [];
  if (poll.status === 'started') return ['pm', 'qcl', 'exp', 'main_expert'];
  if (poll.status === 'expert') return ['exp', 'main_expert'];
  return [];
}

/** Who closes a phase with a submit: pm and QC lead in `started`, main expert and auditor later. */
function submittingRoles(poll: StoredPoll): PollParticipant['role'][] {
  if (poll.type === 'audit_check') return poll.status === 'expert' ? ['auditor'] : [];
  if (poll.status === 'started') return ['pm', 'qcl'];
  if (poll.status === 'expert') return ['main_expert'];
  return [];
}

/**
 * Every poll the user may see: all of them with all actions, check creation or the planner;
 * else those they take part in, supervise or own the quality of.
 */
export function canSee(persona: Persona, poll: StoredPoll): boolean {
  const global = persona.permissions;
  if (
    ['CAN_PERFORM_ALL_ACTIONS', 'CAN_CREATE_POLL', 'CAN_VIEW_CHECK_PLANNER'].some((p) =>
      global.includes(p),
    )
  )
    return true;
  const id = persona.userId;
  return (
    participantOf(poll, id) !== undefined || poll.supervisor_id === id || poll.qc_owner_id === id
  );
}

/**
 * What the poll waits for from the persona (the checks list's `waiting` filter and "My work"):
 * their answers while their part is open, or their review of an audit they supervise.
 */
export function waitingFor(persona: Persona, poll: StoredPoll): PollWaiting | null {
  const me = participantOf(poll, persona.userId);
  if (me && !me.submitted && answeringRoles(poll).includes(me.role)) return 'answer';
  if (
    poll.type === 'audit_check' &&
    poll.status === 'supervisor_review' &&
    poll.supervisor_id === persona.userId
  )
    return 'review';
  return null;
}

/** The poll's `user_permissions` (spec §6): the user's flags narrowed to their part in this poll. */
export function pollPermissions(persona: Persona, poll: StoredPoll): string[] {
  const global = new Set(persona.permissions);
  const all = global.has(ALL);
  const has = (permission: string) => all || global.has(permission);
  const me = participantOf(poll, persona.userId);
  const audit = poll.type === 'audit_check';
  const granted = new Set<string>();
  const grant = (permission: string, when: boolean) => {
    if (when) granted.add(permission);
  };

  grant(ALL, all);
  grant('CAN_VIEW_PROJECT_DETAILS', has('CAN_VIEW_PROJECT_DETAILS') || me !== undefined);
  grant('CAN_VIEW_RISK', has('CAN_VIEW_RISK') || me !== undefined);
  grant('CAN_VIEW_ISSUE', has('CAN_VIEW_ISSUE') || me !== undefined);
  grant('CAN_VIEW_SUMMARY', has('CAN_VIEW_SUMMARY'));
  grant('CAN_CREATE_RISK', has('CAN_CREATE_RISK'));
  grant('CAN_CREATE_ISSUE', has('CAN_CREATE_ISSUE'));
  grant(
    'CAN_VIEW_POLL_RESULTS_PAGE',
    has('CAN_VIEW_POLL_RESULTS_PAGE') ||
      (me !== undefined && (me.submitted || CLOSED.includes(poll.status))),
  );

  const answering = me !== undefined && !me.submitted && answeringRoles(poll).includes(me.role);
  grant('CAN_PASS_SURVEY', answering);
  grant('CAN_SUBMIT_SURVEY', answering && submittingRoles(poll).includes(me.role));
  grant('CAN_EDIT_SUMMARY', answering && writesSummary(poll, me.role));

  const manages = all || global.has('CAN_CREATE_POLL') || me?.role === 'main_expert';
  for (const permission of MANAGEMENT) grant(permission, manages && has(permission));

  if (audit) {
    const auditor = me?.role === 'auditor';
    const supervisor = poll.supervisor_id === persona.userId;
    grant('CAN_VIEW_POLL_OUTCOMES', has('CAN_VIEW_POLL_OUTCOMES'));
    grant('CAN_EDIT_POLL_OUTCOMES', all || (auditor && global.has('CAN_EDIT_POLL_OUTCOMES')));
    grant('CAN_VIEW_SUPERVISOR_COMMENT', has('CAN_VIEW_SUPERVISOR_COMMENT'));
    grant('CAN_SEND_FOR_REVIEW', all || (auditor && global.has('CAN_SEND_FOR_REVIEW')));
    grant(
      'CAN_SEE_SEND_FOR_REVIEW_BUTTON',
      all || (auditor && global.has('CAN_SEE_SEND_FOR_REVIEW_BUTTON')),
    );
    grant('CAN_SEE_APPROVE_AND_RETURN_BUTTONS', all || supervisor);
    grant('CAN_EDIT_SUPERVISOR_COMMENT', all || supervisor);
  }
  return [...granted].sort();
}

/**
 * Who writes a summary while answering: the main expert and an audit's auditor (the experts'
 * summary, which is the audit report's), and the project manager of a started check (theirs).
 */
function writesSummary(poll: StoredPoll, role: PollParticipant['role']): boolean {
  return writesExpertsSummary(role) || (role === 'pm' && poll.status === 'started');
}

/** The roles whose summary is the check's `experts_summary`. */
export const writesExpertsSummary = (role: PollParticipant['role'] | undefined) =>
  role === 'main_expert' || role === 'auditor';

/** Answered replies (an answer, not only a comment) per user in one poll. */
function answeredByUser(state: MockState, poll: StoredPoll): Map<number, Set<number>> {
  const byUser = new Map<number, Set<number>>();
  for (const reply of state.replies) {
    if (reply.poll_id !== poll.id || reply.answer === null) continue;
    let questions = byUser.get(reply.user_id);
    if (!questions) byUser.set(reply.user_id, (questions = new Set()));
    questions.add(reply.question_id);
  }
  return byUser;
}

/** A participant's answered questions and questions (none for someone not taking part). */
export function progressOf(
  state: MockState,
  poll: StoredPoll,
  userId: number,
): { answered: number; total: number } {
  const me = participantOf(poll, userId);
  if (!me) return { answered: 0, total: 0 };
  const mine = answeredByUser(state, poll).get(userId);
  const questions = questionsOf(poll, me.role);
  return {
    answered: questions.filter((question) => mine?.has(question.id)).length,
    total: questions.length,
  };
}

function participantStats(
  state: MockState,
  poll: StoredPoll,
  answered: Map<number, Set<number>>,
): PollParticipant[] {
  return poll.participants.map((participant: StoredParticipant) => {
    const questions = questionsOf(poll, participant.role);
    const mine = answered.get(participant.user_id);
    return {
      ...personOf(state, participant.user_id),
      role: participant.role,
      answered: questions.filter((question) => mine?.has(question.id)).length,
      questions: questions.length,
      submitted: participant.submitted,
    };
  });
}

const POSITIONS: Record<PollParticipant['role'], UserPosition> = {
  pm: 'project manager',
  qcl: 'QC lead',
  exp: 'expert',
  main_expert: 'expert',
  auditor: 'expert',
};

const mainExpertOf = (poll: StoredPoll) =>
  poll.participants.find((participant) => participant.role === 'main_expert');

/** The check's project as its views name it (a project no longer listed: "Project {id}"). */
export function projectOf(state: MockState, poll: StoredPoll) {
  const project = state.projects.find((candidate) => candidate.id === poll.project_id);
  return {
    id: poll.project_id,
    name: project?.name ?? `Project ${poll.project_id}`,
    account_id: project?.account_id ?? 0,
    account: project?.account_name ?? '',
    delivery_unit: project?.delivery_unit ?? '',
  };
}

/** What the views across checks and the comparison say of a check (the same fields). */
type CheckRef = CheckViewCheck & ComparableCheck;

/** A check as the views across checks and the comparison name it: enough to open its survey. */
export const checkRefOf = ({ id, index, type, model, status, due_date }: StoredPoll): CheckRef => ({
  id,
  index,
  type,
  model,
  status,
  due_date,
});

/** Checks by due date, the latest first (the higher id first on a tie). */
export const latestDueFirst = (a: StoredPoll, b: StoredPoll) =>
  a.due_date < b.due_date ? 1 : a.due_date > b.due_date ? -1 : b.id - a.id;

/** `GET /api/polls/{id}/` as this user sees it. */
export function toPoll(state: MockState, poll: StoredPoll, persona: Persona): Poll {
  const answered = answeredByUser(state, poll);
  const participants = participantStats(state, poll, answered);
  const me = participants.find((participant) => participant.id === persona.userId);
  const project = projectOf(state, poll);
  const details = state.projectDetails.find(
    (candidate) => candidate.project_id === poll.project_id,
  );
  const main = mainExpertOf(poll);
  const counters = (pick: (participant: PollParticipant) => number) =>
    Object.fromEntries(
      participants.map((participant) => [String(participant.id), pick(participant)]),
    );
  return {
    id: poll.id,
    status: poll.status,
    type: poll.type,
    model: poll.model,
    index: poll.index,
    reply_count: me?.answered ?? 0,
    question_count: me?.questions ?? 0,
    user_permissions: pollPermissions(persona, poll),
    user_pos: { pos: me ? POSITIONS[me.role] : null, uid: persona.userId },
    experts_summary: poll.experts_summary,
    pms_summary: poll.pms_summary,
    main_expert: main ? personOf(state, main.user_id) : null,
    qc_owner: poll.qc_owner_id === null ? null : personOf(state, poll.qc_owner_id),
    supervisor: poll.supervisor_id === null ? null : personOf(state, poll.supervisor_id),
    project: {
      id: project.id,
      name: project.name,
      // The card's Project overview tab edits these two texts.
      description: details?.description ?? '',
      expert_description: details?.expert_description ?? '',
    },
    account: { name: project.account },
    delivery_unit: { name: project.delivery_unit },
    poll_stats: {
      participants,
      users_answer_counters: counters((participant) => participant.answered),
      users_question_counters: counters((participant) => participant.questions),
    },
    custom_check_config: poll.custom_check_config,
    available_roles: poll.available_roles,
    extensions: poll.extensions,
    is_risk_evaluation_filled: poll.is_risk_evaluation_filled,
    is_project_check: poll.type !== 'audit_check',
    is_invalid: poll.is_invalid,
    created_at: poll.created_at,
    started_at: poll.started_at,
    due_date: poll.due_date,
    finished_at: poll.finished_at,
  };
}

/** The check's overall progress: every participant's answered questions over their questions. */
export function overallProgress(state: MockState, poll: StoredPoll): number {
  const participants = participantStats(state, poll, answeredByUser(state, poll));
  const questions = participants.reduce((sum, participant) => sum + participant.questions, 0);
  const answered = participants.reduce((sum, participant) => sum + participant.answered, 0);
  return questions === 0 ? 0 : Math.round((answered / questions) * 100);
}

/** A row of `GET /api/polls/`. */
export function toListItem(state: MockState, poll: StoredPoll, progress: number): PollListItem {
  const project = projectOf(state, poll);
  const main = mainExpertOf(poll);
  return {
    id: poll.id,
    status: poll.status,
    type: poll.type,
    model: poll.model,
    index: poll.index,
    project: { id: project.id, name: project.name },
    account: { name: project.account },
    main_expert: main ? personOf(state, main.user_id) : null,
    progress,
    created_at: poll.created_at,
    due_date: poll.due_date,
    finished_at: poll.finished_at,
    is_invalid: poll.is_invalid,
  };
}
