import type { Poll } from '../../api/contract/polls';

/** The route of the comparison: `?left=` the check, `?right=` the other one, or `?mode=roles`. */
export const COMPARE_PATH = '/checks/compare';

/** A link to the comparison of a check: with its default other check, another one, or its roles. */
export function comparePath(left: number, target?: { right: number } | 'roles'): string {
  const params = new URLSearchParams({ left: String(left) });
  if (target === 'roles') params.set('mode', 'roles');
  else if (target) params.set('right', String(target.right));
  return `${COMPARE_PATH}?${params.toString()}`;
}

/** The check's results step (audits live under `/audit-survey`). */
export const resultsPath = (poll: Pick<Poll, 'id' | 'type'>) =>
  `/${poll.type === 'audit_check' ? 'audit-survey' : 'survey'}/${poll.id}/results`;
