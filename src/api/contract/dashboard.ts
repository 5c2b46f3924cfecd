/**
 * The riskiness and issueness dashboard (spec §1, §2 `/dashboard` and its account pages, §3 the
 * dashboard filter param `search`, §6 CAN_VIEW_RISK_DASHBOARD and
 * CAN_CREATE_ACTUAL_ACCOUNT_RISKINESS). Spec §7 says these calls are "not shown": these are the
 * calls this product designs, DRF-style. The SPA, the mock server and the pact tests import them.
 *
 * ## The two scores, in words a delivery director can check by hand
 * **Riskiness** of an account is the sum of points of
 * - every open risk at the account's level and at the level of its projects: probability × impact,
 *   each counted Low 1, Moderate 2, High 3 (so 1 to 9 points a risk);
 * - every open finding of the latest finished audit of each of its projects (a finding whose
 *   corrective action is not done): Major 4, Minor 2, Observation 0.
 *
 * **Issueness** is the sum of points of
 * - every open issue at the account's level and at the level of its projects: priority × severity,
 *   each counted Low 1, Moderate 2, High 3, Critical 4 (so 1 to 16 points an issue);
 * - every overdue action item of those issues (not done, due before today): 3 points each.
 *
 * Each score is a level by RISKINESS_THRESHOLDS / ISSUENESS_THRESHOLDS. The backend computes both
 * from live data on every call; a snapshot is kept at the end of every month (12 months shown).
 */
import type { PersonRef } from './actionRequests';
import type { PollStatus, PollType } from './polls';
import type { IssueGrade, NamedRef, Rating, RiskCategory } from './risks';

export const DASHBOARD_FLAG = 'CAN_VIEW_RISK_DASHBOARD';
export const ACTUAL_RISKINESS_FLAG = 'CAN_CREATE_ACTUAL_ACCOUNT_RISKINESS';

export const SCORE_LEVELS = ['low', 'moderate', 'high'] as const;
export type ScoreLevel = (typeof SCORE_LEVELS)[number];
export const SCORE_LEVEL_LABELS: Record<ScoreLevel, string> = {
  low: 'Low',
  moderate: 'Moderate',
  high: 'High',
};

export const SCORE_KINDS = ['riskiness', 'issueness'] as const;
export type ScoreKind = (typeof SCORE_KINDS)[number];
export const SCORE_KIND_LABELS: Record<ScoreKind, string> = {
  riskiness: 'Riskiness',
  issueness: 'Issueness',
};

/** The least score of each level above Low. */
export interface ScoreThresholds {
  moderate: number;
  high: number;
}
export const RISKINESS_THRESHOLDS: ScoreThresholds = { moderate: 15, high: 35 };
export const ISSUENESS_THRESHOLDS: ScoreThresholds = { moderate: 12, high: 30 };
export const SCORE_THRESHOLDS: Record<ScoreKind, ScoreThresholds> = {
  riskiness: RISKINESS_THRESHOLDS,
  issueness: ISSUENESS_THRESHOLDS,
};

/** Points of a probability or impact (risks), of a priority or severity (issues). */
export const RATING_POINTS: Record<Rating, number> = { low: 1, moderate: 2, high: 3 };
export const GRADE_POINTS: Record<IssueGrade, number> = {
  low: 1,
  moderate: 2,
  high: 3,
  critical: 4,
};
/** Points of an open finding of a project's latest finished audit. */
export const FINDING_POINTS = { major: 4, minor: 2, observation: 0 } as const;
/** Points of an overdue action item of an open issue. */
export const OVERDUE_ACTION_ITEM_POINTS = 3;

/** The level a score makes. */
export function levelOf(kind: ScoreKind, score: number): ScoreLevel {
  const thresholds = SCORE_THRESHOLDS[kind];
  return score >= thresholds.high ? 'high' : score >= thresholds.moderate ? 'moderate' : 'low';
}

/** A score now and at the end of last month (null when the account has no snapshot then). */
export interface Score {
  level: ScoreLevel;
  score: number;
  previous_level: ScoreLevel | null;
  previous_score: number | null;
}

/** A month, `YYYY-MM`. */
export type Month = string;

/** An account delivery owner's own judgement of the account's riskiness for a month. */
export interface ActualRiskiness {
  id: number;
  month: Month;
  level: ScoreLevel;
  reason: string;
  recorded_by: PersonRef;
  /** ISO date-time. */
  recorded_at: string;
}

/** `POST /api/dashboard/accounts/{id}/actual-riskiness/`: for the current month. */
export interface ActualRiskinessRequest {
  level: ScoreLevel;
  reason: string;
}
export const ACTUAL_REASON_MAX = 200;
/** 403 detail for a holder of the flag who does not look after the account. */
export const ACTUAL_RISKINESS_OWNER_DETAIL =
  'Only the delivery owner of the account and their assistants record its actual riskiness.';

/** The check a dashboard row or page names. */
export interface DashboardCheck {
  id: number;
  index: string;
  type: PollType;
  status: PollStatus;
  /** YYYY-MM-DD. */
  due_date: string;
  project: NamedRef;
}

