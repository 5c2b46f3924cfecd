import type { Target } from '../../../src/api/contract/targets';

/**
 * A target as stored: a project's (kinds project and account_project) or an account's; the status
 * is computed, the last editor kept by id.
 */
export type StoredTarget = Omit<Target, 'status' | 'updated_by'> & {
  /** The project of a project or account-project target; null for an account target. */
  project_id: number | null;
  /** The account of an account target; null otherwise. */
  account_id: number | null;
  updated_by_id: number;
};

/** The targets of projects and accounts (part of MockState). */
export interface TargetsState {
  targets: StoredTarget[];
}

declare module '../../store/state' {
  interface AreaStates {
    targets: TargetsState;
  }
}
