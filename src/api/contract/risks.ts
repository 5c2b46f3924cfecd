/**
 * Risks and issues from project to business segment (spec §2, §3, §4, §5, §6, §8). Spec §7 says the
 * risk calls are "not shown": these are the calls this product designs, DRF-style. The SPA, the mock
 * server and the pact tests all import these types.
 */
import type { PersonRef, RiskLevel } from './actionRequests';

export { RISK_LEVELS, type RiskLevel, type PersonRef } from './actionRequests';

export const RISK_KINDS = ['risk', 'issue'] as const;
export type RiskKind = (typeof RISK_KINDS)[number];
export const RISK_KIND_LABELS: Record<RiskKind, string> = { risk: 'Risk', issue: 'Issue' };

/** Probability and impact of a risk (spec §4). */
export const RATINGS = ['low', 'moderate', 'high'] as const;
export type Rating = (typeof RATINGS)[number];
export const RATING_LABELS: Record<Rating, string> = {
  low: 'Low',
  moderate: 'Moderate',
  high: 'High',
};

/**
 * The rating a probability and an impact make: the heat map of the risk list.
 * Low×Low, Low×Moderate → low; Moderate×Moderate, Low×High → moderate; anything with High beside
 * Moderate or High → high.
 */
export function ratingOf(probability: Rating, impact: Rating): Rating {
  const score = RATINGS.indexOf(probability) + RATINGS.indexOf(impact);
  return score <= 1 ? 'low' : score === 2 ? 'moderate' : 'high';
}

/** Issue priority and severity (spec §4). */
export const ISSUE_GRADES = ['critical', 'high', 'moderate', 'low'] as const;
export type IssueGrade = (typeof ISSUE_GRADES)[number];
export const ISSUE_GRADE_LABELS: Record<IssueGrade, string> = {
  critical: 'Critical',
  high: 'High',
  moderate: 'Moderate',
  low: 'Low',
};

export const RESPONSE_STRATEGIES = ['avoid', 'mitigate', 'transfer', 'accept', 'escalate'] as const;
export type ResponseStrategy = (typeof RESPONSE_STRATEGIES)[number];
export const RESPONSE_STRATEGY_LABELS: Record<ResponseStrategy, string> = {
  avoid: 'Avoid',
  mitigate: 'Mitigate',
  transfer: 'Transfer',
  accept: 'Accept',
  escalate: 'Escalate',
};

export const RESPONSE_DECISIONS = ['accepted', 'rejected'] as const;
export type ResponseDecision = (typeof RESPONSE_DECISIONS)[number];
export const RESPONSE_DECISION_LABELS: Record<ResponseDecision, string> = {
  accepted: 'Accepted',
  rejected: 'Rejected',
};

export const RISK_STATUSES = ['open', 'closed'] as const;
export type RiskStatus = (typeof RISK_STATUSES)[number];
export const RISK_STATUS_LABELS: Record<RiskStatus, string> = { open: 'Open', closed: 'Closed' };

/** How a closed risk or issue was closed. */
export const RESOLUTIONS = [
  'resolved',
  'duplicate',
  'invalid',
  'not_actual',
  'ignored',
  'converted_to_issue',
] as const;
export type Resolution = (typeof RESOLUTIONS)[number];
export const RESOLUTION_LABELS: Record<Resolution, string> = {
  resolved: 'Resolved',
  duplicate: 'Resolved as duplicate',
  invalid: 'Resolved as invalid',
  not_actual: 'Resolved as not actual',
  ignored: 'Ignored',
  converted_to_issue: 'Converted to issue',
};

/** The seven resolution actions of spec §4. */
export const RESOLUTION_ACTIONS = [
  'resolve',
  'resolve_as_duplicate',
  'resolve_as_invalid',
  'resolve_as_not_actual',
  'resolve_as_ignore',
  'convert_to_issue',
  'reopen',
] as const;
export type ResolutionAction = (typeof RESOLUTION_ACTIONS)[number];

