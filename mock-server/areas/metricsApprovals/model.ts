import type { MetricSubmission } from '../../../src/api/contract/metricsApprovals';
import type { ProjectFile, StoredFileRef } from '../../../src/api/contract/projects';
import type { DownloadSigner } from '../../lib/downloadSigner';
import { nextFileId, signedFileBody } from '../../lib/files';
import type { MockState } from '../../store/state';
import type { StoredMetricSubmission } from './state';
import { personOf } from '../../lib/people';

export type { MetricsApprovalsState, StoredMetricSubmission } from './state';

/**
 * Ids of evidence files: the seed's between the two bases (their bytes are generated from their
 * names), uploads above the second (their bytes in the attachment store).
 */
export const METRIC_FILE_SEED_BASE = 4_000_000;
export const METRIC_FILE_UPLOAD_BASE = 4_500_000;

/** The next id for an uploaded evidence file. */
export function nextMetricFileId(state: Pick<MockState, 'metricSubmissions'>): number {
  const ids = state.metricSubmissions.flatMap((row) => (row.evidence ? [row.evidence.id] : []));
  return nextFileId(METRIC_FILE_UPLOAD_BASE, ids);
}

/** An evidence file with its download address signed for the caller. */
export function evidenceBody(
  signer: DownloadSigner,
  file: StoredFileRef,
  userId: number,
): ProjectFile {
  return signedFileBody(signer, file, userId, '/api/metric-evidence');
}

export function toSubmission(
  state: MockState,
  stored: StoredMetricSubmission,
  signer: DownloadSigner,
  userId: number,
): MetricSubmission {
  return {
    id: stored.id,
    metric: stored.metric,
    period: stored.period,
    value: stored.value,
    comment: stored.comment,
    evidence: stored.evidence && evidenceBody(signer, stored.evidence, userId),
    state: stored.state,
    submitted_by: personOf(state, stored.submitted_by_id),
    submitted_at: stored.submitted_at,
    reviewed_by: stored.reviewed_by_id === null ? null : personOf(state, stored.reviewed_by_id),
    reviewed_at: stored.reviewed_at,
    decision_comment: stored.decision_comment,
    history: stored.history.map((event) => ({
      kind: event.kind,
      by: personOf(state, event.by_id),
      at: event.at,
      value: event.value,
      comment: event.comment,
    })),
  };
}

/**
 * The project's submissions, newest period first, then by metric and id. A draft shows only to
 * its submitter: to everyone else it is not submitted yet.
 */
export const projectSubmissions = (
  state: MockState,
  projectId: number,
  signer: DownloadSigner,
  userId: number,
): MetricSubmission[] =>
  state.metricSubmissions
    .filter(
      (row) =>
        row.project_id === projectId && (row.state !== 'draft' || row.submitted_by_id === userId),
    )
    .sort(
      (a, b) => b.period.localeCompare(a.period) || a.metric.localeCompare(b.metric) || a.id - b.id,
    )
    .map((row) => toSubmission(state, row, signer, userId));
