/**
 * Security commitments of a project (spec §1, §2 the card's Security commitments tab, §6 the flags
 * "commitments (and suggest)"). Spec §7 says the project calls are "not shown": these are the calls
 * this product designs, DRF-style. The SPA, the mock server and the pact tests import them.
 *
 * A commitment is what the project promises to do for security, with an owner and a due date. An
 * editor (CAN_EDIT_COMMITMENTS) adds, changes, moves and deletes them. A suggester
 * (CAN_SUGGEST_COMMITMENTS) proposes one: it starts 'suggested' and waits for its owner, who
 * alone accepts it (it becomes 'open') or declines it with a reason (it is removed; History keeps
 * the reason).
 */
import type { PersonRef } from './actionRequests';

export const COMMITMENT_STATES = ['suggested', 'open', 'in_progress', 'done'] as const;
export type CommitmentState = (typeof COMMITMENT_STATES)[number];
/** The states an editor moves a commitment between; 'suggested' only ends by the owner's answer. */
export const COMMITMENT_WORK_STATES = ['open', 'in_progress', 'done'] as const;
export type CommitmentWorkState = (typeof COMMITMENT_WORK_STATES)[number];

export const COMMITMENT_STATE_LABELS: Record<CommitmentState, string> = {
  suggested: 'Suggested',
  open: 'Open',
  in_progress: 'In progress',
  done: 'Done',
};

export const COMMITMENT_EDIT_FLAG = 'CAN_EDIT_COMMITMENTS';
export const COMMITMENT_SUGGEST_FLAG = 'CAN_SUGGEST_COMMITMENTS';

export const COMMITMENT_LIMITS = { title: 200, description: 2000, reason: 500 } as const;

/** `GET /api/projects/{id}/commitments/`: one row each, by due date. */
export interface Commitment {
  id: number;
  title: string;
  /** Empty when none was given. */
  description: string;
  owner: PersonRef;
  /** `YYYY-MM-DD`. */
  due_date: string;
  state: CommitmentState;
  /** Past its due date and not done (computed by the server on the day of the call). */
  overdue: boolean;
  /** Who suggested it; null for a commitment an editor added. */
  suggested_by: PersonRef | null;
  created_at: string;
  updated_at: string;
}

/**
 * `POST /api/projects/{id}/commitments/`: `state` 'suggested' is a suggestion
 * (CAN_SUGGEST_COMMITMENTS); any other state, 'open' by default, is an editor's
 * (CAN_EDIT_COMMITMENTS).
 */
export interface NewCommitment {
  title: string;
  description?: string;
  owner_id: number;
  due_date: string;
  state?: CommitmentState;
}

/**
 * `PATCH /api/projects/{id}/commitments/{cid}/` (CAN_EDIT_COMMITMENTS): any of the fields; the
 * state moves between open, in progress and done. A suggestion keeps its state until its owner
 * answers (a 400 on `state`).
 */
export interface CommitmentPatch {
  title?: string;
  description?: string;
  owner_id?: number;
  due_date?: string;
  state?: CommitmentWorkState;
}

/**
 * `POST /api/projects/{id}/commitments/{cid}/accept/` (body `{}`): the owner accepts a suggestion,
 * which becomes 'open'; answers the commitment. Anyone else: 403.
 */
export type AcceptCommitment = Record<string, never>;

/**
 * `POST /api/projects/{id}/commitments/{cid}/decline/`: the owner declines a suggestion with a
 * reason; the suggestion is removed (204) and History keeps the reason. Anyone else: 403.
 */
export interface DeclineCommitment {
  reason: string;
}