/** Other actions (spec §4, §8). Propagate, delegate and escalate create an action request. */
export const RISK_ACTIONS = [
  'propagate',
  'delegate',
  'escalate',
  'raise_awareness',
  'lower_awareness',
  'share_with_account',
  'share_with_project',
] as const;
export type RiskAction = (typeof RISK_ACTIONS)[number];

export const TRANSFER_SIDES = ['company', 'client', 'third_party'] as const;
export type TransferSide = (typeof TRANSFER_SIDES)[number];

/** Visibility tags only help filter what to present to stakeholders; they grant nothing (spec §6). */
export const VISIBILITY_TAGS = [
  'client',
  'steering',
  'management',
  'internal',
  'security',
] as const;
export type VisibilityTag = (typeof VISIBILITY_TAGS)[number];
export const VISIBILITY_TAG_LABELS: Record<VisibilityTag, string> = {
  client: 'Client',
  steering: 'Steering committee',
  management: 'Management',
  internal: 'Internal',
  security: 'Security',
};

export const RISK_CATEGORIES = [
  'delivery',
  'scope',
  'people',
  'quality',
  'technology',
  'security',
  'commercial',
  'client',
] as const;
export type RiskCategory = (typeof RISK_CATEGORIES)[number];
export const RISK_CATEGORY_LABELS: Record<RiskCategory, string> = {
  delivery: 'Delivery',
  scope: 'Scope',
  people: 'People',
  quality: 'Quality',
  technology: 'Technology',
  security: 'Security',
  commercial: 'Commercial',
  client: 'Client',
};

/** Each coded field's value labels: how a risk's history shows a recorded code. */
export const RISK_VALUE_LABELS: Record<string, Record<string, string>> = {
  kind: RISK_KIND_LABELS,
  probability: RATING_LABELS,
  impact: RATING_LABELS,
  rating: RATING_LABELS,
  priority: ISSUE_GRADE_LABELS,
  severity: ISSUE_GRADE_LABELS,
  category: RISK_CATEGORY_LABELS,
  response_strategy: RESPONSE_STRATEGY_LABELS,
  response_decision: RESPONSE_DECISION_LABELS,
  visibility_tags: VISIBILITY_TAG_LABELS,
  status: RISK_STATUS_LABELS,
  resolution: RESOLUTION_LABELS,
};

/** Spec §9 text limits: statement 200, labels 50 each. */
export const STATEMENT_MAX = 200;
export const LABEL_MAX = 50;
export const TEXT_MAX = 5000;

export interface NamedRef {
  id: number;
  name: string;
}

/** The entity a risk lives at: a project, an account, a business line or a business segment. */
export interface RiskScope extends NamedRef {
  level: RiskLevel;
}

export interface RiskTransfer {
  to: PersonRef;
  side: TransferSide;
  comment: string;
  by: PersonRef;
  at: string;
}

/** Fields a user may edit, each behind its spec §6 flag (CAN_EDIT_RISK_* / CAN_EDIT_ISSUE_*). */
export const RISK_EDITABLE_FIELDS = [
  'statement',
  'description',
  'category',
  'probability',
  'impact',
  'priority',
  'severity',
  'response_strategy',
  'response_decision',
  'due_date',
  'labels',
  'visibility_tags',
  'informed_ids',
  'owner_id',
  'client_communication',
] as const;
export type RiskEditableField = (typeof RISK_EDITABLE_FIELDS)[number];

/** One row of a risk list. */
export interface RiskListItem {
  id: number;
  kind: RiskKind;
  level: RiskLevel;
  scope: RiskScope;
  project: NamedRef | null;
  account: NamedRef | null;
  statement: string;
  category: RiskCategory;
  status: RiskStatus;
  resolution: Resolution | null;
  probability: Rating | null;
  impact: Rating | null;
  /** ratingOf(probability, impact) for risks; null for issues. */
  rating: Rating | null;
  priority: IssueGrade | null;
  severity: IssueGrade | null;
  response_strategy: ResponseStrategy | null;
  owner: PersonRef;
  due_date: string | null;
  labels: string[];
  visibility_tags: VisibilityTag[];
  duplicates_group: number | null;
  poll_id: number | null;
  created_at: string;
  updated_at: string;
}

