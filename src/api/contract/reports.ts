/**
 * The report catalogue (spec §2 `/reports`, §6 CAN_VIEW_REPORTS, §8 the Excel export messages):
 * each report is a flat table the server computes from the live records, with its own filters.
 * `GET /api/reports/{kind}/` answers a DRF page of rows (the preview; `count` is the size of the
 * whole report); `POST /api/reports/{kind}/export/` e-mails a report too large to download.
 * The SPA, the mock server and the pact tests import these types.
 */
import { LEVEL_LABELS } from './display';
import { NAV_PERMISSIONS } from './permissions';
import {
  OUTCOME_SEVERITY_LABELS,
  POLL_MODEL_LABELS,
  POLL_STATUS_LABELS,
  POLL_TYPE_LABELS,
} from './pollLabels';
import { PROJECT_STATUSES } from './projects';
import { ISSUE_GRADE_LABELS, RATING_LABELS, RISK_KIND_LABELS, RISK_STATUS_LABELS } from './risks';

/** Every call of the catalogue needs it; a 403 names it. */
export const REPORTS_FLAG = NAV_PERMISSIONS.reports;

/**
 * Up to this many rows the browser fetches the whole report and builds the .xlsx itself; above
 * it the server e-mails the file. Small enough that the unfiltered risk register of the demo
 * goes by e-mail.
 */
export const REPORT_DOWNLOAD_LIMIT = 500;

/** Spec §8, verbatim. */
export const REPORT_MESSAGES = {
  keepOpen:
    'Please keep this page open until the download of your Excel file is complete. It may take a few moments.',
  byEmail:
    'We are sending you your Excel file by email. Please check your email box in a few moments.',
  willBeSent: 'Excel will be sent via email',
} as const;

