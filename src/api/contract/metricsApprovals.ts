/**
 * Metrics approvals of a project (issue 14, the card's Metrics approvals tab; spec §5 "metrics
 * upload", §6 "metrics approval (view, create, edit)"). Spec §7 says the project calls are "not
 * shown": these are the calls this product designs, DRF-style. The SPA, the mock server and the
 * pact tests import them.
 *
 * A submission is one metric's value for one month with its evidence (exactly one file). It is
 * made in two calls: the fields as JSON (a draft, "awaiting evidence", seen only by its
 * submitter's tab as such), then the evidence file, whose upload is what submits it: a submission
 * without evidence never reaches 'submitted'. A reviewer approves it or returns it with a comment;
 * its submitter may change a returned one and resubmit it with new evidence. Viewing needs
 * CAN_VIEW_METRICS_APPROVAL, submitting CAN_CREATE_METRICS_APPROVAL, reviewing
 * CAN_EDIT_METRICS_APPROVAL (never one's own submission).
 */
import type { PersonRef } from './actionRequests';
import type { ProjectFile } from './projects';
import { ATTACHMENT_MAX_BYTES, type UploadRule } from './risks';

export const METRICS_VIEW_FLAG = 'CAN_VIEW_METRICS_APPROVAL';
export const METRICS_CREATE_FLAG = 'CAN_CREATE_METRICS_APPROVAL';
export const METRICS_EDIT_FLAG = 'CAN_EDIT_METRICS_APPROVAL';

/** The catalogue of metrics a project reports each month. */
export const APPROVAL_METRICS = [
  'csat',
  'on_time_delivery',
  'defect_leakage',
  'utilisation',
  'velocity_predictability',
  'escaped_incidents',
] as const;
export type ApprovalMetric = (typeof APPROVAL_METRICS)[number];

export interface ApprovalMetricInfo {
  label: string;
  /** As shown after the value: '%', 'score 1–5', 'incidents'. */
  unit: string;
  min: number;
  max: number;
  /** Decimal places a value may have. */
  decimals: number;
}

export const APPROVAL_METRIC_INFO: Record<ApprovalMetric, ApprovalMetricInfo> = {
  csat: { label: 'Customer satisfaction', unit: 'score 1–5', min: 1, max: 5, decimals: 2 },
  on_time_delivery: { label: 'On-time delivery', unit: '%', min: 0, max: 100, decimals: 2 },
  defect_leakage: { label: 'Defect leakage', unit: '%', min: 0, max: 100, decimals: 2 },
  utilisation: { label: 'Utilisation', unit: '%', min: 0, max: 150, decimals: 2 },
  velocity_predictability: {
    label: 'Velocity predictability',
    unit: '%',
    min: 0,
    max: 200,
    decimals: 2,
  },
  escaped_incidents: {
    label: 'Production incidents',
    unit: 'incidents',
    min: 0,
    max: 999,
    decimals: 0,
  },
};

/** 'draft' is a submission whose evidence is not uploaded yet. */
export const SUBMISSION_STATES = ['draft', 'submitted', 'approved', 'returned'] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];
export const SUBMISSION_STATE_LABELS: Record<SubmissionState, string> = {
  draft: 'Awaiting evidence',
  submitted: 'Submitted',
  approved: 'Approved',
  returned: 'Returned',
};

export const SUBMISSION_EVENTS = ['submitted', 'returned', 'resubmitted', 'approved'] as const;
export type SubmissionEventKind = (typeof SUBMISSION_EVENTS)[number];
export const SUBMISSION_EVENT_LABELS: Record<SubmissionEventKind, string> = {
  submitted: 'Submitted',
  returned: 'Returned',
  resubmitted: 'Resubmitted',
  approved: 'Approved',
};

/** Spec §9 text limits: a submission's and a decision's comments. */
export const METRICS_LIMITS = { comment: 200, decision_comment: 200 } as const;

/** Spec §5 metrics upload: exactly one file of up to 50 MB, jpeg, jpg, png, eml or msg. */
export const METRICS_UPLOAD = {
  maxFiles: 1,
  maxBytes: ATTACHMENT_MAX_BYTES,
  extensions: ['jpeg', 'jpg', 'png', 'eml', 'msg'],
} as const satisfies UploadRule;

