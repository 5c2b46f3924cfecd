/**
 * Delivery targets (spec §1 "targets", §2 the card's Targets tab, §6 the flags for targets,
 * account targets and account project targets). Spec §7 says the project calls are "not shown":
 * these are the calls this product designs, DRF-style. The SPA, the mock server and the pact
 * tests all import these types and rules.
 *
 * A target names a metric of a fixed catalogue, a period (a calendar quarter, `2026-Q4`), the
 * planned value and, once known, the actual one. Its status compares the two the way the metric
 * reads: for most more is better, for budget variance, defect leakage and attrition less is.
 */
import type { PersonRef } from './actionRequests';

export const TARGET_METRICS = [
  'csat',
  'on_time_delivery',
  'budget_variance',
  'defect_leakage',
  'team_attrition',
  'gross_margin',
] as const;
export type TargetMetric = (typeof TARGET_METRICS)[number];

export interface TargetMetricInfo {
  label: string;
  unit: string;
  /** Which way is better: a higher value or a lower one. */
  better: 'higher' | 'lower';
  /** The values the metric can take. */
  min: number;
  max: number;
  /**
   * How far on the wrong side of the planned value (in the metric's unit) an actual value is
   * still 'at risk'; beyond it the target is 'off track'.
   */
  tolerance: number;
}

export const TARGET_METRIC_INFO: Record<TargetMetric, TargetMetricInfo> = {
  csat: {
    label: 'Customer satisfaction (CSAT)',
    unit: 'score 1–5',
    better: 'higher',
    min: 1,
    max: 5,
    tolerance: 0.2,
  },
  on_time_delivery: {
    label: 'On-time delivery %',
    unit: '%',
    better: 'higher',
    min: 0,
    max: 100,
    tolerance: 5,
  },
  budget_variance: {
    label: 'Budget variance %',
    unit: '%',
    better: 'lower',
    min: -100,
    max: 100,
    tolerance: 3,
  },
  defect_leakage: {
    label: 'Defect leakage %',
    unit: '%',
    better: 'lower',
    min: 0,
    max: 100,
    tolerance: 2,
  },
  team_attrition: {
    label: 'Team attrition %',
    unit: '%',
    better: 'lower',
    min: 0,
    max: 100,
    tolerance: 3,
  },
  gross_margin: {
    label: 'Gross margin %',
    unit: '%',
    better: 'higher',
    min: -100,
    max: 100,
    tolerance: 3,
  },
};

/** Values keep at most this many decimal places. */
export const TARGET_DECIMALS = 2;

/**
 * Whose target it is: the project's own, the account's target for this project (set by the
 * account), or the account's own (shown on the account page).
 */
export const TARGET_KINDS = ['project', 'account_project', 'account'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];
/** The kinds a project's Targets tab holds. */
export const PROJECT_TARGET_KINDS = ['project', 'account_project'] as const;
export type ProjectTargetKind = (typeof PROJECT_TARGET_KINDS)[number];

export const TARGET_KIND_LABELS: Record<TargetKind, string> = {
  project: 'Project targets',
  account_project: 'Account targets for this project',
  account: 'Account targets',
};

/** One target of the kind, as History and messages name it. */
export const TARGET_KIND_NOUNS: Record<TargetKind, string> = {
  project: 'Project target',
  account_project: 'Account project target',
  account: 'Account target',
};

/** The flag each kind is added, changed and deleted with (a 403 names it). */
export const TARGET_EDIT_FLAGS: Record<TargetKind, string> = {
  project: 'CAN_EDIT_TARGETS',
  account_project: 'CAN_EDIT_ACCOUNT_PROJECT_TARGETS',
  account: 'CAN_EDIT_ACCOUNT_TARGETS',
};

/** Reading an account's targets needs one of these (the card's viewers see account targets). */
export const ACCOUNT_TARGETS_VIEW_FLAGS = [
  'CAN_VIEW_PROJECT_CARD',
  'CAN_VIEW_ACCOUNT_TAB',
] as const;