/** `GET /api/risks/{id}/`: the full risk as this user sees it. */
export interface Risk extends RiskListItem {
  description: string;
  response_decision: ResponseDecision | null;
  client_communication: string;
  resolution_comment: string;
  informed: PersonRef[];
  created_by: PersonRef;
  awareness_raised: boolean;
  shared_with: ('account' | 'project')[];
  transfer: RiskTransfer | null;
  action_items_count: number;
  comments_count: number;
  /** What this user may do on this risk (spec §6 flags, narrowed: a receiver of a transfer gets none). */
  user_permissions: string[];
}

/**
 * The register's filters (spec §6 list): the list page keeps them in its URL under these names, and
 * `GET /api/risks/`, `GET /api/risks/summary/` and `POST /api/risks/export/` take them as they are.
 * The server filters; every value is checked (an unknown choice or a malformed date is a 400 on
 * that field).
 */
export interface RiskFilters {
  kind?: RiskKind;
  status?: RiskStatus;
  probability?: Rating;
  impact?: Rating;
  /** ratingOf(probability, impact): risks only. */
  rating?: Rating;
  priority?: IssueGrade;
  severity?: IssueGrade;
  /** The owner's person id. */
  owner?: number;
  /** One visibility tag the risk carries. */
  tag?: VisibilityTag;
  /** One label, matched whole and case-insensitively. */
  label?: string;
  /** Due on or before, YYYY-MM-DD (risks without a due date never pass). */
  due_before?: string;
  /** Due on or after, YYYY-MM-DD. */
  due_after?: string;
  /** Has an action item not done yet that this person (id) owns. */
  action_owner?: number;
  /** With `action_owner`: that action item is due on or before, YYYY-MM-DD. */
  action_due_before?: string;
  /**
   * Words, each of which must occur (case-insensitively) in the statement, the description, a label
   * or the owner's name or login. A word that is a number names a risk or issue too: `123` finds
   * risk 123 besides the texts holding 123; `#123` finds risk 123 only.
   */
  search?: string;
}

/** The register's scope: one level (project by default), one entity of it or all, one check. */
export interface RiskScopeQuery {
  level?: RiskLevel;
  scope?: number;
  /** Only those created during this check (the survey's risks step). */
  poll?: number;
}

/**
 * `ordering` of `GET /api/risks/` and the export: one field, `-` for descending. Graded fields
 * (probability, impact, rating, priority, severity) order Low → High (→ Critical); rows without the
 * value (a graded field, the due date, labels) come last in either direction. Texts order
 * case-insensitively: `owner` as 'Name (login)', `scope` by its name, `status` with its resolution,
 * `labels` joined. Ties fall back to the default, newest first (-created_at, -id).
 */
export const RISK_ORDERING_FIELDS = [
  'id',
  'kind',
  'statement',
  'scope',
  'status',
  'probability',
  'impact',
  'rating',
  'priority',
  'severity',
  'owner',
  'due_date',
  'labels',
  'created_at',
  'updated_at',
] as const;
export type RiskOrderingField = (typeof RISK_ORDERING_FIELDS)[number];
export type RiskOrdering = RiskOrderingField | `-${RiskOrderingField}`;
export const RISK_DEFAULT_ORDERING: RiskOrdering = '-created_at';

/** DRF paging of the register: the list asks for RISK_PAGE_SIZE rows a page; more than the maximum is a 400. */
export const RISK_PAGE_SIZE = 100;
export const RISK_PAGE_SIZE_MAX = 1000;

/**
 * `GET /api/risks/`: the register filtered, ordered and paged on the server
 * (`Paginated<RiskListItem>`; `count` is every row the filters show). A page past the last is a 404
 * (DRF's "Invalid page.").
 */
export interface RiskListQuery extends RiskScopeQuery, RiskFilters {
  ordering?: RiskOrdering;
  page?: number;
  page_size?: number;
}

/** One cell of the heat map: open risks of this probability × impact. */
export interface RiskHeatCell {
  probability: Rating;
  impact: Rating;
  count: number;
}

