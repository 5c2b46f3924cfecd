import type { ApprovalEvent, ApprovalRequest } from '../../../src/api/contract/approvals';

/** One step of a request's life as stored (its person by id). */
export type StoredApprovalEvent = Omit<ApprovalEvent, 'by'> & { by_id: number };

/**
 * A request of a project's Approvals tab as stored: its people by id, its decision in two fields,
 * its history by id; what the caller may do with it is worked out for each caller.
 */
export type StoredApprovalRequest = Pick<
  ApprovalRequest,
  'id' | 'kind' | 'subject' | 'origin' | 'state' | 'raised_at' | 'due_by' | 'comment'
> & {
  project_id: number;
  requester_id: number;
  approver_id: number;
  decision_comment: string;
  decided_at: string | null;
  history: StoredApprovalEvent[];
};

/** The approval requests of the projects (part of MockState). */
export interface ApprovalsState {
  approvalRequests: StoredApprovalRequest[];
}

declare module '../../store/state' {
  interface AreaStates {
    approvals: ApprovalsState;
  }
}
