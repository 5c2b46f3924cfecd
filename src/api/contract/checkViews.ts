/**
 * The views across checks (spec §2 `/overview`, `/summary`, `/outcomes`): the project overviews,
 * the check summaries and the audit outcomes of every check the user may see, in three DRF-paged
 * calls that share their filters. The SPA, the mock server and the pact tests import these types.
 */
import type { PersonRef } from './actionRequests';
import type { ComparableSummary } from './compare';
import type { ListQuery } from './directory';
import { NAV_PERMISSIONS } from './permissions';
import type { OutcomeSeverity, PollModel, PollStatus, PollType, SummarySections } from './polls';

/** The flag each call needs; a 403 names it ("… (CAN_VIEW_SUMMARY)."). */
export const CHECK_VIEW_FLAGS = {
  overviews: NAV_PERMISSIONS.projectDetails,
  summaries: NAV_PERMISSIONS.summary,
  outcomes: NAV_PERMISSIONS.pollOutcomes,
} as const;

/** The check a row belongs to: enough to name it and to open its survey step. */
export interface CheckViewCheck {
  id: number;
  index: string;
  type: PollType;
  model: PollModel;
  status: PollStatus;
  /** YYYY-MM-DD. */
  due_date: string;
}

/** What every row of the three views starts with. */
export interface CheckViewRowBase {
  check: CheckViewCheck;
  project: { id: number; name: string };
  account: { id: number; name: string };
}

/**
 * `GET /api/check-overviews/`: one row a check, with the project texts its overview step shows
 * (plain text, whole; the SPA clamps them).
 */
export interface CheckOverviewRow extends CheckViewRowBase {
  description: string;
  expert_description: string;
}

/**
 * `GET /api/check-summaries/`: one row a check, with the experts' and the PMs' summary and what
 * the check may be compared with (`GET /api/polls/{id}/comparable/` in short).
 */
export interface CheckSummaryRow extends CheckViewRowBase {
  experts_summary: SummarySections;
  pms_summary: SummarySections;
  comparable: ComparableSummary;
}

/**
 * `GET /api/check-outcomes/`: one row a finding of an audit whose outcomes the user may see, with
 * its corrective action (owner and due date, both or neither; `done_at` once done).
 */
export interface CheckOutcomeRow extends CheckViewRowBase {
  finding: {
    id: number;
    title: string;
    severity: OutcomeSeverity;
    description: string;
    owner: PersonRef | null;
    due_date: string | null;
    done_at: string | null;
  };
}

/**
 * The filters of the three calls. `account` finds accounts whose name contains the text (as
 * `GET /api/polls/` does); `period` is a calendar quarter (`2026-Q4`) in which the check's due
 * date falls; `search` looks through project, account, index and the row's texts.
 */
export interface CheckViewQuery extends ListQuery {
  account?: string;
  period?: string;
  model?: PollModel;
  status?: PollStatus;
}

export interface CheckOutcomeQuery extends CheckViewQuery {
  severity?: OutcomeSeverity;
}

/** `ordering` fields (DRF's OrderingFilter: `-` for descending; unknown fields are ignored). */
export const CHECK_VIEW_ORDERING_FIELDS = [
  'project',
  'account',
  'index',
  'model',
  'status',
  'due_date',
] as const;
export type CheckViewOrderingField = (typeof CHECK_VIEW_ORDERING_FIELDS)[number];

/** The outcomes add the finding's severity (major first) and its corrective action's due date. */
export const CHECK_OUTCOME_ORDERING_FIELDS = [
  ...CHECK_VIEW_ORDERING_FIELDS,
  'severity',
  'action_due_date',
] as const;
export type CheckOutcomeOrderingField = (typeof CHECK_OUTCOME_ORDERING_FIELDS)[number];

/** Severity from the most to the least serious: the rank `ordering=severity` sorts by. */
export const SEVERITY_RANK: Record<OutcomeSeverity, number> = {
  major: 0,
  minor: 1,
  observation: 2,
};

/** The quarter (`2026-Q4`) a YYYY-MM-DD date falls in: what `period` matches a due date against. */
export function quarterOf(isoDate: string): string {
  const month = Number(isoDate.slice(5, 7));
  return `${isoDate.slice(0, 4)}-Q${Math.floor((month - 1) / 3) + 1}`;
}
