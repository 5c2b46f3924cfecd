/**
 * Checks (polls), their drivers, questions and replies, the audit report: spec §3, §4, §5 and the ten
 * poll calls of spec §7, plus the calls this product designs where the spec says "not shown".
 * The SPA, the mock server and the pact tests all import these types.
 */
import type { PersonRef } from './actionRequests';
import type { ListQuery } from './directory';

export const POLL_STATUSES = [
  'new',
  'pre_start',
  'started',
  'expert',
  'supervisor_review',
  'review_completed',
  'finished',
  'canceled',
] as const;
export type PollStatus = (typeof POLL_STATUSES)[number];

/** Spec §4: the survey result view uses this subset. */
export const RESULT_STATUSES = [
  'new',
  'started',
  'expert',
  'finished',
  'supervisor_review',
  'review_completed',
] as const satisfies readonly PollStatus[];

export const POLL_TYPES = [
  'health_check',
  'self_check',
  'qmo_health_check',
  'qmo_self_check',
  'audit_check',
] as const;
export type PollType = (typeof POLL_TYPES)[number];

export const POLL_MODELS = ['sdo', 'qmo', 'soc2_sc', 'qmo_ta', 'audit_pm'] as const;
export type PollModel = (typeof POLL_MODELS)[number];

/** Respondent roles (spec §4): project manager, QC lead, expert. */
export const RESPONDENT_ROLES = ['pm', 'qcl', 'exp'] as const;
export type RespondentRole = (typeof RESPONDENT_ROLES)[number];

/** Expert kinds (spec §4). */
export const EXPERT_KINDS = ['expert', 'main_expert'] as const;
export type ExpertKind = (typeof EXPERT_KINDS)[number];

/** User positions in a poll (spec §4). */
export type UserPosition = 'expert' | 'project manager' | 'QC lead';

/** Summary sections patched by key (spec §3, §7). */
export const SUMMARY_KEYS = ['risk_status', 'summary'] as const;
export type SummaryKey = (typeof SUMMARY_KEYS)[number];
export type SummarySections = Record<SummaryKey, string>;

export interface PollParticipant extends PersonRef {
  /** `main_expert` is an expert leading the check. */
  role: RespondentRole | 'main_expert' | 'auditor';
  /** Replies given and questions to answer. */
  answered: number;
  questions: number;
  submitted: boolean;
}

export interface PollStats {
  participants: PollParticipant[];
  /** Replies per user id (as string keys, the JSON of a Python dict). */
  users_answer_counters: Record<string, number>;
  users_question_counters: Record<string, number>;
}

export interface PollExtension {
  id: number;
  /** The new due date, YYYY-MM-DD. */
  until: string;
  reason: string;
  created_at: string;
  created_by: PersonRef;
}

export interface CustomCheckConfig {
  /** Driver slugs of the model that this check asks; every driver when absent. */
  drivers: string[];
}

export interface Poll {
  id: number;
  status: PollStatus;
  type: PollType;
  model: PollModel;
  index: string;
  /** The current user's replies and questions. */
  reply_count: number;
  question_count: number;
  /** What the current user may do on this poll (spec §6). */
  user_permissions: string[];
  user_pos: { pos: UserPosition | null; uid: number };
  experts_summary: SummarySections;
  pms_summary: SummarySections;
  main_expert: PersonRef | null;
  qc_owner: PersonRef | null;
  /** Audits: who reviews the auditor's report. */
  supervisor: PersonRef | null;
  project: { id: number; name: string; description: string; expert_description: string };
  account: { name: string };
  delivery_unit: { name: string };
  poll_stats: PollStats;
  custom_check_config: CustomCheckConfig | null;
  available_roles: RespondentRole[];
  extensions: PollExtension[];
  is_risk_evaluation_filled: boolean;
  is_project_check: boolean;
  is_invalid: boolean;
  created_at: string;
  started_at: string | null;
  due_date: string;
  finished_at: string | null;
}

/** A row of `GET /api/polls/`. */
export interface PollListItem {
  id: number;
  status: PollStatus;
  type: PollType;
  model: PollModel;
  index: string;
  project: { id: number; name: string };
  account: { name: string };
  main_expert: PersonRef | null;
  /** The check's overall progress, 0–100. */
  progress: number;
  created_at: string;
  due_date: string;
  finished_at: string | null;
  is_invalid: boolean;
}

/** `GET /api/polls/` filters (spec: status, type, model, project, account, search, ordering). */
export interface PollListQuery extends ListQuery {
  status?: PollStatus;
  type?: PollType;
  model?: PollModel;
  project?: number;
  account?: string;
  /** Only the checks waiting for the user: to answer (their part not submitted) or to review. */
  waiting?: PollWaiting;
}

/**
 * What a check waits for from the signed-in user: `answer`, their part in a phase that takes
 * their answers and is not submitted yet; `review`, an audit in supervisor review they supervise.
 */
