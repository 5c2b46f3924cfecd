/**
 * Accounts, business lines and business segments (spec §1, §2, §3, §6): the accounts list, the
 * account details page and the pages of a line and a segment. Spec §7 says these calls are "not
 * shown": these are the calls this product designs, DRF-style. The SPA, the mock server and the
 * pact tests all import these types.
 *
 * The read-only directory list `GET /api/accounts/` (AccountListItem, its `delivery_owner` a plain
 * name) stays as it is; the richer shapes here sit beside it.
 */
import type { PersonRef } from './actionRequests';
import type { AccountListItem, ListQuery } from './directory';
import type { ProjectStatus } from './projects';
import type { IssueGrade, NamedRef, Rating } from './risks';

/** The flags that open the pages (spec §6: "account, business segment and business line tabs"). */
export const ACCOUNT_TAB_FLAG = 'CAN_VIEW_ACCOUNT_TAB';
export const BUSINESS_LINE_TAB_FLAG = 'CAN_VIEW_BUSINESS_LINE_TAB';
export const BUSINESS_SEGMENT_TAB_FLAG = 'CAN_VIEW_BUSINESS_SEGMENT_TAB';
/** Editing the extra account assistants (spec §6 "Project data: edit project card"). */
export const ACCOUNT_EDIT_FLAG = 'CAN_EDIT_PROJECT_CARD';

export type NpsStatus = AccountListItem['nps_status'];
export type CsatStatus = AccountListItem['csat_status'];

export const NPS_STATUSES = [
  'promoter',
  'passive',
  'detractor',
  'unknown',
] as const satisfies readonly NpsStatus[];
export const CSAT_STATUSES = [
  'satisfied',
  'neutral',
  'dissatisfied',
  'unknown',
] as const satisfies readonly CsatStatus[];

export const NPS_LABELS: Record<NpsStatus, string> = {
  promoter: 'Promoter',
  passive: 'Passive',
  detractor: 'Detractor',
  unknown: 'Unknown',
};
export const CSAT_LABELS: Record<CsatStatus, string> = {
  satisfied: 'Satisfied',
  neutral: 'Neutral',
  dissatisfied: 'Dissatisfied',
  unknown: 'Unknown',
};

/** Open risks by rating and open issues by severity, every key present (0 when none). */
export interface OpenRiskCounts {
  risks: number;
  issues: number;
  risks_by_rating: Record<Rating, number>;
  issues_by_severity: Record<IssueGrade, number>;
}

/**
 * One row of `GET /api/accounts/overview/`, and an account on the page of its line or segment.
 * `open_risks` and `open_issues` count everything open under the account: its own level and the
 * project level of its projects.
 */
export interface AccountRow {
  id: number;
  name: string;
  business_line: NamedRef;
  business_segment: NamedRef;
  delivery_owner: PersonRef | null;
  nps_status: NpsStatus;
  csat_status: CsatStatus;
  projects_count: number;
  open_risks: number;
  open_issues: number;
}

/** `GET /api/accounts/overview/`: search (the name), filters and the order by name. */
export interface AccountListQuery extends ListQuery {
  line?: number;
  segment?: number;
}
export const ACCOUNT_ORDERING_FIELDS = ['name'] as const;

/** One project on the account page. */
export interface AccountProject {
  id: number;
  name: string;
  code: string;
  status: ProjectStatus;
  high_ownership: boolean;
  manager: PersonRef | null;
  open_risks: number;
  open_issues: number;
}

/**
 * `GET /api/accounts/{id}/details/`: the account page. Delivery owner, owner assistant, NPS and
 * CSAT statuses come from the CRM and are changed there (spec §6); the extra account assistants
 * are this platform's own and hold permissions on it only.
 */
export interface AccountDetail {
  id: number;
  name: string;
  business_line: NamedRef;
  business_segment: NamedRef;
  delivery_owner: PersonRef | null;
  owner_assistant: PersonRef | null;
  extra_assistants: PersonRef[];
  nps_status: NpsStatus;
  csat_status: CsatStatus;
  projects: AccountProject[];
  /** Open risks and issues at the account level. */
  account_risks: OpenRiskCounts;
  /** Open risks and issues at the project level, over the account's projects. */
  project_risks: OpenRiskCounts;
}

/** The fields that come from the CRM: a PATCH naming one is a 400 on that field. */
export const CRM_FIELDS = [
  'delivery_owner',
  'owner_assistant',
  'nps_status',
  'csat_status',
] as const;
export type CrmField = (typeof CRM_FIELDS)[number];
export const CRM_FIELD_MESSAGES: Record<CrmField, string> = {
  delivery_owner: 'The delivery owner is changed in the CRM, not on this platform.',
  owner_assistant: 'The owner assistant is changed in the CRM, not on this platform.',
  nps_status: 'The NPS status comes from the CRM and is changed there.',
  csat_status: 'The CSAT status comes from the CRM and is changed there.',
};

/**
 * `PATCH /api/accounts/{id}/details/` (CAN_EDIT_PROJECT_CARD): the whole list of extra account
 * assistants at once. The SPA adds and removes one at a time through the calls below.
 */
export interface AccountPatch {
  extra_assistant_ids?: number[];
}

/** `POST /api/accounts/{id}/extra-assistants/` (CAN_EDIT_PROJECT_CARD): answers the account, 201. */
export interface AddExtraAssistantRequest {
  user_id: number;
}
/** `DELETE /api/accounts/{id}/extra-assistants/{user_id}/` answers 204. */

/** `GET /api/accounts/{id}/history/`: every change made on the account page, newest first. */
export interface AccountHistoryEntry {
  id: number;
  at: string;
  by: PersonRef;
  field: string;
  old_value: string;
  new_value: string;
}

/** `GET /api/business-lines/`: every line with its segment (the filters of the accounts list). */
export interface BusinessLineRef extends NamedRef {
  segment_id: number;
}

/** One line on the page of its segment. */
export interface BusinessLineRow extends NamedRef {
  accounts_count: number;
  projects_count: number;
  open_risks: number;
  open_issues: number;
}

/** `GET /api/business-lines/{id}/` (CAN_VIEW_BUSINESS_LINE_TAB). */
export interface BusinessLineDetail {
  id: number;
  name: string;
  business_segment: NamedRef;
  accounts: AccountRow[];
  projects_count: number;
  /** Open risks and issues at the business line level itself. */
  line_risks: OpenRiskCounts;
}

/** `GET /api/business-segments/{id}/` (CAN_VIEW_BUSINESS_SEGMENT_TAB). */
export interface BusinessSegmentDetail {
  id: number;
  name: string;
  lines: BusinessLineRow[];
  accounts: AccountRow[];
  projects_count: number;
  /** Open risks and issues at the business segment level itself. */
  segment_risks: OpenRiskCounts;
}

/** Where each page lives in the SPA. */
export const accountPath = (id: number) => `/accounts/${id}`;
export const businessLinePath = (id: number) => `/accounts/business-lines/${id}`;
export const businessSegmentPath = (id: number) => `/accounts/business-segments/${id}`;
