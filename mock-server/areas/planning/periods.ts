import type { PlannerPeriod } from '../../../src/api/contract/plannerPeriods';
import type { MockState } from '../../store/state';
import type { StoredPlannerPeriod } from './state';
import { personOf } from '../../lib/people';

export type { PlannerPeriodsState, StoredPlannerPeriod } from './state';

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
