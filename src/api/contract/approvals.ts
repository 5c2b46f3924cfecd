/**
 * The Approvals of a project (issue 14, the card's Approvals tab): the requests this project
 * raised, and those raised elsewhere that wait on it, each decided by one named person, its
 * approver. Spec §7 says the project calls are "not shown": these are the calls this product
 * designs, DRF-style. The SPA, the mock server and the pact tests import them.
 *
 * Everyone who sees the card reads them. Raising one needs CAN_EDIT_PROJECT_CARD; deciding one is
 * for its approver only, whatever the flags of anyone else; withdrawing a pending one is for its
 * requester only. A decided or withdrawn request is final. Who may decide, withdraw or remind is
 * the server's rule: each request says it for the caller (`can_decide`, `can_withdraw`,
 * `can_remind`), and the SPA only reads it.
 */
import type { PersonRef } from './actionRequests';

export const APPROVAL_RAISE_FLAG = 'CAN_EDIT_PROJECT_CARD';
/** Besides its requester, who may remind the approver of a pending request. */
export const APPROVAL_REMIND_FLAG = 'CAN_EDIT_PROJECT_CARD';
/** At most one reminder per request in this time. */
export const APPROVAL_REMINDER_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** The kinds of request, in the order the form offers them. */
export const APPROVAL_KINDS = [
  'kpi_exclusion',
  'profile_validation',
  'agreement_sign_off',
  'scope_change',
  'budget_change',
  'target_change',
  'check_postponement',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_KIND_LABELS: Record<ApprovalKind, string> = {
  kpi_exclusion: 'Exclusion from KPI',
  profile_validation: 'Profile validation',
  agreement_sign_off: 'Agreement sign-off',
  scope_change: 'Scope change',
  budget_change: 'Budget change',
  target_change: 'Target change',
  check_postponement: 'Check postponement',
};

export const APPROVAL_STATES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];
export const APPROVAL_STATE_LABELS: Record<ApprovalState, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

/** Who raised it: the project's own people ('project'), or someone outside waiting on it. */
export const APPROVAL_ORIGINS = ['project', 'external'] as const;
export type ApprovalOrigin = (typeof APPROVAL_ORIGINS)[number];

export const APPROVAL_EVENTS = ['raised', 'reminded', 'decided', 'withdrawn'] as const;
export type ApprovalEventKind = (typeof APPROVAL_EVENTS)[number];
export const APPROVAL_EVENT_LABELS: Record<ApprovalEventKind, string> = {
  raised: 'Raised',
  reminded: 'Reminder sent',
  decided: 'Decided',
  withdrawn: 'Withdrawn',
};

export const APPROVAL_LIMITS = { subject: 200, comment: 1000 } as const;

/** The server's messages the SPA shows as they are. */
export const APPROVAL_MESSAGES = {
  onlyApprover: 'Only the approver can decide this request.',
  onlyRequester: 'Only the requester can withdraw this request.',
  decided: 'This request has already been decided.',
  withdrawn: 'This request has been withdrawn.',
  notPending: 'Only a pending request can be withdrawn.',
  rejectComment: 'Say why the request is rejected.',
  selfApproval: 'Choose someone other than yourself as the approver.',
  duePast: 'The due date cannot be in the past.',
  onlyReminder: `Only the requester or who holds ${APPROVAL_REMIND_FLAG} can remind the approver of this request.`,
  remindedRecently: 'A reminder was sent less than a day ago.',
  remindSelf: 'You are the approver of this request: decide it instead.',
} as const;

/** One step of a request's life. */
export interface ApprovalEvent {
  event: ApprovalEventKind;
  at: string;
  by: PersonRef;
  /** The comment given with it; empty when none. */
  comment: string;
}

/** The decision on a request; null until it is decided. */
export interface ApprovalDecision {
  outcome: 'approved' | 'rejected';
  comment: string;
  decided_at: string;
  decided_by: PersonRef;
}

/** `GET /api/projects/{id}/approvals/`: the project's requests, newest raised first. */
export interface ApprovalRequest {
  id: number;
  kind: ApprovalKind;
  subject: string;
  origin: ApprovalOrigin;
  requester: PersonRef;
  approver: PersonRef;
  state: ApprovalState;
  raised_at: string;
  /** `YYYY-MM-DD`. */
  due_by: string;
  /** The requester's comment; empty when none. */
  comment: string;
  decision: ApprovalDecision | null;
  /** Oldest first. */
  history: ApprovalEvent[];
  /** When the approver was last reminded (the last 'reminded' step); null when never. */
  last_reminded_at: string | null;
  /** Whether the caller may decide it now: it is pending and they are its approver. */
  can_decide: boolean;
  /** Whether the caller may withdraw it now: it is pending and they are its requester. */
  can_withdraw: boolean;
  /**
   * Whether the caller may remind its approver: it is pending, they are not its approver, and they
   * are its requester or hold APPROVAL_REMIND_FLAG. At most once a day still (`nextReminderAt`).
   */
  can_remind: boolean;
}

