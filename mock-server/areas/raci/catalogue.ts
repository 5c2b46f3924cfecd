import {
  RACI_ACTIVITIES,
  raciActivityCodes,
  type RaciActivityCode,
  type RaciFunction,
  type RaciLetter,
  type RaciRole,
} from '../../../src/api/contract/raci';

/**
 * What each function's matrix holds: its roles (the columns) and its activities (the rows, the
 * contract's catalogue), each activity with the usual assignment of a delivery organisation, one
 * letter per role in the order of the roles ('.' for an empty cell). The seed starts every
 * project from these.
 */
export interface CatalogueActivity {
  code: RaciActivityCode;
  name: string;
  /** One character per role of the function: R, A, C, I or '.'. */
  usual: string;
}

export interface FunctionCatalogue {
  roles: RaciRole[];
  activities: CatalogueActivity[];
}

/** The roles every function's matrix has; each function adds its own specialist after them. */
const PROJECT_ROLES: RaciRole[] = [
  { id: 'pm', name: 'Project manager' },
  { id: 'dm', name: 'Delivery manager' },
  { id: 'qcl', name: 'QC lead' },
  { id: 'ado', name: 'Account delivery owner' },
  { id: 'architect', name: 'Architect' },
  { id: 'client', name: 'Client' },
];

/** A function's catalogue: its specialist, and the usual assignment of each of its activities. */
const fn = <Fn extends RaciFunction>(
  code: Fn,
  specialist: RaciRole,
  usual: Record<RaciActivityCode<Fn>, string>,
): FunctionCatalogue => ({
  roles: [...PROJECT_ROLES, specialist],
  activities: raciActivityCodes(code).map((activity): CatalogueActivity => ({
    code: activity as RaciActivityCode,
    name: (RACI_ACTIVITIES[code] as Record<string, string>)[activity]!,
    usual: usual[activity],
  })),
});

//                        roles: PM DM QCL ADO Arch Client Specialist
export const RACI_CATALOGUE: Record<RaciFunction, FunctionCatalogue> = {
  pmo: fn(
    'pmo',
    { id: 'pmo_officer', name: 'PMO officer' },
    {
      maintain_project_plan: 'ACIICIR',
      run_steering_committee: 'RA.C.CR',
      track_budget_and_forecast: 'RA.I..C',
      manage_raid_log: 'AICICIR',
      approve_change_requests: 'RAICCCI',
      report_status_to_client: 'AC.I.IR',
      plan_resources_and_staffing: 'RA.CC.I',
      close_project_and_record_lessons: 'ACRICIR',
    },
  ),
  sla: fn(
    'sla',
    { id: 'service_manager', name: 'Service manager' },
    {
      agree_service_levels: 'CR.ACCR',
      measure_sla_performance: 'IIRI..A',
      report_sla_breaches: 'RA.I.IR',
      run_monthly_service_review: 'CAIC.CR',
      agree_service_credits: 'IC.A.CR',
      maintain_incident_escalation_path: 'RI.ICIA',
      review_sla_before_renewal: 'CRCA.CR',
    },
  ),
  bao: fn(
    'bao',
    { id: 'business_analyst', name: 'Business analyst' },
    {
      elicit_and_document_requirements: 'A.I.CCR',
      run_requirement_workshops: 'A..ICCR',
      maintain_product_backlog: 'AII.CCR',
      sign_off_acceptance_criteria: 'RICI.AR',
      keep_traceability_matrix: 'A.C.I.R',
      assess_requirement_change_impact: 'ACCIRIR',
      approve_business_process_models: 'C..ICAR',
    },
  ),
  qmo: fn(
    'qmo',
    { id: 'quality_manager', name: 'Quality manager' },
    {
      define_quality_plan: 'RCAICIC',
      run_health_checks: 'CIRIC.A',
      track_quality_metrics: 'IIAI..R',
      follow_up_check_findings: 'RIAIC.C',
      run_code_review_process: 'I.R.A.I',
      approve_definition_of_done: 'R.C.CAI',
      prepare_iso_9001_internal_audit: 'CIRI..A',
      keep_lessons_learned_register: 'RIAIC.I',
    },
  ),
  sdo: fn(
    'sdo',
    { id: 'release_manager', name: 'Release manager' },
    {
      plan_releases: 'ACCICCR',
      approve_production_release: 'RICICAR',
      run_deployment: 'I.I.RIA',
      maintain_environments: 'I...A.R',
      handle_production_incidents: 'AIIIRIR',
      run_post_incident_review: 'AIRIRCC',
      maintain_runbooks: 'I.C.A.R',
    },
  ),
  pdmo: fn(
    'pdmo',
    { id: 'product_owner', name: 'Product owner' },
    {
      set_product_roadmap: 'CC.ICAR',
      prioritise_features: 'C...CAR',
      run_sprint_planning: 'A.C.CIR',
      run_sprint_reviews_and_demos: 'AICICCR',
      track_velocity_and_forecast: 'AIRI.IC',
      manage_team_dependencies: 'AC.IRIC',
    },
  ),
  tco: fn(
    'tco',
    { id: 'finance_controller', name: 'Finance controller' },
    {
      estimate_total_cost_of_ownership: 'RA.CRIC',
      track_infrastructure_and_licence_costs: 'AI.IC.R',
      approve_third_party_tool_purchases: 'RA.ICCC',
      review_cloud_spending: 'AI..RIC',
      plan_cost_optimisation: 'RA.CRIC',
      report_cost_against_budget: 'RA.C.IR',
    },
  ),
  security: fn(
    'security',
    { id: 'security_officer', name: 'Security officer' },
    {
      keep_security_commitments_register: 'AICICIR',
      run_threat_modelling: 'I...RCA',
      manage_client_system_access: 'A..ICCR',
      run_vulnerability_scans: 'I.I.RIA',
      handle_security_incidents: 'RI.IRIA',
      train_team_on_secure_coding: 'R.C.C.A',
      review_data_protection_compliance: 'RICICCA',
      approve_security_policy_exceptions: 'RC.CCIA',
    },
  ),
};

/** A letter of a usual assignment, or undefined for '.'. */
export const letterOf = (char: string | undefined): RaciLetter | undefined =>
  char === 'R' || char === 'A' || char === 'C' || char === 'I' ? char : undefined;
