import type { PlanExpert } from '../../../src/api/contract/planner';
import type { PlannerPeriodState } from '../../../src/api/contract/plannerPeriods';
import type { PollModel, PollType } from '../../../src/api/contract/polls';

/** A planner period as stored: who created it by id. */
export interface StoredPlannerPeriod {
  id: number;
  name: string;
  start_date: string;
  end_date: string;
  state: PlannerPeriodState;
  /** When its planner was started (ISO), or null; a started period's plan no longer changes. */
  planner_started_at: string | null;
  created_by_id: number;
  created_at: string;
  updated_at: string;
}

/** A check planned for a project in a period, as stored: who changed it last by id. */
export interface StoredPlannedCheck {
  id: number;
  period_id: number;
  project_id: number;
  type: PollType;
  model: PollModel;
  planned_week: string;
  experts: PlanExpert[];
  note: string;
  poll_id: number | null;
  updated_by_id: number;
  updated_at: string;
}

/** The planner's periods and plan (part of MockState). */
export interface PlannerPeriodsState {
  plannerPeriods: StoredPlannerPeriod[];
  plannedChecks: StoredPlannedCheck[];
}
