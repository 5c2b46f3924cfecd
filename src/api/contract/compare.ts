/**
 * Compare checks (issue 15): two checks of one project side by side, or one check's project
 * manager against its experts. The answers come from `GET /api/polls/{id}/results/` for each side;
 * this call says what a check may be compared with. The SPA, the mock server and the pact tests
 * import these types.
 */
import type { PollModel, PollStatus, PollType } from './polls';

/** `?mode=` of `/checks/compare`: another check of the project, or the roles of one check. */
export const COMPARE_MODES = ['checks', 'roles'] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];

/** The statuses in which a check holds answers to compare (never new, pre-start or canceled). */
export const COMPARABLE_STATUSES = [
  'started',
  'expert',
  'supervisor_review',
  'review_completed',
  'finished',
] as const satisfies readonly PollStatus[];

/** A check another one may be compared with. */
export interface ComparableCheck {
  id: number;
  index: string;
  type: PollType;
  model: PollModel;
  status: PollStatus;
  /** YYYY-MM-DD. */
  due_date: string;
}

/**
 * `GET /api/polls/{id}/comparable/`: the other checks of the same project and model (they ask
 * the same questions) in a comparable status whose results the user may see, latest due date
 * first. 404 for a check the user may not see, 403 without CAN_VIEW_POLL_RESULTS_PAGE on it.
 */
export interface ComparableChecks {
  poll_id: number;
  checks: ComparableCheck[];
  /** The default: the latest of `checks` due before this one, else null. */
  previous_id: number | null;
  /**
   * The project manager's answers against the experts' exist: the check asks both a project
   * manager and an expert (or main expert) and is in a comparable status.
   */
  roles: boolean;
}

/** What a row of `/summary` may be compared with: `comparable.checks.length` and `roles`. */
export interface ComparableSummary {
  /** How many other checks `GET /api/polls/{id}/comparable/` would list. */
  checks: number;
  roles: boolean;
}
