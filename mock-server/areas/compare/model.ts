import { COMPARABLE_STATUSES, type ComparableChecks } from '../../../src/api/contract/compare';
import type { PollStatus } from '../../../src/api/contract/polls';
import type { Persona } from '../../auth/personas';
import type { MockState } from '../../store/state';
import type { StoredPoll } from '../checks/state';
import { canSee, checkRefOf, latestDueFirst, pollPermissions } from '../checks/model';

const RESULTS = 'CAN_VIEW_POLL_RESULTS_PAGE';

/**
 * What each check may be compared with, for one user: the other checks of its project and model
 * in a comparable status whose results they may see (latest due first), the default (the latest
 * due before it) and whether its project manager and experts may be compared. The projects'
 * checks are grouped once, so that a page of `/summary` asks it for every row at little cost.
 */
export function comparisonsFor(state: MockState, persona: Persona) {
  const byProject = new Map<number, StoredPoll[]>();
  for (const poll of state.polls) {
    if (!isComparable(poll) || !canSee(persona, poll)) continue;
    if (!pollPermissions(persona, poll).includes(RESULTS)) continue;
    const list = byProject.get(poll.project_id) ?? [];
    list.push(poll);
    byProject.set(poll.project_id, list);
  }
  for (const list of byProject.values()) list.sort(latestDueFirst);

  return (poll: StoredPoll): ComparableChecks => {
    const others = (byProject.get(poll.project_id) ?? []).filter(
      (other) => other.id !== poll.id && other.model === poll.model,
    );
    const previous = others.find((other) => other.due_date < poll.due_date) ?? null;
    return {
      poll_id: poll.id,
      checks: others.map(checkRefOf),
      previous_id: previous?.id ?? null,
      roles: isComparable(poll) && hasBothRoles(poll),
    };
  };
}

const isComparable = (poll: StoredPoll) =>
  (COMPARABLE_STATUSES as readonly PollStatus[]).includes(poll.status);

const hasBothRoles = (poll: StoredPoll) =>
  poll.participants.some((participant) => participant.role === 'pm') &&
  poll.participants.some(
    (participant) => participant.role === 'exp' || participant.role === 'main_expert',
  );