/** One account of `GET /api/dashboard/`. */
export interface DashboardAccountRow {
  id: number;
  name: string;
  business_line: NamedRef;
  business_segment: NamedRef;
  delivery_owner: PersonRef | null;
  riskiness: Score;
  issueness: Score;
  /** Open risks rated High (probability × impact), at the account's level and its projects'. */
  open_high_risks: number;
  /** Not-done action items of open risks and issues whose due date has passed. */
  overdue_action_items: number;
  /** The latest check of its projects by due date, closed or not; null when none. */
  last_check: DashboardCheck | null;
  /** This month's actual riskiness, the latest recorded; null when none. */
  actual_riskiness: ActualRiskiness | null;
  /** An actual riskiness is recorded this month and its level is not the computed one. */
  disagrees: boolean;
}

/** A business line and the segment it sits in. */
export interface DashboardLine extends NamedRef {
  segment_id: number;
}

/** Accounts at each level of one month. */
export type LevelCounts = Record<ScoreLevel, number>;

export interface DashboardTrendPoint {
  month: Month;
  riskiness: LevelCounts;
  issueness: LevelCounts;
}

/**
 * `GET /api/dashboard/`: every account the user may see that the filters keep (not paged: a
 * thousand rows are the size of one picture), the distribution of their levels now and the
 * 12-month trend of the same accounts (oldest first, the current month last, live).
 */
export interface DashboardResponse {
  /** The current month. */
  month: Month;
  count: number;
  /** Every account the user may see, before the filters ("12 of 40 accounts"). */
  total: number;
  /** The segments and lines of every account the user may see, by name: the filters' choices. */
  segments: NamedRef[];
  lines: DashboardLine[];
  results: DashboardAccountRow[];
  distribution: { riskiness: LevelCounts; issueness: LevelCounts };
  trend: DashboardTrendPoint[];
}

/** The filters of `GET /api/dashboard/`; `search` (spec §3, default empty) looks in the name. */
export interface DashboardQuery {
  search?: string;
  segment?: number;
  line?: number;
  riskiness?: ScoreLevel;
  issueness?: ScoreLevel;
}

/** One project of an account ranked by the points it adds to both scores. */
export interface DashboardProject {
  id: number;
  name: string;
  riskiness_points: number;
  issueness_points: number;
  open_risks: number;
  open_issues: number;
}

/** One open risk of the account for its heat map and list. */
export interface DashboardRisk {
  id: number;
  statement: string;
  probability: Rating;
  impact: Rating;
  points: number;
  project: NamedRef | null;
  owner: PersonRef;
}

/** A change to one of the account's risks or issues. */
export interface DashboardChange {
  risk_id: number;
  kind: 'risk' | 'issue';
  statement: string;
  field: string;
  old_value: string;
  new_value: string;
  by: PersonRef;
  /** ISO date-time. */
  at: string;
}

/** A month of both scores. */
export interface ScoreHistoryPoint {
  month: Month;
  riskiness: number;
  issueness: number;
}

/** `GET /api/dashboard/accounts/{id}/`. */
export interface DashboardAccountDetail extends DashboardAccountRow {
  projects: DashboardProject[];
  open_risks: DashboardRisk[];
  /** The 20 latest, newest first. */
  recent_changes: DashboardChange[];
  /** 12 months, oldest first, the current month last (live). */
  history: ScoreHistoryPoint[];
}

export const CONTRIBUTOR_TYPES = ['risk', 'issue', 'finding', 'action_item'] as const;
export type ContributorType = (typeof CONTRIBUTOR_TYPES)[number];

/** One record that adds points to a score, with how they were counted. */
export interface Contributor {
  type: ContributorType;
  /** The risk, issue or finding; for an action item, the action item. */
  id: number;
  title: string;
  /** "High × Moderate = 6", "Major finding = 4", "Overdue since 11/02/2026 = 3". */
  reason: string;
  points: number;
  project: NamedRef | null;
  /** The risk category; for a finding, null. */
  category: RiskCategory | null;
  /** Where the record opens in the SPA: `/risks/{id}` or `/checks/{pollId}`. */
  path: string;
}

export interface PointsBy {
  name: string;
  /** The project or category id; null for the account's own level, or for audit findings by category. */
  key: string | null;
  points: number;
}

/** `GET /api/dashboard/accounts/{id}/riskiness/` and `…/issueness/`. */
export interface ScoreExplanation {
  kind: ScoreKind;
  account: NamedRef;
  month: Month;
  score: Score;
  thresholds: ScoreThresholds;
  /** Every record that adds points, most points first. */
  contributors: Contributor[];
  by_project: PointsBy[];
  by_category: PointsBy[];
  /**
   * What would bring it down a level: the points to lose and the fewest records, most points
   * first, whose resolution would do it; null at Low.
   */
  to_lower_level: { level: ScoreLevel; points_needed: number; contributor_ids: string[] } | null;
  history: { month: Month; score: number; level: ScoreLevel }[];
  /** Riskiness only: the actual riskiness records of the account, newest first; [] for issueness. */
  actual: ActualRiskiness[];
  /** Riskiness only: whether this user may record this month's actual riskiness. */
  can_record_actual: boolean;
}

/** A contributor's key in `to_lower_level.contributor_ids`: `risk:12`, `action_item:40`. */
export const contributorKey = (contributor: Pick<Contributor, 'type' | 'id'>) =>
  `${contributor.type}:${contributor.id}`;
