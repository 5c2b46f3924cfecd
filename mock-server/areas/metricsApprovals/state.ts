import type { MetricSubmission, SubmissionEvent } from '../../../src/api/contract/metricsApprovals';
import type { StoredFileRef } from '../../../src/api/contract/projects';

/** One step of a submission as stored (people by id). */
export type StoredSubmissionEvent = Omit<SubmissionEvent, 'by'> & { by_id: number };

/**
 * A metric value submitted for a month, as stored: of its project, people by id, the evidence
 * without its signed address.
 */
export type StoredMetricSubmission = Omit<
  MetricSubmission,
  'evidence' | 'submitted_by' | 'reviewed_by' | 'history'
> & {
  project_id: number;
  evidence: StoredFileRef | null;
  submitted_by_id: number;
  reviewed_by_id: number | null;
  history: StoredSubmissionEvent[];
};

/** The metrics approvals of the projects (part of MockState). */
export interface MetricsApprovalsState {
  metricSubmissions: StoredMetricSubmission[];
}

declare module '../../store/state' {
  interface AreaStates {
    metricsApprovals: MetricsApprovalsState;
  }
}
