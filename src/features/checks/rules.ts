import { POLL_TYPES, type Poll, type PollStatus, type PollType } from '../../api/contract/polls';

/** User-level permissions that open `/checks/configure_new` (spec §6 "create poll" flags). */
export const CREATE_PERMISSIONS = [
  'CAN_CREATE_POLL',
  'CAN_CREATE_SELF_CHECK_POLL',
  'CAN_CREATE_QMO_HEALTH_CHECK_POLL',
] as const;

export const canConfigureChecks = (permissions: readonly string[] = []) =>
  CREATE_PERMISSIONS.some((permission) => permissions.includes(permission));

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
const OPEN: readonly PollStatus[] = ['new', 'pre_start', 'started', 'expert'];
const NOT_CLOSED: readonly PollStatus[] = [...OPEN, 'supervisor_review', 'review_completed'];

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
  cancel: { permission: 'CAN_CANCEL_CHECK', statuses: OPEN },
  assignExpert: { permission: 'CAN_ASSIGN_EXPERT', statuses: OPEN },
  changeMainExpert: { permission: 'CAN_ASSIGN_EXPERT', statuses: OPEN },
  setQcOwnership: { permission: 'CAN_SET_QC_OWNERSHIP', statuses: NOT_CLOSED },
  markInvalid: { permission: 'CAN_MARK_INVALID', statuses: [...NOT_CLOSED, 'finished'] },
  addExtension: { permission: 'CAN_SET_POLL_EXTENSION', statuses: OPEN },
};

export function canDo(
  poll: Pick<Poll, 'status' | 'user_permissions' | 'is_invalid'>,
  action: PollActionName,
): boolean {
  const rule = ACTION_RULES[action];
  if (action === 'markInvalid' && poll.is_invalid) return false;
  return poll.user_permissions.includes(rule.permission) && rule.statuses.includes(poll.status);
}

/** Statuses in which participants work in the survey. */
const SURVEY_STATUSES: readonly PollStatus[] = ['started', 'expert', 'supervisor_review'];
export const RESULTS_PERMISSION = 'CAN_VIEW_POLL_RESULTS_PAGE';

/** Where the check's survey and results live, and whether this user may go there. */
export function surveyLinks(poll: Pick<Poll, 'id' | 'type' | 'status' | 'user_permissions'>) {
  const base = `/${poll.type === 'audit_check' ? 'audit-survey' : 'survey'}/${poll.id}`;
  const seesResults = poll.user_permissions.includes(RESULTS_PERMISSION);
  // The survey's own index route sends a user without project details to the first driver.
  const start =
    poll.type !== 'audit_check' && poll.user_permissions.includes('CAN_VIEW_PROJECT_DETAILS')
      ? `${base}/overview`
      : base;
  return {
    survey: SURVEY_STATUSES.includes(poll.status) || seesResults ? start : null,
    results: seesResults ? `${base}/results` : null,
  };
}
