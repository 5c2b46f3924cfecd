import type { Commitment } from '../../../src/api/contract/commitments';
import { today } from '../../lib/clock';
import { personOf } from '../../lib/people';
import type { MockState } from '../../store/state';
import type { StoredCommitment } from './state';

export type { CommitmentsState, StoredCommitment } from './state';

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
