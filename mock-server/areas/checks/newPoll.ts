import type {
  ExpertKind,
  PollModel,
  PollType,
  RespondentRole,
} from '../../../src/api/contract/polls';
import { now } from '../../lib/clock';
import { USER, type ProjectTeam, type StoredParticipant, type StoredPoll } from './state';
import { respondentRole } from './questions';

/** What a new check is made of: `POST /api/polls/` and the planner's start both make them. */
export interface NewPollSpec {
  type: PollType;
  model: PollModel;
  index: string;
  project_id: number;
  /** The project's team (its manager and QC lead), if it has one. */
  team: ProjectTeam | undefined;
  /** The respondent roles asked (an audit asks none: its auditor answers). */
  roles: readonly RespondentRole[];
  experts: readonly { user_id: number; kind: ExpertKind }[];
  /** Who answers as project manager when the team has none, or audits when no expert is named. */
  fallbackUserId: number;
  /** True when the project manager answers (a creator who may create health checks); else the caller. */
  teamManagerAnswers: boolean;
  due_date: string;
  custom_check_config: StoredPoll['custom_check_config'];
}

/**
 * The participants of a new check: an audit's auditor (its first expert, else the caller); else
 * the project manager and QC lead asked, then the experts, each person once.
 */
export function newPollParticipants(spec: NewPollSpec): StoredParticipant[] {
  const participants: StoredParticipant[] = [];
  const addParticipant = (user_id: number, role: StoredParticipant['role']) => {
    if (!participants.some((participant) => participant.user_id === user_id))
      participants.push({ user_id, role, submitted: false });
  };
  if (spec.type === 'audit_check')
    addParticipant(spec.experts[0]?.user_id ?? spec.fallbackUserId, 'auditor');
  else {
    // The creator of their own self check answers it as its project manager.
    const pm = spec.teamManagerAnswers
      ? (spec.team?.pm_id ?? spec.fallbackUserId)
      : spec.fallbackUserId;
    if (spec.roles.includes('pm')) addParticipant(pm, 'pm');
    if (spec.roles.includes('qcl') && spec.team) addParticipant(spec.team.qcl_id, 'qcl');
    for (const expert of spec.experts)
      addParticipant(expert.user_id, expert.kind === 'main_expert' ? 'main_expert' : 'exp');
  }
  return participants;
}

/** A new check in status `new`, with the given id, as `POST /api/polls/` stores it. */
export function newPoll(id: number, spec: NewPollSpec, at = now()): StoredPoll {
  const participants = newPollParticipants(spec);
  return {
    id,
    status: 'new',
    type: spec.type,
    model: spec.model,
    index: spec.index,
    project_id: spec.project_id,
    participants,
    supervisor_id: spec.type === 'audit_check' ? USER.supervisor : null,
    qc_owner_id: null,
    experts_summary: { risk_status: '', summary: '' },
    pms_summary: { risk_status: '', summary: '' },
    custom_check_config: spec.custom_check_config,
    available_roles: [
      ...new Set(participants.map((participant) => respondentRole(participant.role))),
    ],
    extensions: [],
    is_risk_evaluation_filled: false,
    is_invalid: false,
    invalid_reason: '',
    cancel_reason: '',
    created_at: at.toISOString(),
    started_at: null,
    due_date: spec.due_date,
    finished_at: null,
  };
}
