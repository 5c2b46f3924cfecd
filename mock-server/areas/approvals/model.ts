import {
  APPROVAL_MESSAGES,
  APPROVAL_REMIND_FLAG,
  type ApprovalRequest,
  type WaitingApproval,
} from '../../../src/api/contract/approvals';
import { PROJECT_CARD_FLAG } from '../../../src/api/contract/projects';
import { detailsOf } from '../projects/model';
import { drfAnswer, type MockAnswer, type SignedInUser } from '../../lib/http';
import { personOf } from '../../lib/people';
import type { MockState } from '../../store/state';
import type { StoredApprovalRequest } from './state';

export type { ApprovalsState, StoredApprovalEvent, StoredApprovalRequest } from './state';

type Persona = SignedInUser['persona'];

/** The steps a user takes on one request: `POST …/approvals/{rid}/{step}/`. */
export type ApprovalStep = 'decision' | 'withdraw' | 'remind';

const notPending = (message: string) => drfAnswer.badRequest({ non_field_errors: [message] });

/** A decided or withdrawn request takes no decision and no reminder. */
const unlessPending = (request: StoredApprovalRequest): MockAnswer | null =>
  request.state === 'pending'
    ? null
    : notPending(
        request.state === 'withdrawn' ? APPROVAL_MESSAGES.withdrawn : APPROVAL_MESSAGES.decided,
      );

/**
 * Who may take each step on a request, the one place the rule is written: DRF's 403 or 400 the
 * step is refused with, in the order the view checks them; null when `persona` may take it. The
 * list tells each caller the same (`can_decide`, `can_withdraw`, `can_remind`). A reminder is
 * besides at most one a day (the route checks `nextReminderAt`).
 */
export const STEP_REFUSALS: Record<
  ApprovalStep,
  (persona: Persona, request: StoredApprovalRequest) => MockAnswer | null
> = {
  decision: (persona, request) =>
    request.approver_id !== persona.userId
      ? drfAnswer.forbidden(APPROVAL_MESSAGES.onlyApprover)
      : unlessPending(request),
  withdraw: (persona, request) =>
    request.requester_id !== persona.userId
      ? drfAnswer.forbidden(APPROVAL_MESSAGES.onlyRequester)
      : request.state === 'pending'
        ? null
        : notPending(APPROVAL_MESSAGES.notPending),
  remind: (persona, request) => {
    if (
      request.requester_id !== persona.userId &&
      !persona.permissions.includes(APPROVAL_REMIND_FLAG)
    )
      return drfAnswer.forbidden(APPROVAL_MESSAGES.onlyReminder);
    return (
      unlessPending(request) ??
      (request.approver_id === persona.userId ? notPending(APPROVAL_MESSAGES.remindSelf) : null)
    );
  },
};

const may = (step: ApprovalStep, persona: Persona, request: StoredApprovalRequest) =>
  STEP_REFUSALS[step](persona, request) === null;

/** A request as `persona` gets it: with what they may do with it. */
export function toApprovalRequest(
  state: MockState,
  stored: StoredApprovalRequest,
  persona: Persona,
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
    can_decide: may('decision', persona, stored),
    can_withdraw: may('withdraw', persona, stored),
    can_remind: may('remind', persona, stored),
  };
}

/** The time of the request's last 'reminded' step; null when never. */
export const lastReminded = (stored: StoredApprovalRequest): string | null =>
  stored.history.findLast((event) => event.event === 'reminded')?.at ?? null;

/** A project's requests as `persona` gets them, newest raised first. */
export const projectApprovals = (state: MockState, projectId: number, persona: Persona) =>
  state.approvalRequests
    .filter((row) => row.project_id === projectId)
    .sort((a, b) => b.raised_at.localeCompare(a.raised_at) || b.id - a.id)
    .map((row) => toApprovalRequest(state, row, persona));

/**
 * The requests waiting on `persona`'s decision across projects, by due date (then id): pending,
 * `persona` their approver, of a project whose card `persona` may view. The one rule of
 * `GET /api/approvals/`, of each Approvals tab's "Waiting on me" view and of My work's group.
 */
export function approvalsWaitingOn(state: MockState, persona: Persona): WaitingApproval[] {
  if (!persona.permissions.includes(PROJECT_CARD_FLAG)) return [];
  const projects = new Map(state.projects.map((project) => [project.id, project]));
  return state.approvalRequests
    .filter(
      (row) =>
        projects.has(row.project_id) &&
        detailsOf(state, row.project_id) !== undefined &&
        may('decision', persona, row),
    )
    .sort((a, b) => a.due_by.localeCompare(b.due_by) || a.id - b.id)
    .map((row): WaitingApproval => {
      const code = detailsOf(state, row.project_id)?.code;
      return {
        id: row.id,
        project: {
          id: row.project_id,
          name: projects.get(row.project_id)!.name,
          ...(code ? { code } : {}),
        },
        kind: row.kind,
        subject: row.subject,
        origin: row.origin,
        requester: personOf(state, row.requester_id),
        raised_at: row.raised_at,
        due_by: row.due_by,
        comment: row.comment,
        last_reminded_at: lastReminded(row),
      };
    });
}
