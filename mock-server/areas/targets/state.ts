import type { CommitmentState } from '../../../src/api/contract/commitments';
import type { TargetKind, TargetMetric } from '../../../src/api/contract/targets';

/** A target as stored: a project's (kinds project and account_project) or an account's. */
export interface StoredTarget {
  id: number;
  kind: TargetKind;
  /** The project of a project or account-project target; null for an account target. */
  project_id: number | null;
  /** The account of an account target; null otherwise. */
  account_id: number | null;
  metric: TargetMetric;
  period: string;
  planned: number;
  actual: number | null;
  updated_at: string;
  updated_by_id: number;
}

export interface StoredCommitment {
  id: number;
  project_id: number;
  title: string;
  description: string;
  owner_id: number;
  due_date: string;
  state: CommitmentState;
  suggested_by_id: number | null;
  created_at: string;
  updated_at: string;
}

/** The targets and security commitments (part of MockState). */
export interface TargetsState {
  targets: StoredTarget[];
  commitments: StoredCommitment[];
}