export const POLL_WAITING = ['answer', 'review'] as const;
export type PollWaiting = (typeof POLL_WAITING)[number];
export const POLL_WAITING_LABELS: Record<PollWaiting, string> = {
  answer: 'For me to answer',
  review: 'For me to review',
};

export const POLL_ORDERING_FIELDS = [
  'id',
  'project',
  'account',
  'type',
  'model',
  'index',
  'status',
  'progress',
  'created_at',
  'due_date',
] as const;

export interface DriverArea {
  name: string;
}

/** A predefined risk a driver suggests (spec §3 driver `risks`). */
export interface DriverRisk {
  id: number;
  title: string;
}

export interface Driver {
  id: number;
  slug: string;
  name: string;
  description: string;
  risks: DriverRisk[];
  kb_link: string;
  area: DriverArea;
  /** The current user's questions and replies in this driver. */
  questions_count: number;
  reply_count: number;
}

export interface AnswerOption {
  value: string;
  label: string;
}

/** The value of the option that takes a question out of the score ('Not applicable'). */
export const NOT_APPLICABLE = 'na';

/**
 * The options that grade, best first: numeric values rank by number (4 above 0); named ones keep
 * the model's order, which lists the best first ('yes', 'partially', 'no'). The results' scores
 * and the comparison's better or worse read it.
 */
export function gradedOptions(options: readonly AnswerOption[]): AnswerOption[] {
  const graded = options.filter((option) => option.value !== NOT_APPLICABLE);
  const numeric = graded.every(
    (option) => option.value.trim() !== '' && !Number.isNaN(Number(option.value)),
  );
  return numeric ? [...graded].sort((a, b) => Number(b.value) - Number(a.value)) : graded;
}

export interface UserReply {
  id: number;
  answer: string | null;
  comment: string;
  /** Replies of every participant to this question. */
  reply_count: number;
}

export interface Question {
  id: number;
  text: string;
  hint: string;
  options: AnswerOption[];
  user_reply: UserReply | null;
}

/** `GET /api/polls/{id}/drivers/{driverId}/`: one driver with the current user's questions. */
export interface DriverDetail extends Driver {
  questions: Question[];
}

/**
 * `PUT /api/polls/{pollId}/questions/{questionId}/reply/`: the answer, the comment or both. A field
 * left out keeps its saved value (none on a new reply), so a page sends only what the user changed
 * there and never clears what another tab saved since; the server answers the whole reply.
 */
export interface ReplyRequest {
  answer?: string | null;
  comment?: string;
}

/** Spec §3 Reply. */
export interface Reply {
  replyId: number;
  answer: string | null;
  comment: string;
}

/** `PATCH /api/polls/{id}/summary/`: one section by key. */
export type SummaryPatch = Partial<SummarySections>;

/** `GET /api/feedback/polls/{id}/?type=survey` items and `POST /api/feedback/polls/{id}/`. */
export const FEEDBACK_INDICATORS = ['positive', 'neutral', 'negative'] as const;
export type FeedbackIndicator = (typeof FEEDBACK_INDICATORS)[number];

export interface IndicatorFeedback {
  id: number;
  indicator: FeedbackIndicator;
  comment: string;
  type: 'survey';
  user: PersonRef;
  created_at: string;
}

export interface IndicatorFeedbackRequest {
  indicator: FeedbackIndicator;
  comment: string;
  type: 'survey';
}

export interface SupervisorComment {
  id: number;
  /** The driver it is about, or null for the whole report. */
  driver: { id: number; name: string } | null;
  text: string;
  author: PersonRef;
  created_at: string;
  updated_at: string;
}

/** `GET /api/polls/{id}/report/` (spec §3 Report info). */
export interface ReportInfo {
  poll_id: number;
  status: PollStatus;
  is_supervisor_comments_filled: boolean;
  supervisor_comments: SupervisorComment[];
}

/** `PUT /api/polls/{id}/report/`: approve or return (spec §4). */
export interface ReportDecision {
  status: 'review_completed' | 'expert';
}

/**
 * The audit report needs the auditor's risk status and summary (the check's `experts_summary`,
 * which the auditor writes while answering) before it is sent for review or approved: a DRF 400
 * by section key, `{risk_status: [..], summary: [..]}`, names each one missing.
 */
export const REPORT_SUMMARY_RULES = {
  send: {
    risk_status: 'Write the risk status before sending the report for review.',
    summary: 'Write the summary before sending the report for review.',
  },
  approve: {
    risk_status: 'The auditor has not written the risk status: return the report instead.',
    summary: 'The auditor has not written the summary: return the report instead.',
  },
} as const satisfies Record<'send' | 'approve', Record<SummaryKey, string>>;

/** The sections of an audit's report summary not written yet (blank counts as not written). */
export const missingReportSections = (poll: Pick<Poll, 'experts_summary'>): SummaryKey[] =>
  SUMMARY_KEYS.filter((key) => poll.experts_summary[key].trim() === '');

export interface SupervisorCommentRequest {
  driver_id: number | null;
  text: string;
}