export const REPORT_KINDS = [
  'check-results',
  'planned-vs-completed',
  'risk-register',
  'overdue-actions',
  'audit-findings',
  'kpi-excluded',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const isReportKind = (value: unknown): value is ReportKind =>
  typeof value === 'string' && (REPORT_KINDS as readonly string[]).includes(value);

/** What a planned check came to. */
export const PLAN_OUTCOMES = ['completed', 'in_progress', 'not_started', 'canceled'] as const;
export type PlanOutcome = (typeof PLAN_OUTCOMES)[number];
export const PLAN_OUTCOME_LABELS: Record<PlanOutcome, string> = {
  completed: 'Completed',
  in_progress: 'In progress',
  not_started: 'Not started',
  canceled: 'Canceled',
};

export const FINDING_STATES = ['open', 'done'] as const;
export type FindingState = (typeof FINDING_STATES)[number];
export const FINDING_STATE_LABELS: Record<FindingState, string> = {
  open: 'Open',
  done: 'Done',
};

export const PROJECT_STATUS_LABELS: Record<(typeof PROJECT_STATUSES)[number], string> = {
  active: 'Active',
  on_hold: 'On hold',
  closed: 'Closed',
};

/** A cell: text, a number, a YYYY-MM-DD date, a code (labelled by its column) or nothing. */
export type ReportCell = string | number | null;

/** One row of a report: its record's id and one cell per column key. */
export type ReportRow = { id: number } & Record<string, ReportCell>;

export type ReportColumnType = 'text' | 'number' | 'date' | 'choice';

export interface ReportColumn {
  key: string;
  title: string;
  type: ReportColumnType;
  /** A choice column's codes and their labels. */
  labels?: Readonly<Record<string, string>>;
}

/** `period` is a calendar quarter (`2026-Q4`); `account` finds account names containing the text. */
export type ReportFilterType = 'period' | 'text' | 'choice';

export interface ReportFilter {
  name: string;
  label: string;
  type: ReportFilterType;
  /** What the period filter reads the quarter from, said beside it: 'Period (due)'. */
  hint?: string;
  labels?: Readonly<Record<string, string>>;
}

export interface ReportDefinition {
  kind: ReportKind;
  title: string;
  description: string;
  filters: readonly ReportFilter[];
  columns: readonly ReportColumn[];
}

/** The filters as the query string (and the export's body) carries them. */
export type ReportFilterValues = Record<string, string>;

/** `GET /api/reports/{kind}/`: the filters plus DRF paging and `ordering` (any column key). */
export interface ReportQuery {
  page?: number;
  page_size?: number;
  ordering?: string;
  /** The report's filters, by name. */
  [filter: string]: string | number | undefined;
}

/** `POST /api/reports/{kind}/export/`: the filters, and the order the file keeps. */
export type ReportExportRequest = ReportFilterValues & { ordering?: string };

/** 202: the file will be e-mailed to this address; `count` rows. */
export interface ReportExportQueued {
  email: string;
  count: number;
}

/** 400 of an export whose filters leave nothing (`non_field_errors`). */
export const EMPTY_REPORT_MESSAGE = 'This report has no rows to send.';

const PERIOD_FILTER = (hint: string): ReportFilter => ({
  name: 'period',
  label: 'Period',
  type: 'period',
  hint,
});
const ACCOUNT_FILTER: ReportFilter = { name: 'account', label: 'Account', type: 'text' };
const choice = (name: string, label: string, labels: Record<string, string>): ReportFilter => ({
  name,
  label,
  type: 'choice',
  labels,
});
const column = (
  key: string,
  title: string,
  type: ReportColumnType = 'text',
  labels?: Record<string, string>,
): ReportColumn => (labels ? { key, title, type, labels } : { key, title, type });

/** The catalogue, in the order the page lists it. */
export const REPORTS: Readonly<Record<ReportKind, ReportDefinition>> = {
  'check-results': {
    kind: 'check-results',
    title: 'Check results',
    description:
      'Every check by period, account and model: its status, when it finished and the experts’ risk status.',
    filters: [
      PERIOD_FILTER('The quarter the check is due in'),
      ACCOUNT_FILTER,
      choice('model', 'Model', POLL_MODEL_LABELS),
      choice('status', 'Status', POLL_STATUS_LABELS),
    ],
    columns: [
      column('index', 'Check'),
      column('project', 'Project'),
      column('account', 'Account'),
      column('type', 'Type', 'choice', POLL_TYPE_LABELS),
      column('model', 'Model', 'choice', POLL_MODEL_LABELS),
      column('status', 'Status', 'choice', POLL_STATUS_LABELS),
      column('due_date', 'Due', 'date'),
      column('finished_at', 'Finished', 'date'),
      column('risk_status', 'Experts’ risk status'),
    ],
  },
  'planned-vs-completed': {
    kind: 'planned-vs-completed',
    title: 'Planned against completed checks',
    description:
      'Each check the planner planned, beside the check that was made of it and how far it got.',
    filters: [
      PERIOD_FILTER('The quarter of the planned week'),
      ACCOUNT_FILTER,
      choice('model', 'Model', POLL_MODEL_LABELS),
      choice('outcome', 'Outcome', PLAN_OUTCOME_LABELS),
    ],
    columns: [
      column('project', 'Project'),
      column('account', 'Account'),
      column('planner_period', 'Planner period'),
      column('type', 'Type', 'choice', POLL_TYPE_LABELS),
      column('model', 'Model', 'choice', POLL_MODEL_LABELS),
      column('planned_week', 'Planned week', 'date'),
      column('check', 'Check'),
      column('check_status', 'Check status', 'choice', POLL_STATUS_LABELS),
      column('outcome', 'Outcome', 'choice', PLAN_OUTCOME_LABELS),
    ],
  },
  'risk-register': {
    kind: 'risk-register',
    title: 'Risk and issue register',
    description:
      'Every risk and issue at project, account, business line and business segment level.',
    filters: [
      choice('level', 'Level', LEVEL_LABELS),
      choice('kind', 'Kind', RISK_KIND_LABELS),
      choice('status', 'Status', RISK_STATUS_LABELS),
      ACCOUNT_FILTER,
    ],
    columns: [
      column('id', 'ID', 'number'),
      column('kind', 'Kind', 'choice', RISK_KIND_LABELS),
      column('level', 'Level', 'choice', LEVEL_LABELS),
      column('scope', 'Scope'),
      column('account', 'Account'),
      column('statement', 'Statement'),
      column('status', 'Status', 'choice', RISK_STATUS_LABELS),
      column('rating', 'Rating', 'choice', RATING_LABELS),
      column('priority', 'Priority', 'choice', ISSUE_GRADE_LABELS),
      column('severity', 'Severity', 'choice', ISSUE_GRADE_LABELS),
      column('owner', 'Owner'),
      column('due_date', 'Due', 'date'),
    ],
  },
  'overdue-actions': {
    kind: 'overdue-actions',
    title: 'Overdue action items',
    description:
      'Action items of open risks and issues that are not done and whose due date has passed.',
    filters: [
      choice('level', 'Level', LEVEL_LABELS),
      choice('kind', 'Kind', RISK_KIND_LABELS),
      ACCOUNT_FILTER,
    ],
    columns: [
      column('title', 'Action item'),
      column('owner', 'Owner'),
      column('due_date', 'Due', 'date'),
      column('days_overdue', 'Days overdue', 'number'),
      column('risk_id', 'Risk or issue', 'number'),
      column('statement', 'Statement'),
      column('kind', 'Kind', 'choice', RISK_KIND_LABELS),
      column('level', 'Level', 'choice', LEVEL_LABELS),
      column('account', 'Account'),
    ],
  },
  'audit-findings': {
    kind: 'audit-findings',
    title: 'Audit findings',
    description: 'The findings of every audit you may see, with their corrective actions.',
    filters: [
      PERIOD_FILTER('The quarter the audit is due in'),
      ACCOUNT_FILTER,
      choice('severity', 'Severity', OUTCOME_SEVERITY_LABELS),
      choice('state', 'State', FINDING_STATE_LABELS),
    ],
    columns: [
      column('title', 'Finding'),
      column('severity', 'Severity', 'choice', OUTCOME_SEVERITY_LABELS),
      column('state', 'State', 'choice', FINDING_STATE_LABELS),
      column('owner', 'Action owner'),
      column('due_date', 'Action due', 'date'),
      column('done_at', 'Done', 'date'),
      column('check', 'Audit'),
      column('project', 'Project'),
      column('account', 'Account'),
    ],
  },
  'kpi-excluded': {
    kind: 'kpi-excluded',
    title: 'Projects excluded from KPI',
    description: 'The projects whose card marks them “Excluded from KPI”.',
    filters: [ACCOUNT_FILTER, choice('status', 'Project status', PROJECT_STATUS_LABELS)],
    columns: [
      column('name', 'Project'),
      column('code', 'Code'),
      column('account', 'Account'),
      column('delivery_unit', 'Delivery unit'),
      column('status', 'Status', 'choice', PROJECT_STATUS_LABELS),
      column('start_date', 'Start', 'date'),
      column('end_date', 'End', 'date'),
    ],
  },
};

/** The label a cell shows (and the .xlsx holds) for a choice code; other cells as they are. */
export function cellText(column: ReportColumn, value: ReportCell): string {
  if (value === null) return '';
  if (column.type === 'choice') return column.labels?.[String(value)] ?? String(value);
  return String(value);
}
