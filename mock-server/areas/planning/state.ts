import type { PlannedCheck, PlannerColumn } from '../../../src/api/contract/planner';
import type { PlannerPeriod } from '../../../src/api/contract/plannerPeriods';

/**
 * A planner period as stored: who created it by id, and when its planner was started (a started
 * period's plan no longer changes).
 */
export type StoredPlannerPeriod = Omit<PlannerPeriod, 'created_by'> &
  Pick<PlannerColumn, 'planner_started_at'> & { created_by_id: number };

/** A check planned for a project in a period, as stored: who changed it last by id. */
export type StoredPlannedCheck = Omit<PlannedCheck, 'updated_by'> & { updated_by_id: number };

/** The planner's periods and plan (part of MockState). */
export interface PlannerPeriodsState {
  plannerPeriods: StoredPlannerPeriod[];
  plannedChecks: StoredPlannedCheck[];
}

declare module '../../store/state' {
  interface AreaStates {
    planning: PlannerPeriodsState;
  }
}