/**
 * `GET /api/risks/summary/?<RiskScopeQuery & RiskFilters>`: what the list shows beside its rows,
 * counted on the server over the whole register.
 */
export interface RiskSummary {
  /** Rows the filters show: equal to the list's `count` for the same query. */
  count: number;
  /**
   * Open risks that pass every filter but probability, impact and rating, by probability × impact:
   * all nine cells, in RATINGS × RATINGS order, zeros included.
   */
  heat: RiskHeatCell[];
  /** The owners of the scope's risks and issues (before the filters), by name: the owner filter's choices. */
  owners: PersonRef[];
  /** The labels used in the scope (before the filters), alphabetically: the label filter's choices. */
  labels: string[];
}

/** `POST /api/risks/` and `POST /api/risk-drafts/{id}/create/`. */
export interface RiskCreateRequest {
  kind: RiskKind;
  level: RiskLevel;
  scope_id: number;
  statement: string;
  description: string;
  category: RiskCategory;
  probability: Rating | null;
  impact: Rating | null;
  priority: IssueGrade | null;
  severity: IssueGrade | null;
  response_strategy: ResponseStrategy | null;
  due_date: string | null;
  labels: string[];
  visibility_tags: VisibilityTag[];
  informed_ids: number[];
  poll_id: number | null;
}

/** `PATCH /api/risks/{id}/`: any editable fields; each needs its edit flag (403 otherwise). */
export type RiskUpdateRequest = Partial<{
  statement: string;
  description: string;
  category: RiskCategory;
  probability: Rating;
  impact: Rating;
  priority: IssueGrade;
  severity: IssueGrade;
  response_strategy: ResponseStrategy | null;
  response_decision: ResponseDecision | null;
  due_date: string | null;
  labels: string[];
  visibility_tags: VisibilityTag[];
  informed_ids: number[];
  owner_id: number;
  client_communication: string;
}>;

/** `POST /api/risks/{id}/resolution/`. */
export interface ResolutionRequest {
  action: ResolutionAction;
  comment: string;
}

/** `POST /api/risks/{id}/actions/`: recipient for propagate, delegate and escalate. */
export interface RiskActionRequest {
  action: RiskAction;
  recipient_id?: number;
  comment?: string;
}

/** `POST /api/risks/{id}/transfer/`. */
export interface TransferRequest {
  user_id: number;
  side: TransferSide;
  comment: string;
}

export interface ActionItem {
  id: number;
  title: string;
  owner: PersonRef;
  due_date: string | null;
  done: boolean;
  created_at: string;
}

export interface ActionItemRequest {
  title: string;
  owner_id: number;
  due_date: string | null;
  done?: boolean;
}

export interface Attachment {
  id: number;
  name: string;
  size: number;
  content_type: string;
  /** Same-origin download address. */
  url: string;
}

export interface RiskComment {
  id: number;
  /** The text as written; the SPA escapes it and links plain URLs (spec §5). */
  text: string;
  author: PersonRef;
  created_at: string;
  attachments: Attachment[];
}

/** `GET /api/risks/{id}/history/`: every change, field by field. */
export interface HistoryEntry {
  id: number;
  at: string;
  by: PersonRef;
  /** A field name, or an event: created, resolution, action, transfer, comment, action_item. */
  field: string;
  old_value: string;
  new_value: string;
}

export interface RiskDraft {
  id: number;
  kind: RiskKind;
  level: RiskLevel;
  /** Whatever was typed; any field may still be empty. */
  data: Partial<RiskCreateRequest>;
  updated_at: string;
  /** `data.scope_id` and `data.informed_ids` expanded for display (read-only; optional). */
  scope?: RiskScope | null;
  informed?: PersonRef[];
}

export interface RiskDraftRequest {
  kind: RiskKind;
  level: RiskLevel;
  data: Partial<RiskCreateRequest>;
}

export interface DuplicatesGroup {
  id: number;
  /** The first one created in the group. */
  initial: RiskListItem;
  duplicates: RiskListItem[];
}

