import {
  ACTION_REQUEST_DECISIONS,
  type ActionRequestStatus,
} from '../../../src/api/contract/actionRequests';
import type { MockState } from '../../store/state';

/** The statuses a request can have: the `status` filter's choices. */
export const ACTION_REQUEST_STATUSES: readonly ActionRequestStatus[] = [
  'pending',
  ...ACTION_REQUEST_DECISIONS,
];

/** The longest comment a decision may carry. */
export const MAX_DECISION_COMMENT = 200;

/** The pending risk action requests a user holds: the header's 'Actions' count. */
export function pendingActionRequests(state: MockState, userId: number): number {
  return state.actionRequests.filter(
    (request) => request.recipient.id === userId && request.status === 'pending',
  ).length;
}