/**
 * `POST /api/projects/{id}/approvals/` (CAN_EDIT_PROJECT_CARD): a pending request raised by this
 * project, the caller its requester. The approver is someone else (400 on `approver_id`); the due
 * date today or later (400 on `due_by`).
 */
export interface NewApprovalRequest {
  kind: ApprovalKind;
  subject: string;
  approver_id: number;
  due_by: string;
  comment?: string;
}

/**
 * `POST /api/projects/{id}/approvals/{rid}/decision/`, by the approver only (403
 * APPROVAL_MESSAGES.onlyApprover for anyone else), on a pending request (400 non_field_errors):
 * approve, or reject with a comment (400 on `comment`). Answers the request.
 */
export interface ApprovalDecisionBody {
  decision: 'approve' | 'reject';
  comment?: string;
}

/**
 * `POST /api/projects/{id}/approvals/{rid}/withdraw/`, by the requester only (403), on a pending
 * request (400 non_field_errors). Answers the request.
 */
export interface ApprovalWithdrawBody {
  comment?: string;
}

/**
 * `POST /api/projects/{id}/approvals/{rid}/remind/` (an empty object): reminds the approver of a
 * pending request and records a 'reminded' step ("Reminder sent") with who and when. Its requester
 * or who holds APPROVAL_REMIND_FLAG only (403 APPROVAL_MESSAGES.onlyReminder); a decided or
 * withdrawn request is 400 non_field_errors (as the decision's), and so is the approver reminding
 * themselves (APPROVAL_MESSAGES.remindSelf); at most one reminder within
 * APPROVAL_REMINDER_INTERVAL_MS: 400 non_field_errors [remindedRecently, 'Last reminder: {ISO
 * time}.']. Answers the request.
 */
export const lastReminderMessage = (at: string) =>
  `Last reminder: ${at.slice(0, 16).replace('T', ' ')} UTC.`;

/** When the next reminder of `request` may go; null when one may go now. */
export function nextReminderAt(
  request: Pick<ApprovalRequest, 'last_reminded_at'>,
  now = Date.now(),
): string | null {
  if (!request.last_reminded_at) return null;
  const next = Date.parse(request.last_reminded_at) + APPROVAL_REMINDER_INTERVAL_MS;
  return next > now ? new Date(next).toISOString() : null;
}

/**
 * "Approvals waiting on you" across projects (issue 33, `/approvals`): the pending requests whose
 * approver is the caller, of every project whose card they may view, the ones each project's
 * Approvals tab shows in its "Waiting on me" view. My work's approvals group counts exactly these.
 *
 *   GET /api/approvals/?project=&kind=&due=&search=   → WaitingApproval[] (CAN_VIEW_PROJECT_CARD)
 *
 * A plain list, by due date (then id): a person has tens of requests to decide, not thousands.
 * `project` a project id, `kind` one of APPROVAL_KINDS, `due` one of APPROVAL_DUE_FILTERS,
 * `search` matched against the subject, the project's name and code and the requester's name,
 * case-insensitive. A bad value is DRF's 400 on its field.
 */
export const APPROVAL_DUE_FILTERS = ['overdue', 'soon'] as const;
export type ApprovalDueFilter = (typeof APPROVAL_DUE_FILTERS)[number];
/** How many days ahead 'soon' looks (today included, overdue ones not). */
export const APPROVAL_SOON_DAYS = 7;
export const APPROVAL_DUE_FILTER_LABELS: Record<ApprovalDueFilter, string> = {
  overdue: 'Overdue',
  soon: `Due within ${APPROVAL_SOON_DAYS} days`,
};

export interface ApprovalFilters {
  project?: number;
  kind?: ApprovalKind;
  due?: ApprovalDueFilter;
  search?: string;
}

/** The project a waiting request belongs to. */
export interface ApprovalProject {
  id: number;
  name: string;
  /** The project's code on its card (`PRJ-0001`); absent when it has none. */
  code?: string;
}

/** One request waiting on the caller's decision, with its project. */
export interface WaitingApproval {
  id: number;
  project: ApprovalProject;
  kind: ApprovalKind;
  subject: string;
  origin: ApprovalOrigin;
  requester: PersonRef;
  raised_at: string;
  /** `YYYY-MM-DD`. */
  due_by: string;
  /** The requester's comment; empty when none. */
  comment: string;
  /** When the caller was last reminded of it; null when never. */
  last_reminded_at: string | null;
}

/** The in-app address of a request on its project's Approvals tab, in the "Waiting on me" view. */
export const waitingApprovalPath = (projectId: number, requestId: number) =>
  `/projects/${projectId}/approvals?view=mine#approval-${requestId}`;

/** The cross-project list's address (My work's approvals group opens it). */
export const APPROVALS_PATH = '/approvals';