/** `GET /api/risks/similar/?level=&scope=&kind=&statement=`: likely duplicates before saving. */
export interface SimilarRisk {
  risk: RiskListItem;
  /** 0–1. */
  score: number;
}

/**
 * Export of the filtered register (spec §8). Up to EXPORT_DOWNLOAD_LIMIT rows the browser reads them
 * (`GET /api/risks/?page_size=EXPORT_DOWNLOAD_LIMIT`) and builds the workbook; above it,
 * `POST /api/risks/export/` with the same query (no paging) is accepted (202) and the server e-mails
 * the workbook. The mock keeps what it "sent" in its outbox.
 */
export const EXPORT_DOWNLOAD_LIMIT = 1000;
export interface RiskExportQuery extends RiskScopeQuery, RiskFilters {
  ordering?: RiskOrdering;
}
export interface RiskExportQueued {
  email: string;
  count: number;
}

/** Spec §5 comment attachments. */
export const ATTACHMENT_MAX_FILES = 5;
export const ATTACHMENT_MAX_BYTES = 52_428_800;
export const ATTACHMENT_EXTENSIONS = [
  'xls',
  'xlsx',
  'ods',
  'doc',
  'docx',
  'odt',
  'ppt',
  'pptx',
  'odp',
  'jpeg',
  'jpg',
  'png',
  'bmp',
  'pdf',
] as const;
export const FILE_ERROR =
  "The file you're attaching cannot be uploaded. Change the file size or format.";

/** The limits of one kind of upload (spec §5): how many files, how large, which extensions. */
export interface UploadRule {
  maxFiles: number;
  maxBytes: number;
  extensions: readonly string[];
}

/** Spec §5: may this file be uploaded under `rule`? By extension and size (the server also sniffs the content). */
export function fileAllowed(
  rule: Pick<UploadRule, 'maxBytes' | 'extensions'>,
  file: { name: string; size: number },
): boolean {
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  return file.size > 0 && file.size <= rule.maxBytes && rule.extensions.includes(extension);
}

/** Spec §5: may this file be attached to a comment? */
export function attachmentAllowed(file: { name: string; size: number }): boolean {
  return fileAllowed({ maxBytes: ATTACHMENT_MAX_BYTES, extensions: ATTACHMENT_EXTENSIONS }, file);
}

/** Spec §8 messages, word for word. */
export const RISK_MESSAGES = {
  actionProcessed: (kind: RiskKind) =>
    `Success! Your action on the ${kind} has been successfully processed.`,
  reopened: (kind: RiskKind) => `You have successfully reopened the ${kind}`,
  createdFromDraft: (kind: RiskKind) => `The ${kind} has been successfully created from the draft`,
  sharedWithAccount: (kind: RiskKind) =>
    `You have successfully shared the ${kind} visibility for the account`,
  sharedWithProject: (kind: RiskKind) =>
    `You have successfully shared the ${kind} visibility for the project level`,
  excelDownload:
    'Please keep this page open until the download of your Excel file is complete. It may take a few moments.',
  excelByEmail:
    'We are sending you your Excel file by email. Please check your email box in a few moments.',
  excelWillBeSent: 'Excel will be sent via email',
  switchTabWarning: 'Risk statement and category will be cleared after switching to another tab',
} as const;

/**
 * Spec §6 edit flags, field by field. The server narrows them per risk into `user_permissions`
 * (none for the receiver of a transfer, only reopen on a closed one); the SPA shows a field it may
 * not edit read-only, and the server answers 403 to a PATCH that touches it.
 */
