import { POLL_TYPE_LABELS } from '../../../src/api/contract/pollLabels';
import type { AuditOutcome } from '../../../src/api/contract/polls';
import type { Persona } from '../../auth/personas';
import { personOf } from '../../lib/people';
import type { MockState } from '../../store/state';
import { canSee, pollPermissions } from '../checks/model';
import type { StoredPoll } from '../checks/state';
import type { StoredOutcome } from './state';

/** A check's name as lists and histories show it: its type and index ("Audit check AUD_10"). */
export const checkName = (poll: Pick<StoredPoll, 'type' | 'index'>) =>
  `${POLL_TYPE_LABELS[poll.type]} ${poll.index}`;

/** May this persona open the audit's findings page? */
export const seesOutcomes = (persona: Persona, poll: StoredPoll) =>
  canSee(persona, poll) && pollPermissions(persona, poll).includes('CAN_VIEW_POLL_OUTCOMES');

/**
 * Is this finding an action item this persona sees? One with a corrective action, of an audit
 * whose report is approved, which the persona sees with its outcomes or whose action they own.
 */
export function seesFindingAction(
  persona: Persona,
  poll: StoredPoll,
  outcome: StoredOutcome,
): boolean {
  return (
    outcome.owner_id !== null &&
    poll.type === 'audit_check' &&
    poll.status === 'review_completed' &&
    (outcome.owner_id === persona.userId || seesOutcomes(persona, poll))
  );
}

/** A finding as the API gives it: the owner of its corrective action as a person. */
export function toOutcome(
  state: MockState,
  { poll_id: _poll, owner_id, ...outcome }: StoredOutcome,
): AuditOutcome {
  return { ...outcome, owner: owner_id === null ? null : personOf(state, owner_id) };
}
