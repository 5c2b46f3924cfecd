import type {
  ApprovalEventKind,
  ApprovalKind,
  ApprovalOrigin,
  ApprovalState,
} from '../../../src/api/contract/approvals';

/** One step of a request's life as stored. */
export interface StoredApprovalEvent {
  event: ApprovalEventKind;
  at: string;
  by_id: number;
  comment: string;
}

/** A request of a project's Approvals tab as stored. */
export interface StoredApprovalRequest {
  id: number;
  project_id: number;
  kind: ApprovalKind;
  subject: string;
  origin: ApprovalOrigin;
  requester_id: number;
  approver_id: number;
  state: ApprovalState;
  raised_at: string;
  due_by: string;
  comment: string;
  decision_comment: string;
  decided_at: string | null;
  history: StoredApprovalEvent[];
}

/** The approval requests of the projects (part of MockState). */
export interface ApprovalsState {
  approvalRequests: StoredApprovalRequest[];
}
