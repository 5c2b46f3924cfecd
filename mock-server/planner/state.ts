import type { PlannerPeriodState } from '../../src/api/contract/plannerPeriods';

/** A planner period as stored: who created it by id. */
export interface StoredPlannerPeriod {
  id: number;
  name: string;
  start_date: string;
  end_date: string;
  state: PlannerPeriodState;
  created_by_id: number;
  created_at: string;
  updated_at: string;
}

/** The planner's periods (part of MockState). */
export interface PlannerPeriodsState {
  plannerPeriods: StoredPlannerPeriod[];
}
