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

/** A row: an activity of the function and, for every role of the matrix, its cell. */
export interface RaciActivity {
  id: number;
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
 * by its id, each with its cells by role id ('' or null, or a role left out, is an empty cell).
 */
export interface RaciMatrixPut {
  activities: Record<string, Record<string, RaciCell | null>>;
}

/**
 * A refused PUT or validation (400): the activities at fault by id, each with its messages, as a
 * DRF DictField nests them: `{"activities": {"101": ["Exactly one A …: found 2."]}}`. A body
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
