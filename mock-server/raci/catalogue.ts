import type { RaciFunction, RaciLetter, RaciRole } from '../../src/api/contract/raci';

/**
 * What each function's matrix holds: its roles (the columns) and its activities (the rows), each
 * activity with the usual assignment of a delivery organisation, one letter per role in the
 * order of the roles ('.' for an empty cell). The seed starts every project from these.
 */
export interface CatalogueActivity {
  id: number;
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

const fn = (
  specialist: RaciRole,
  firstId: number,
  activities: [name: string, usual: string][],
): FunctionCatalogue => ({
  roles: [...PROJECT_ROLES, specialist],
  activities: activities.map(([name, usual], index) => ({ id: firstId + index, name, usual })),
});

//                        roles: PM DM QCL ADO Arch Client Specialist
export const RACI_CATALOGUE: Record<RaciFunction, FunctionCatalogue> = {
  pmo: fn({ id: 'pmo_officer', name: 'PMO officer' }, 101, [
    ['Maintain the project plan', 'ACIICIR'],
    ['Run the steering committee', 'RA.C.CR'],
    ['Track the budget and forecast', 'RA.I..C'],
    ['Manage the RAID log', 'AICICIR'],
    ['Approve change requests', 'RAICCCI'],
    ['Report status to the client', 'AC.I.IR'],
    ['Plan resources and staffing', 'RA.CC.I'],
    ['Close the project and record lessons learned', 'ACRICIR'],
  ]),
  sla: fn({ id: 'service_manager', name: 'Service manager' }, 201, [
    ['Agree the service levels with the client', 'CR.ACCR'],
    ['Measure SLA performance monthly', 'IIRI..A'],
    ['Report SLA breaches to the client', 'RA.I.IR'],
    ['Run the monthly service review', 'CAIC.CR'],
    ['Agree service credits', 'IC.A.CR'],
    ['Maintain the incident escalation path', 'RI.ICIA'],
    ['Review the SLA before contract renewal', 'CRCA.CR'],
  ]),
  bao: fn({ id: 'business_analyst', name: 'Business analyst' }, 301, [
    ['Elicit and document requirements', 'A.I.CCR'],
    ['Run requirement workshops with the client', 'A..ICCR'],
    ['Maintain the product backlog', 'AII.CCR'],
    ['Sign off acceptance criteria', 'RICI.AR'],
    ['Keep the requirements traceability matrix', 'A.C.I.R'],
    ['Assess the impact of requirement changes', 'ACCIRIR'],
    ['Approve the business process models', 'C..ICAR'],
  ]),
  qmo: fn({ id: 'quality_manager', name: 'Quality manager' }, 401, [
    ['Define the quality plan', 'RCAICIC'],
    ['Run project health checks', 'CIRIC.A'],
    ['Track quality metrics', 'IIAI..R'],
    ['Follow up on check findings', 'RIAIC.C'],
    ['Run the code review process', 'I.R.A.I'],
    ['Approve the definition of done', 'R.C.CAI'],
    ['Prepare the ISO 9001 internal audit', 'CIRI..A'],
    ['Keep the lessons learned register', 'RIAIC.I'],
  ]),
  sdo: fn({ id: 'release_manager', name: 'Release manager' }, 501, [
    ['Plan the releases', 'ACCICCR'],
    ['Approve a release to production', 'RICICAR'],
    ['Run the deployment', 'I.I.RIA'],
    ['Maintain the environments', 'I...A.R'],
    ['Handle production incidents', 'AIIIRIR'],
    ['Run the post-incident review', 'AIRIRCC'],
    ['Maintain the runbooks', 'I.C.A.R'],
  ]),
  pdmo: fn({ id: 'product_owner', name: 'Product owner' }, 601, [
    ['Set the product roadmap', 'CC.ICAR'],
    ['Prioritise the features', 'C...CAR'],
    ['Run sprint planning', 'A.C.CIR'],
    ['Run sprint reviews and demos', 'AICICCR'],
    ['Track velocity and the delivery forecast', 'AIRI.IC'],
    ['Manage dependencies between teams', 'AC.IRIC'],
  ]),
  tco: fn({ id: 'finance_controller', name: 'Finance controller' }, 701, [
    ['Estimate the total cost of ownership', 'RA.CRIC'],
    ['Track infrastructure and licence costs', 'AI.IC.R'],
    ['Approve third-party tool purchases', 'RA.ICCC'],
    ['Review cloud spending monthly', 'AI..RIC'],
    ['Plan cost optimisation actions', 'RA.CRIC'],
    ['Report cost against the budget to the client', 'RA.C.IR'],
  ]),
  security: fn({ id: 'security_officer', name: 'Security officer' }, 801, [
    ['Keep the security commitments register', 'AICICIR'],
    ['Run the threat modelling', 'I...RCA'],
    ['Manage access rights to client systems', 'A..ICCR'],
    ['Run vulnerability scans', 'I.I.RIA'],
    ['Handle security incidents', 'RI.IRIA'],
    ['Train the team on secure coding', 'R.C.C.A'],
    ['Review data protection compliance', 'RICICCA'],
    ['Approve exceptions to the security policy', 'RC.CCIA'],
  ]),
};

/** A letter of a usual assignment, or undefined for '.'. */
export const letterOf = (char: string | undefined): RaciLetter | undefined =>
  char === 'R' || char === 'A' || char === 'C' || char === 'I' ? char : undefined;
