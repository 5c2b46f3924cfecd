/**
 * The Ownership matrix of the project card (spec §1, §2, §6): one RACI matrix per delivery
 * function, activities × roles, each cell R, A, C, I or empty. Spec §7 says the project calls are
 * "not shown": these are the calls this product designs, DRF-style. The SPA, the mock server and
 * the pact tests all import these types.
 *
 *   GET  /api/projects/{id}/raci/{function}/            the matrix (the function's view flag)
 *   PUT  /api/projects/{id}/raci/{function}/            the whole matrix (CAN_EDIT_RACI_MATRIX)
 *   POST /api/projects/{id}/raci/{function}/validate/   draft → validated (CAN_VALIDATE_RACI_MATRIX)
 *   GET  /api/projects/{id}/raci/{function}/snapshot/   the last validated version
 *                                                       (CAN_VIEW_RACI_SNAPSHOT); 404 when never
 */
import type { PersonRef } from './actionRequests';

/** The delivery functions, in the order the card shows them; each is the path segment. */
export const RACI_FUNCTIONS = [
  'pmo',
  'sla',
  'bao',
  'qmo',
  'sdo',
  'pdmo',
  'tco',
  'security',
] as const;
export type RaciFunction = (typeof RACI_FUNCTIONS)[number];

export const RACI_FUNCTION_LABELS: Record<RaciFunction, string> = {
  pmo: 'PMO',
  sla: 'SLA',
  bao: 'BAO',
  qmo: 'QMO',
  sdo: 'SDO',
  pdmo: 'PDMO',
  tco: 'TCO',
  security: 'Security',
};

/** Spec §6: the RACI tab of each function has its own viewing flag. */
export const RACI_VIEW_FLAG: Record<RaciFunction, string> = {
  pmo: 'CAN_VIEW_RACI_PMO_TAB',
  sla: 'CAN_VIEW_RACI_SLA_TAB',
  bao: 'CAN_VIEW_RACI_BAO_TAB',
  qmo: 'CAN_VIEW_RACI_QMO_TAB',
  sdo: 'CAN_VIEW_RACI_SDO_TAB',
  pdmo: 'CAN_VIEW_RACI_PDMO_TAB',
  tco: 'CAN_VIEW_RACI_TCO_TAB',
  security: 'CAN_VIEW_RACI_SECURITY_TAB',
};
export const RACI_EDIT_FLAG = 'CAN_EDIT_RACI_MATRIX';
export const RACI_VALIDATE_FLAG = 'CAN_VALIDATE_RACI_MATRIX';
export const RACI_SNAPSHOT_FLAG = 'CAN_VIEW_RACI_SNAPSHOT';

export const RACI_LETTERS = ['R', 'A', 'C', 'I'] as const;
export type RaciLetter = (typeof RACI_LETTERS)[number];
/** A cell: one letter, or '' when the role has no part in the activity (a blank choice). */
export type RaciCell = RaciLetter | '';

export const RACI_LETTER_LABELS: Record<RaciLetter, string> = {
  R: 'Responsible',
  A: 'Accountable',
  C: 'Consulted',
  I: 'Informed',
};

export const RACI_STATUSES = ['draft', 'validated'] as const;
export type RaciStatus = (typeof RACI_STATUSES)[number];
export const RACI_STATUS_LABELS: Record<RaciStatus, string> = {
  draft: 'Draft',
  validated: 'Validated',
};

/** A column of the matrix: a role on the project ('pm' → 'Project manager'). */
export interface RaciRole {
  id: string;
  name: string;
}

/**
 * The activities of each function's matrix (its rows), in the order the card shows them: the code
 * the API names an activity by (the keys of a PUT's `activities` and of a refusal's) and its name.
 * The catalogue is the contract's, the same for every project and every backend.
 */
export const RACI_ACTIVITIES = {
  pmo: {
    maintain_project_plan: 'Maintain the project plan',
    run_steering_committee: 'Run the steering committee',
    track_budget_and_forecast: 'Track the budget and forecast',
    manage_raid_log: 'Manage the RAID log',
    approve_change_requests: 'Approve change requests',
    report_status_to_client: 'Report status to the client',
    plan_resources_and_staffing: 'Plan resources and staffing',
    close_project_and_record_lessons: 'Close the project and record lessons learned',
  },
  sla: {
    agree_service_levels: 'Agree the service levels with the client',
    measure_sla_performance: 'Measure SLA performance monthly',
    report_sla_breaches: 'Report SLA breaches to the client',
    run_monthly_service_review: 'Run the monthly service review',
    agree_service_credits: 'Agree service credits',
    maintain_incident_escalation_path: 'Maintain the incident escalation path',
    review_sla_before_renewal: 'Review the SLA before contract renewal',
  },
  bao: {
    elicit_and_document_requirements: 'Elicit and document requirements',
    run_requirement_workshops: 'Run requirement workshops with the client',
    maintain_product_backlog: 'Maintain the product backlog',
    sign_off_acceptance_criteria: 'Sign off acceptance criteria',
    keep_traceability_matrix: 'Keep the requirements traceability matrix',
    assess_requirement_change_impact: 'Assess the impact of requirement changes',
    approve_business_process_models: 'Approve the business process models',
  },
  qmo: {
    define_quality_plan: 'Define the quality plan',
    run_health_checks: 'Run project health checks',
    track_quality_metrics: 'Track quality metrics',
    follow_up_check_findings: 'Follow up on check findings',
    run_code_review_process: 'Run the code review process',
    approve_definition_of_done: 'Approve the definition of done',
    prepare_iso_9001_internal_audit: 'Prepare the ISO 9001 internal audit',
    keep_lessons_learned_register: 'Keep the lessons learned register',
  },
  sdo: {
    plan_releases: 'Plan the releases',
    approve_production_release: 'Approve a release to production',
    run_deployment: 'Run the deployment',
    maintain_environments: 'Maintain the environments',
    handle_production_incidents: 'Handle production incidents',
    run_post_incident_review: 'Run the post-incident review',
    maintain_runbooks: 'Maintain the runbooks',
  },
  pdmo: {
    set_product_roadmap: 'Set the product roadmap',
    prioritise_features: 'Prioritise the features',
    run_sprint_planning: 'Run sprint planning',
    run_sprint_reviews_and_demos: 'Run sprint reviews and demos',
    track_velocity_and_forecast: 'Track velocity and the delivery forecast',
    manage_team_dependencies: 'Manage dependencies between teams',
  },
  tco: {
    estimate_total_cost_of_ownership: 'Estimate the total cost of ownership',
    track_infrastructure_and_licence_costs: 'Track infrastructure and licence costs',
    approve_third_party_tool_purchases: 'Approve third-party tool purchases',
    review_cloud_spending: 'Review cloud spending monthly',
    plan_cost_optimisation: 'Plan cost optimisation actions',
    report_cost_against_budget: 'Report cost against the budget to the client',
  },
  security: {
    keep_security_commitments_register: 'Keep the security commitments register',
    run_threat_modelling: 'Run the threat modelling',
    manage_client_system_access: 'Manage access rights to client systems',
    run_vulnerability_scans: 'Run vulnerability scans',
    handle_security_incidents: 'Handle security incidents',
    train_team_on_secure_coding: 'Train the team on secure coding',
    review_data_protection_compliance: 'Review data protection compliance',
    approve_security_policy_exceptions: 'Approve exceptions to the security policy',
  },
} as const satisfies Record<RaciFunction, Record<string, string>>;