export const TARGET_STATUSES = ['on_track', 'at_risk', 'off_track', 'no_actual'] as const;
export type TargetStatus = (typeof TARGET_STATUSES)[number];
export const TARGET_STATUS_LABELS: Record<TargetStatus, string> = {
  on_track: 'On track',
  at_risk: 'At risk',
  off_track: 'Off track',
  no_actual: 'No actual yet',
};

/** A period is a calendar quarter: `2026-Q4`. */
export const PERIOD_PATTERN = /^(\d{4})-Q([1-4])$/;
export const PERIOD_YEARS = { min: 2000, max: 2099 } as const;
export const PERIOD_MESSAGE = 'Enter the period as a quarter, for example 2026-Q4.';

export function isPeriod(value: string): boolean {
  const match = PERIOD_PATTERN.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  return year >= PERIOD_YEARS.min && year <= PERIOD_YEARS.max;
}

/** The quarter a day falls in: `2026-Q4` for November 25, 2026 (the local calendar). */
export function periodOf(day: Date): string {
  return `${day.getFullYear()}-Q${Math.floor(day.getMonth() / 3) + 1}`;
}

/**
 * The target's status: with no actual value yet 'no_actual'; else how far the actual value is on
 * the wrong side of the planned one (below it where more is better, above it where less is):
 * not at all 'on_track', within the metric's tolerance 'at_risk', further 'off_track'.
 */
export function targetStatus(
  metric: TargetMetric,
  planned: number,
  actual: number | null,
): TargetStatus {
  if (actual === null) return 'no_actual';
  const { better, tolerance } = TARGET_METRIC_INFO[metric];
  const shortfall = better === 'higher' ? planned - actual : actual - planned;
  // Rounded to the values' own precision, so that 0.1 + 0.2 is not a shortfall.
  const gap = Math.round(shortfall * 10 ** TARGET_DECIMALS) / 10 ** TARGET_DECIMALS;
  if (gap <= 0) return 'on_track';
  return gap <= tolerance ? 'at_risk' : 'off_track';
}

/** `GET /api/projects/{id}/targets/` and `GET /api/accounts/{id}/targets/`: one row each. */
export interface Target {
  id: number;
  kind: TargetKind;
  metric: TargetMetric;
  /** A quarter: `2026-Q4`. */
  period: string;
  planned: number;
  actual: number | null;
  status: TargetStatus;
  updated_at: string;
  updated_by: PersonRef;
}

/**
 * `POST /api/accounts/{id}/targets/` (CAN_EDIT_ACCOUNT_TARGETS). A metric is set once per period:
 * a second one is a 400 on `period`.
 */
export interface NewTarget {
  metric: TargetMetric;
  period: string;
  planned: number;
  actual?: number | null;
}

/**
 * `POST /api/projects/{id}/targets/`: the kind decides the flag (TARGET_EDIT_FLAGS): a project
 * target CAN_EDIT_TARGETS, the account's target for the project CAN_EDIT_ACCOUNT_PROJECT_TARGETS.
 */
export interface NewProjectTarget extends NewTarget {
  kind: ProjectTargetKind;
}

/**
 * `PATCH /api/projects/{id}/targets/{targetId}/` and `PATCH /api/accounts/{id}/targets/{targetId}/`:
 * the planned and actual values (null clears the actual). Metric, period and kind stay.
 */
export interface TargetPatch {
  planned?: number;
  actual?: number | null;
}

/** `1234.5` → `1,234.5`; a percentage with its sign: `12.5%`. */
export function formatTargetValue(metric: TargetMetric, value: number | null): string {
  if (value === null) return '—';
  const number = value.toLocaleString('en-US', { maximumFractionDigits: TARGET_DECIMALS });
  return TARGET_METRIC_INFO[metric].unit === '%' ? `${number}%` : number;
}
