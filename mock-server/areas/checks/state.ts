import type { PersonRef } from '../../../src/api/contract/actionRequests';
import type {
  AuditOutcome,
  CustomCheckConfig,
  FeedbackIndicator,
  PollExtension,
  PollModel,
  PollParticipant,
  PollStatus,
  PollType,
  RespondentRole,
  SummarySections,
} from '../../../src/api/contract/polls';

/** The checks' records as the mock stores them (part of MockState, store/state.ts). */
export type ParticipantRole = PollParticipant['role'];

export interface StoredParticipant {
  user_id: number;
  role: ParticipantRole;
  submitted: boolean;
}

export interface StoredPoll {
  id: number;
  status: PollStatus;
  type: PollType;
  model: PollModel;
  index: string;
  project_id: number;
  participants: StoredParticipant[];
  supervisor_id: number | null;
  qc_owner_id: number | null;
  experts_summary: SummarySections;
  pms_summary: SummarySections;
  custom_check_config: CustomCheckConfig | null;
  available_roles: RespondentRole[];
  extensions: PollExtension[];
  is_risk_evaluation_filled: boolean;
  is_invalid: boolean;
  invalid_reason: string;
  cancel_reason: string;
  created_at: string;
  started_at: string | null;
  due_date: string;
  finished_at: string | null;
}

export interface StoredReply {
  id: number;
  poll_id: number;
  question_id: number;
  user_id: number;
  answer: string | null;
  comment: string;
  updated_at: string;
}

export interface StoredComment {
  id: number;
  poll_id: number;
  driver_id: number | null;
  text: string;
  author_id: number;
  created_at: string;
  updated_at: string;
}

/** A finding as stored: its corrective action's owner by id (AuditOutcome names the person). */
export interface StoredOutcome extends Omit<AuditOutcome, 'owner'> {
  poll_id: number;
  owner_id: number | null;
}

export interface StoredFeedback {
  id: number;
  poll_id: number;
  indicator: FeedbackIndicator;
  comment: string;
  type: 'survey';
  user_id: number;
  created_at: string;
}

/** The project manager and QC lead a new check of the project asks. */
export interface ProjectTeam {
  project_id: number;
  pm_id: number;
  qcl_id: number;
}

export interface PollsState {
  people: PersonRef[];
  projectTeams: ProjectTeam[];
  polls: StoredPoll[];
  replies: StoredReply[];
  supervisorComments: StoredComment[];
  outcomes: StoredOutcome[];
  feedback: StoredFeedback[];
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
