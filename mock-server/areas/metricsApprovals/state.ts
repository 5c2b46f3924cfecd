import type {
  ApprovalMetric,
  SubmissionEventKind,
  SubmissionState,
} from '../../../src/api/contract/metricsApprovals';
import type { StoredFileRef } from '../../../src/api/contract/projects';

/** One step of a submission as stored (people by id). */
export interface StoredSubmissionEvent {
  kind: SubmissionEventKind;
  by_id: number;
  at: string;
  value: number;
  comment: string;
}

/** A metric value submitted for a month, as stored (the evidence without its signed address). */
export interface StoredMetricSubmission {
  id: number;
  project_id: number;
  metric: ApprovalMetric;
  period: string;
  value: number;
  comment: string;
  evidence: StoredFileRef | null;
  state: SubmissionState;
  submitted_by_id: number;
  submitted_at: string | null;
  reviewed_by_id: number | null;
  reviewed_at: string | null;
  decision_comment: string;
  history: StoredSubmissionEvent[];
}

/** The metrics approvals of the projects (part of MockState). */
export interface MetricsApprovalsState {
  metricSubmissions: StoredMetricSubmission[];
}
