import type { Commitment } from '../../../src/api/contract/commitments';

/** A security commitment as stored: the people by id; `overdue` is computed on the day asked. */
export type StoredCommitment = Omit<Commitment, 'owner' | 'overdue' | 'suggested_by'> & {
  project_id: number;
  owner_id: number;
  suggested_by_id: number | null;
};

/** The projects' security commitments (part of MockState). */
export interface CommitmentsState {
  commitments: StoredCommitment[];
}

declare module '../../store/state' {
  interface AreaStates {
    commitments: CommitmentsState;
  }
}