/** Audit outcomes: findings the auditor records (`/outcomes`). */
export const OUTCOME_SEVERITIES = ['major', 'minor', 'observation'] as const;
export type OutcomeSeverity = (typeof OUTCOME_SEVERITIES)[number];

/**
 * A finding may carry a corrective action: who fixes it (`owner`) and by when (`due_date`), both
 * or neither. Once the audit's report is approved (status `review_completed`) an open corrective
 * action is an action item of the project (`GET /api/projects/{id}/action-items/`, source
 * `check`), until someone with CAN_RESOLVE_ACTION_PLAN marks it done (`done_at`).
 */
export interface AuditOutcome {
  id: number;
  title: string;
  severity: OutcomeSeverity;
  description: string;
  owner: PersonRef | null;
  due_date: string | null;
  done_at: string | null;
}

/**
 * `POST /api/polls/{id}/outcomes/`. `owner_id` and `due_date` are optional (null or left out) but
 * go together: one without the other is a 400 on the missing field (OUTCOME_ACTION_ERRORS).
 */
export interface AuditOutcomeRequest {
  title: string;
  severity: OutcomeSeverity;
  description: string;
  owner_id?: number | null;
  due_date?: string | null;
}

/** The field errors of a corrective action given half (the mock and the form say the same). */
export const OUTCOME_ACTION_ERRORS = {
  owner_id: 'Name who owns the corrective action, or clear its due date.',
  due_date: 'Give the corrective action a due date, or clear its owner.',
} as const;

/** `GET /api/polls/{id}/results/`: every participant's answers by driver. */
export interface PollResults {
  poll_id: number;
  status: PollStatus;
  drivers: {
    id: number;
    slug: string;
    name: string;
    questions: {
      id: number;
      text: string;
      options: AnswerOption[];
      answers: {
        user: PersonRef;
        role: PollParticipant['role'];
        answer: string | null;
        comment: string;
      }[];
    }[];
  }[];
}

/** Actions on a check (check details). */
export interface CancelPollRequest {
  reason: string;
}
export interface AssignExpertRequest {
  user_id: number;
  kind: ExpertKind;
}
export interface UserIdRequest {
  user_id: number;
}
export interface MarkInvalidRequest {
  reason: string;
}
export interface ExtensionRequest {
  until: string;
  reason: string;
}

/** `POST /api/polls/`: a new check (`/checks/configure_new`). */
export interface CreatePollRequest {
  project_id: number;
  type: PollType;
  model: PollModel;
  index: string;
  roles: RespondentRole[];
  experts: AssignExpertRequest[];
  due_date: string;
  custom_check_config: CustomCheckConfig | null;
}

/** `GET /api/poll-models/`: the models with their drivers and questions (`/checks/models`). */
export interface PollModelInfo {
  code: PollModel;
  name: string;
  description: string;
  /** The check types the model serves. */
  types: PollType[];
  drivers: {
    slug: string;
    name: string;
    description: string;
    area: DriverArea;
    kb_link: string;
    questions: { id: number; text: string; roles: RespondentRole[] }[];
  }[];
}

/** `GET /api/users/?search=`: people to assign. */
export type UserListItem = PersonRef;

/** Spec §5 check index rules and texts. */
export const CHECK_INDEX_MAX = 10;
export const CHECK_INDEX_PATTERN = /^[A-Za-z0-9_]+$/;
export const CHECK_INDEX_MESSAGES = {
  required: 'You must specify check index.',
  tooLong: 'Index should be 10 symbols length as maximum.',
  pattern: 'Please use letters, numbers and "_" only.',
  hint: 'Specify index title up to 10 characters. Please use letters, numbers and "_" only.',
} as const;

/** Spec §5: the first rule a check index breaks, or null. */
export function checkIndexError(index: string): string | null {
  if (index.trim() === '') return CHECK_INDEX_MESSAGES.required;
  if (index.length > CHECK_INDEX_MAX) return CHECK_INDEX_MESSAGES.tooLong;
  if (!CHECK_INDEX_PATTERN.test(index)) return CHECK_INDEX_MESSAGES.pattern;
  return null;
}

/**
 * Spec §4 progress: the main expert counts the filled summary items; everyone else replies over
 * questions. A whole number percentage.
 */
export function pollProgress(
  poll: Pick<
    Poll,
    'reply_count' | 'question_count' | 'user_pos' | 'main_expert' | 'experts_summary'
  >,
): number {
  const isMainExpert = poll.main_expert !== null && poll.main_expert.id === poll.user_pos.uid;
  const filled = isMainExpert
    ? SUMMARY_KEYS.filter((key) => poll.experts_summary[key].trim() !== '').length
    : 0;
  const done = poll.reply_count + filled;
  const total = poll.question_count + (isMainExpert ? SUMMARY_KEYS.length : 0);
  return total === 0 ? 0 : Math.round((done / total) * 100);
}

/** Spec §4: a driver is completed when its questions count equals its reply count. */
export const isDriverCompleted = (driver: Pick<Driver, 'questions_count' | 'reply_count'>) =>
  driver.questions_count === driver.reply_count;
