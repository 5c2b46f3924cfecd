import type { PersonRef } from '../../../src/api/contract/actionRequests';
import type { Poll, PollParticipant } from '../../../src/api/contract/polls';

/** The checks' records as the mock stores them (part of MockState, store/state.ts). */
export type ParticipantRole = PollParticipant['role'];

/** A participant as stored: the person by id; the counters are computed from the replies. */
export type StoredParticipant = Pick<PollParticipant, 'role' | 'submitted'> & { user_id: number };

/**
 * A check as stored: the people by id, the reasons it was canceled or marked invalid; what
 * `GET /api/polls/{id}/` computes (the user's counters and permissions, the project, the
 * participants' statistics) is not stored.
 */
export type StoredPoll = Omit<
  Poll,
  | 'reply_count'
  | 'question_count'
  | 'user_permissions'
  | 'user_pos'
  | 'main_expert'
  | 'qc_owner'
  | 'supervisor'
  | 'project'
  | 'account'
  | 'delivery_unit'
  | 'poll_stats'
  | 'is_project_check'
> & {
  project_id: number;
  participants: StoredParticipant[];
  supervisor_id: number | null;
  qc_owner_id: number | null;
  invalid_reason: string;
  cancel_reason: string;
};

/** The project manager and QC lead a new check of the project asks. */
export interface ProjectTeam {
  project_id: number;
  pm_id: number;
  qcl_id: number;
}

/** The checks, the people they name and the projects' teams (part of MockState). */
export interface ChecksState {
  people: PersonRef[];
  projectTeams: ProjectTeam[];
  polls: StoredPoll[];
}

/** Persona user ids (fixtures/personas.json). */
export const USER = {
  admin: 1,
  pm: 2,
  expert: 3,
  mainExpert: 4,
  qcl: 5,
  auditor: 6,
  supervisor: 7,
} as const;

declare module '../../store/state' {
  interface AreaStates {
    checks: ChecksState;
  }
}