/** A month as the API writes it. */
export const PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The server's messages the SPA shows as they are. */
export const METRICS_MESSAGES = {
  /** On `period`: a month in the future. */
  futurePeriod: 'The period cannot be a month still to come.',
  /** On `period`: the metric already has a submission for the month (one not returned). */
  duplicate: 'This metric already has a submission for this period.',
  /** On `value`. */
  valueRange: (metric: ApprovalMetric) => {
    const { min, max, decimals } = APPROVAL_METRIC_INFO[metric];
    return `Enter a value from ${min} to ${max}${decimals === 0 ? ', a whole number' : ` with at most ${decimals} decimals`}.`;
  },
  /** 403: only the submitter changes and resubmits a submission. */
  notSubmitter: 'Only the person who submitted this value may change or resubmit it.',
  /** 403: a reviewer may not decide on their own submission. */
  ownSubmission: 'You cannot approve or return a metric value you submitted yourself.',
  /** 400 non_field_errors: the state does not allow the step. */
  notEditable: 'Only a submission awaiting evidence or returned can be changed.',
  notSubmitted: 'Only a submitted value can be approved or returned.',
  /** On `comment` of a return. */
  returnComment: 'Say why the value is returned.',
} as const;

/** One step of a submission's life, oldest first. */
export interface SubmissionEvent {
  kind: SubmissionEventKind;
  by: PersonRef;
  at: string;
  /** The value submitted (submitted, resubmitted) or decided on. */
  value: number;
  /** The submitter's comment, or the reviewer's. */
  comment: string;
}

/** `GET /api/projects/{id}/metric-submissions/`: newest period first, then by metric. */
export interface MetricSubmission {
  id: number;
  metric: ApprovalMetric;
  /** `YYYY-MM`. */
  period: string;
  value: number;
  /** The submitter's comment; empty when none was given. */
  comment: string;
  /** The one file of evidence, with a download address signed for the caller; null in a draft. */
  evidence: ProjectFile | null;
  state: SubmissionState;
  submitted_by: PersonRef;
  /** When it was last submitted; null in a draft. */
  submitted_at: string | null;
  /** The last decision; null until one is taken. */
  reviewed_by: PersonRef | null;
  reviewed_at: string | null;
  decision_comment: string;
  history: SubmissionEvent[];
}

/**
 * `POST /api/projects/{id}/metric-submissions/` (CAN_CREATE_METRICS_APPROVAL): answers the draft,
 * 201. Then `POST …/{sid}/evidence/` as multipart `files`, one file under METRICS_UPLOAD, by its
 * submitter, on a draft or a returned submission: answers it submitted (201); a refused upload
 * stores nothing (400 `{files: [FILE_ERROR]}`).
 */
export interface NewMetricSubmission {
  metric: ApprovalMetric;
  period: string;
  value: number;
  comment?: string;
}

/**
 * `PATCH /api/projects/{id}/metric-submissions/{sid}/` (CAN_CREATE_METRICS_APPROVAL, its
 * submitter, a draft or returned one): the value and the comment; the evidence upload then
 * (re)submits it.
 */
export interface MetricSubmissionPatch {
  value?: number;
  comment?: string;
}

/**
 * `POST /api/projects/{id}/metric-submissions/{sid}/decision/` (CAN_EDIT_METRICS_APPROVAL, not
 * its submitter) on a submitted value: approve, or return with a comment. Answers the submission.
 */
export interface MetricDecision {
  decision: 'approve' | 'return';
  /** Required to return. */
  comment?: string;
}

/** `82.5` → '82.5%', `4.6` → '4.6 (score 1–5)', `3` → '3 incidents'. */
export function formatMetricValue(metric: ApprovalMetric, value: number): string {
  const { unit, decimals } = APPROVAL_METRIC_INFO[metric];
  const number = value.toLocaleString('en-US', { maximumFractionDigits: decimals });
  if (unit === '%') return `${number}%`;
  if (unit === 'incidents') return `${number} ${value === 1 ? 'incident' : 'incidents'}`;
  return `${number} (${unit})`;
}

/** '2026-10' → 'October 2026'. */
export function formatPeriod(period: string): string {
  const [year, month] = period.split('-').map(Number);
  if (!year || !month) return period;
  return new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Is `value` a value `metric` takes (range and decimals)? */
export function metricValueAllowed(metric: ApprovalMetric, value: number): boolean {
  const { min, max, decimals } = APPROVAL_METRIC_INFO[metric];
  if (!Number.isFinite(value) || value < min || value > max) return false;
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}
