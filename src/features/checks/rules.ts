import { CREATE_PERMISSIONS } from '../../api/contract/pollRules';
import type { Poll, PollStatus } from '../../api/contract/polls';

export { canDo, creatableTypes, type PollActionName } from '../../api/contract/pollRules';

export const canConfigureChecks = (permissions: readonly string[] = []) =>
  CREATE_PERMISSIONS.some((permission) => permissions.includes(permission));

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
