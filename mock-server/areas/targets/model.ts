import { today } from '../../lib/clock';
import type { Commitment } from '../../../src/api/contract/commitments';
import { targetStatus, type Target } from '../../../src/api/contract/targets';
import type { MockState } from '../../store/state';
import type { StoredCommitment, StoredTarget } from './state';
import { personOf } from '../../lib/people';

export type { StoredCommitment, StoredTarget, TargetsState } from './state';

/** The next free id of a table. */

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

/** Today as `YYYY-MM-DD` (UTC), the day a due date is compared with. */

export function toCommitment(state: MockState, stored: StoredCommitment): Commitment {
  return {
    id: stored.id,
    title: stored.title,
    description: stored.description,
    owner: personOf(state, stored.owner_id),
    due_date: stored.due_date,
    state: stored.state,
    overdue: stored.state !== 'done' && stored.due_date < today(),
    suggested_by: stored.suggested_by_id === null ? null : personOf(state, stored.suggested_by_id),
    created_at: stored.created_at,
    updated_at: stored.updated_at,
  };
}

/** A project's commitments by due date, then by id. */
export const projectCommitments = (state: MockState, projectId: number) =>
  state.commitments
    .filter((commitment) => commitment.project_id === projectId)
    .sort((a, b) => a.due_date.localeCompare(b.due_date) || a.id - b.id)
    .map((commitment) => toCommitment(state, commitment));
