import type { ApprovalRequest } from '../../../src/api/contract/approvals';
import type { MockState } from '../../store/state';
import type { StoredApprovalRequest } from './state';
import { personOf } from '../../lib/people';

export type { ApprovalsState, StoredApprovalEvent, StoredApprovalRequest } from './state';

export function toApprovalRequest(
  state: MockState,
  stored: StoredApprovalRequest,
): ApprovalRequest {
  const decided = stored.state === 'approved' || stored.state === 'rejected';
  return {
    id: stored.id,
    kind: stored.kind,
    subject: stored.subject,
    origin: stored.origin,
    requester: personOf(state, stored.requester_id),
    approver: personOf(state, stored.approver_id),
    state: stored.state,
    raised_at: stored.raised_at,
    due_by: stored.due_by,
    comment: stored.comment,
    decision:
      decided && stored.decided_at
        ? {
            outcome: stored.state as 'approved' | 'rejected',
            comment: stored.decision_comment,
            decided_at: stored.decided_at,
            decided_by: personOf(state, stored.approver_id),
          }
        : null,
    history: stored.history.map((event) => ({
      event: event.event,
      at: event.at,
      by: personOf(state, event.by_id),
      comment: event.comment,
    })),
    last_reminded_at: lastReminded(stored),
  };
}

/** The time of the request's last 'reminded' step; null when never. */
export const lastReminded = (stored: StoredApprovalRequest): string | null =>
  stored.history.findLast((event) => event.event === 'reminded')?.at ?? null;

/** A project's requests, newest raised first. */
export const projectApprovals = (state: MockState, projectId: number) =>
  state.approvalRequests
    .filter((row) => row.project_id === projectId)
    .sort((a, b) => b.raised_at.localeCompare(a.raised_at) || b.id - a.id)
    .map((row) => toApprovalRequest(state, row));