/** The code of an activity of the function's matrix ('maintain_project_plan'). */
export type RaciActivityCode<Fn extends RaciFunction = RaciFunction> = {
  [Each in Fn]: keyof (typeof RACI_ACTIVITIES)[Each] & string;
}[Fn];

/** The codes of the function's activities, in the catalogue's order. */
export const raciActivityCodes = <Fn extends RaciFunction>(fn: Fn): RaciActivityCode<Fn>[] =>
  Object.keys(RACI_ACTIVITIES[fn]) as RaciActivityCode<Fn>[];

/** A row: an activity of the function and, for every role of the matrix, its cell. */
export interface RaciActivity {
  /** Its code in the catalogue (RACI_ACTIVITIES). */
  code: RaciActivityCode;
  name: string;
  /** Every role id of the matrix is a key; '' for an empty cell. */
  cells: Record<string, RaciCell>;
}

/** `GET /api/projects/{id}/raci/{function}/`, and the answer of the PUT and the validation. */
export interface RaciMatrix {
  project_id: number;
  function: RaciFunction;
  roles: RaciRole[];
  activities: RaciActivity[];
  status: RaciStatus;
  /** Who validated the matrix as it stands; null while it is a draft. */
  validated_by: PersonRef | null;
  validated_at: string | null;
  /** The last save; null while the seeded matrix was never saved. */
  updated_by: PersonRef | null;
  updated_at: string | null;
  /** True when a validated version exists (`GET …/snapshot/` answers it). */
  has_snapshot: boolean;
}

/** `GET /api/projects/{id}/raci/{function}/snapshot/`: the last validated version, read-only. */
export interface RaciSnapshot {
  project_id: number;
  function: RaciFunction;
  roles: RaciRole[];
  activities: RaciActivity[];
  validated_by: PersonRef;
  validated_at: string;
}

/**
 * `PUT /api/projects/{id}/raci/{function}/`: the whole matrix, every activity of the function
 * by its code, each with its cells by role id ('' or null, or a role left out, is an empty cell):
 * `{"activities": {"maintain_project_plan": {"pm": "A", "dm": "R", "client": ""}, …}}`.
 */
export interface RaciMatrixPut {
  activities: Record<string, Record<string, RaciCell | null>>;
}

/**
 * A refused PUT or validation (400): the activities at fault by code, each with its messages, as
 * a DRF DictField nests them: `{"activities": {"maintain_project_plan": ["Exactly one A …: found
 * 2."]}}`. A body
 * that is not a dictionary at all gets `{"activities": ["…"]}`; a rule of the whole matrix
 * `non_field_errors`.
 */
export interface RaciErrors {
  activities?: Record<string, string[]> | string[];
  non_field_errors?: string[];
}

/** The one rule of a RACI matrix, said the same by the server and the SPA. */
export const ONE_ACCOUNTABLE_RULE = 'Exactly one A (accountable) per activity';

/** The rule's message for an activity with `count` A cells; null when it holds. */
export function accountableProblem(count: number): string | null {
  if (count === 1) return null;
  return `${ONE_ACCOUNTABLE_RULE}: ${count === 0 ? 'none found' : `found ${count}`}.`;
}

/** The rule's message for a row of cells; null when it holds. */
export function activityProblem(cells: Record<string, RaciCell | null | undefined>): string | null {
  return accountableProblem(Object.values(cells).filter((cell) => cell === 'A').length);
}

/** What the History says of a cell: 'Project manager: A', 'Client: —'. */
export const raciCellText = (role: string, cell: RaciCell | null | undefined) =>
  `${role}: ${cell || '—'}`;

/** The History's field of an activity: 'PMO: Maintain the project plan'. */
export const raciHistoryField = (fn: RaciFunction, activity: string) =>
  `${RACI_FUNCTION_LABELS[fn]}: ${activity}`;

/** The History's section of every change made on the matrix. */
export const RACI_HISTORY_SECTION = 'Ownership matrix';
