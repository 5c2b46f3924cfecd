import { targetStatus, type Target } from '../../../src/api/contract/targets';
import type { MockState } from '../../store/state';
import type { StoredTarget } from './state';
import { personOf } from '../../lib/people';

export type { StoredTarget, TargetsState } from './state';

/** Periods newest first, then the catalogue's order of metrics. */
const byPeriodThenMetric = (a: StoredTarget, b: StoredTarget) =>
  b.period.localeCompare(a.period) || a.metric.localeCompare(b.metric) || a.id - b.id;

export function toTarget(state: MockState, stored: StoredTarget): Target {
  return {
    id: stored.id,
    kind: stored.kind,
    metric: stored.metric,
    period: stored.period,
    planned: stored.planned,
    actual: stored.actual,
    status: targetStatus(stored.metric, stored.planned, stored.actual),
    updated_at: stored.updated_at,
    updated_by: personOf(state, stored.updated_by_id),
  };
}

export const projectTargets = (state: MockState, projectId: number) =>
  state.targets
    .filter((target) => target.project_id === projectId)
    .sort(byPeriodThenMetric)
    .map((target) => toTarget(state, target));

export const accountTargets = (state: MockState, accountId: number) =>
  state.targets
    .filter((target) => target.kind === 'account' && target.account_id === accountId)
    .sort(byPeriodThenMetric)
    .map((target) => toTarget(state, target));
