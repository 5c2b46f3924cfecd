import type { PlannerPeriod, PlannerPeriodState } from '../../src/api/contract/plannerPeriods';
import { personOf } from '../polls/view';
import type { MockState } from '../store/state';

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

export function toPlannerPeriod(state: MockState, stored: StoredPlannerPeriod): PlannerPeriod {
  return {
    id: stored.id,
    name: stored.name,
    start_date: stored.start_date,
    end_date: stored.end_date,
    state: stored.state,
    created_by: personOf(state, stored.created_by_id),
    created_at: stored.created_at,
    updated_at: stored.updated_at,
  };
}

/** Every period by start date, then id. */
export const plannerPeriods = (state: MockState) =>
  [...state.plannerPeriods]
    .sort((a, b) => a.start_date.localeCompare(b.start_date) || a.id - b.id)
    .map((period) => toPlannerPeriod(state, period));