export const FIELD_PERMISSIONS: Record<RiskKind, Record<RiskEditableField, string | null>> = {
  risk: {
    statement: 'CAN_EDIT_RISK_STATEMENT',
    description: 'CAN_EDIT_RISK_STATEMENT',
    category: 'CAN_EDIT_RISK_STATEMENT',
    probability: 'CAN_EDIT_RISK_PROBABILITY',
    impact: 'CAN_EDIT_RISK_IMPACT',
    priority: null,
    severity: null,
    response_strategy: 'CAN_EDIT_RISK_RESPONSE_STRATEGY',
    response_decision: 'CAN_EDIT_RISK_RESPONSE_STRATEGY',
    due_date: 'CAN_EDIT_RISK_DUE_DATE',
    labels: 'CAN_EDIT_RISK_LABEL',
    visibility_tags: 'CAN_EDIT_RISK_LABEL',
    informed_ids: 'CAN_EDIT_RISK_INFORMED_PEOPLE',
    owner_id: 'CAN_EDIT_RISK',
    client_communication: 'CAN_EDIT_RISK_COMMUNICATION_WITH_CLIENT',
  },
  issue: {
    statement: 'CAN_EDIT_ISSUE_STATEMENT',
    description: 'CAN_EDIT_ISSUE_STATEMENT',
    category: 'CAN_EDIT_ISSUE_STATEMENT',
    probability: null,
    impact: null,
    priority: 'CAN_EDIT_ISSUE_PRIORITY',
    severity: 'CAN_EDIT_ISSUE_SEVERITY',
    response_strategy: null,
    response_decision: null,
    due_date: 'CAN_EDIT_ISSUE_DUE_DATE',
    labels: 'CAN_EDIT_ISSUE_LABEL',
    visibility_tags: 'CAN_EDIT_ISSUE_LABEL',
    informed_ids: 'CAN_EDIT_ISSUE_INFORMED',
    owner_id: 'CAN_EDIT_ISSUE_STATEMENT',
    client_communication: 'CAN_EDIT_ISSUE_COMMUNICATION',
  },
};

/** The flag each other capability needs, per kind (null: not available for that kind). */
export const CAPABILITY_PERMISSIONS: Record<
  RiskKind,
  Record<
    | 'action_items'
    | 'resolution'
    | 'reopen'
    | 'transfer'
    | 'awareness'
    | 'propagate'
    | 'delegate'
    | 'escalate'
    | 'share'
    | 'comment',
    string | null
  >
> = {
  risk: {
    action_items: 'CAN_EDIT_RISK_ACTION_PLAN',
    resolution: 'CAN_EDIT_RISK_RESOLUTION',
    reopen: 'CAN_REOPEN_RISK',
    transfer: 'CAN_EDIT_RISK_TRANSFER_TAB',
    awareness: 'CAN_EDIT_RISK_AWARENESS',
    propagate: 'CAN_PROPAGATE_RISK',
    delegate: 'CAN_DELEGATE_RISK',
    escalate: 'CAN_ESCALATE_RISK',
    share: 'CAN_EDIT_RISK',
    comment: 'CAN_VIEW_RISK',
  },
  issue: {
    action_items: 'CAN_EDIT_ISSUE_ACTION_PLAN',
    resolution: 'CAN_EDIT_ISSUE_RESOLUTION',
    reopen: 'CAN_REOPEN_ISSUE',
    transfer: null,
    awareness: 'CAN_EDIT_ISSUE_AWARENESS',
    propagate: 'CAN_PROPAGATE_ISSUE',
    delegate: 'CAN_DELEGATE_ISSUE',
    escalate: 'CAN_ESCALATE_ISSUE',
    share: 'CAN_EDIT_ISSUE_STATEMENT',
    comment: 'CAN_VIEW_ISSUE',
  },
};

/** Creating at a level above the project needs that level's flag beside CAN_CREATE_RISK/ISSUE. */
export const LEVEL_CREATE_FLAGS: Record<RiskLevel, string | null> = {
  project: null,
  account: 'CAN_CREATE_ACCOUNT_LEVEL',
  business_line: 'CAN_CREATE_BUSINESS_LINE_LEVEL',
  business_segment: 'CAN_CREATE_BUSINESS_SEGMENT_LEVEL',
};

/** Every flag creating this kind at this level needs (the server answers 403 without one). */
export function createFlags(kind: RiskKind, level: RiskLevel): string[] {
  const levelFlag = LEVEL_CREATE_FLAGS[level];
  return [
    kind === 'risk' ? 'CAN_CREATE_RISK' : 'CAN_CREATE_ISSUE',
    ...(levelFlag ? [levelFlag] : []),
  ];
}
