import { NAV_PERMISSIONS } from './permissions';
import { POLL_TYPES, type Poll, type PollStatus, type PollType } from './polls';

/**
 * The checks' rules that the SPA shows and the backend enforces, written once: the mock server
 * applies them to requests, the SPA to what it offers.
 */

/** User-level permissions that open `/checks/configure_new` (spec §6 "create poll" flags). */
export const CREATE_PERMISSIONS = [
  'CAN_CREATE_POLL',
  'CAN_CREATE_SELF_CHECK_POLL',
  'CAN_CREATE_QMO_HEALTH_CHECK_POLL',
] as const;

/** User-level permissions that open the list of checks (spec §6 viewing flag "checks"); any one suffices. */
export const LIST_PERMISSIONS = [NAV_PERMISSIONS.checks, 'CAN_PERFORM_ALL_ACTIONS'] as const;

export function canListChecks(permissions: readonly string[]): boolean {
  return LIST_PERMISSIONS.some((permission) => permissions.includes(permission));
}

/** The check types a user may configure: any with CAN_CREATE_POLL, else the narrower flags' own. */
export function creatableTypes(permissions: readonly string[]): PollType[] {
  if (permissions.includes('CAN_CREATE_POLL')) return [...POLL_TYPES];
  const allowed = new Set<PollType>();
  if (permissions.includes('CAN_CREATE_SELF_CHECK_POLL')) {
    allowed.add('self_check');
    allowed.add('qmo_self_check');
  }
  if (permissions.includes('CAN_CREATE_QMO_HEALTH_CHECK_POLL')) allowed.add('qmo_health_check');
  return POLL_TYPES.filter((type) => allowed.has(type));
}

export type PollActionName =
  | 'start'
  | 'cancel'
  | 'assignExpert'
  | 'changeMainExpert'
  | 'setQcOwnership'
  | 'markInvalid'
  | 'addExtension';

/** A check still being prepared or answered. */
export const OPEN_STATUSES: readonly PollStatus[] = ['new', 'pre_start', 'started', 'expert'];
/** A check not yet finished or canceled. */
export const NOT_CLOSED_STATUSES: readonly PollStatus[] = [
  ...OPEN_STATUSES,
  'supervisor_review',
  'review_completed',
];

/**
 * Each action needs its permission on the poll and a status that allows it. Start and cancel
 * statuses are the product's; the others keep people and dates editable while the check is open.
 * The spec names no permission for changing the main expert: assigning experts covers it.
 */
export const ACTION_RULES: Record<
  PollActionName,
  { permission: string; statuses: readonly PollStatus[] }
> = {
  start: { permission: 'CAN_START_CHECK', statuses: ['new', 'pre_start'] },
  cancel: { permission: 'CAN_CANCEL_CHECK', statuses: OPEN_STATUSES },
  assignExpert: { permission: 'CAN_ASSIGN_EXPERT', statuses: OPEN_STATUSES },
  changeMainExpert: { permission: 'CAN_ASSIGN_EXPERT', statuses: OPEN_STATUSES },
  setQcOwnership: { permission: 'CAN_SET_QC_OWNERSHIP', statuses: NOT_CLOSED_STATUSES },
  markInvalid: { permission: 'CAN_MARK_INVALID', statuses: [...NOT_CLOSED_STATUSES, 'finished'] },
  addExtension: { permission: 'CAN_SET_POLL_EXTENSION', statuses: OPEN_STATUSES },
};

/** Whether this poll, as its `user_permissions` and status stand, allows the action. */
export function canDo(
  poll: Pick<Poll, 'status' | 'user_permissions' | 'is_invalid'>,
  action: PollActionName,
): boolean {
  const rule = ACTION_RULES[action];
  if (action === 'markInvalid' && poll.is_invalid) return false;
  return poll.user_permissions.includes(rule.permission) && rule.statuses.includes(poll.status);
}

/** The longest texts the survey accepts, in characters. */
export const SURVEY_TEXT_LIMITS = {
  /** A reply's comment and the survey feedback's comment. */
  comment: 2000,
  /** A summary section, a supervisor comment and a comment on the audit report. */
  longText: 5000,
  outcomeTitle: 200,
  outcomeDescription: 2000,
} as const;

/** The longest reason of a check's cancel, invalid mark and extension, in characters. */
export const CHECK_ACTION_LIMITS = { reason: 500 } as const;
