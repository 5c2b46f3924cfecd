import type {
  ExpertKind,
  OutcomeSeverity,
  PollModel,
  PollParticipant,
  PollStatus,
  PollType,
} from './polls';

/** An audit's findings by severity, worst first. */
export const OUTCOME_SEVERITY_LABELS: Record<OutcomeSeverity, string> = {
  major: 'Major finding',
  minor: 'Minor finding',
  observation: 'Observation',
};

/** Human labels of the poll codes (spec §4), for the checks and the survey screens. */
export const POLL_STATUS_LABELS: Record<PollStatus, string> = {
  new: 'New',
  pre_start: 'Pre-start',
  started: 'Started',
  expert: 'Expert review',
  supervisor_review: 'Supervisor review',
  review_completed: 'Review completed',
  finished: 'Finished',
  canceled: 'Canceled',
};

export const POLL_TYPE_LABELS: Record<PollType, string> = {
  health_check: 'Health check',
  self_check: 'Self check',
  qmo_health_check: 'QMO health check',
  qmo_self_check: 'QMO self check',
  audit_check: 'Audit check',
};

export const POLL_MODEL_LABELS: Record<PollModel, string> = {
  sdo: 'SDO',
  qmo: 'QMO',
  soc2_sc: 'SOC2 SC',
  qmo_ta: 'QMO TA',
  audit_pm: 'Audit PM',
};

export const ROLE_LABELS: Record<PollParticipant['role'], string> = {
  pm: 'Project manager',
  qcl: 'QC lead',
  exp: 'Expert',
  main_expert: 'Main expert',
  auditor: 'Auditor',
};

export const EXPERT_KIND_LABELS: Record<ExpertKind, string> = {
  expert: 'Expert',
  main_expert: 'Main expert',
};
