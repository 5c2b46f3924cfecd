/**
 * Gen AI approvals of a project (issue 14, the card's Gen AI approvals tab). Spec §7 says the
 * project calls are "not shown": these are the calls this product designs, DRF-style. The SPA, the
 * mock server and the pact tests import them.
 *
 * A request asks to use one generative-AI tool on the project: its purpose, the most sensitive
 * class of data it would see, and the client's consent with its evidence. Someone who keeps the
 * project card (CAN_EDIT_PROJECT_CARD) raises it and records which tools the project uses; someone
 * who keeps the tools and technologies register (CAN_EDIT_TECH_REGISTER, spec §6 "tech register")
 * decides: approves with conditions and an expiry, or rejects with a reason. An approval past its
 * expiry is 'expired'. A tool in use without an approved, unexpired request is flagged on the
 * card's Overview.
 *
 * The client's consent is kept twice: a text (who agreed, when and how) and its evidence as files
 * (the email or the signed form), under spec §5's general attachment rules. A class in
 * GEN_AI_CONSENT_NEEDED is approved only with consent 'yes', its text and at least one file.
 */
import type { PersonRef } from './actionRequests';
import type { ProjectFile } from './projects';
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES, type UploadRule } from './risks';

export const GEN_AI_REQUEST_FLAG = 'CAN_EDIT_PROJECT_CARD';
export const GEN_AI_DECIDE_FLAG = 'CAN_EDIT_TECH_REGISTER';

export const GEN_AI_STATES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type GenAiState = (typeof GEN_AI_STATES)[number];
export const GEN_AI_STATE_LABELS: Record<GenAiState, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  expired: 'Expired',
};

/** The most sensitive data the tool would see, least sensitive first. */
export const GEN_AI_DATA_CLASSES = [
  'public',
  'internal',
  'confidential',
  'client_confidential',
  'personal_data',
] as const;
export type GenAiDataClass = (typeof GEN_AI_DATA_CLASSES)[number];
export const GEN_AI_DATA_CLASS_LABELS: Record<GenAiDataClass, string> = {
  public: 'Public',
  internal: 'Internal',
  confidential: 'Confidential',
  client_confidential: 'Client confidential',
  personal_data: 'Personal data',
};
/** Classes a tool may only see with the client's consent given ('yes'). */
export const GEN_AI_CONSENT_NEEDED: readonly GenAiDataClass[] = [
  'client_confidential',
  'personal_data',
];

export const GEN_AI_CONSENTS = ['yes', 'no', 'pending'] as const;
export type GenAiConsent = (typeof GEN_AI_CONSENTS)[number];
export const GEN_AI_CONSENT_LABELS: Record<GenAiConsent, string> = {
  yes: 'Yes',
  no: 'No',
  pending: 'Pending',
};

export const GEN_AI_LIMITS = {
  tool: 100,
  purpose: 1000,
  consent_evidence: 1000,
  conditions: 1000,
  reason: 500,
} as const;

/**
 * The consent's evidence files: spec §5's general attachments (each up to 52 428 800 bytes, PDF,
 * images, Office and OpenDocument files; the content checked against the extension); this product
 * keeps a request to five files, as an agreement's documents.
 */
export const GEN_AI_UPLOAD = {
  maxFiles: 5,
  maxBytes: ATTACHMENT_MAX_BYTES,
  extensions: ATTACHMENT_EXTENSIONS,
} as const satisfies UploadRule;

/** The server's messages the SPA shows as they are. */
export const GEN_AI_MESSAGES = {
  evidenceNeeded: 'Give the evidence of the client’s consent (who agreed, when and how).',
  consentNeeded: 'This data classification needs the client’s consent: record it before approving.',
  decided: 'This request has already been decided.',
  expiryPast: 'The expiry must be after today.',
  alreadyInUse: 'This tool is already recorded as in use on the project.',
  /** On `consent_files` of an approval: a class in GEN_AI_CONSENT_NEEDED without a file. */
  consentFileNeeded:
    'Attach the client’s consent (the email or the signed form) before approving this data classification.',
  /** On `files`: more than GEN_AI_UPLOAD.maxFiles on one request. */
  tooManyFiles: `A request holds at most ${GEN_AI_UPLOAD.maxFiles} consent files.`,
  /** non_field_errors of an upload or a removal on a decided request: its evidence is kept as decided. */
  evidenceFrozen: 'The evidence of a decided request cannot change.',
} as const;

/** Whether `approval` may be approved as it stands; the reason it waits when not. */
export function approvalWaitsFor(
  approval: Pick<GenAiApproval, 'data_classification' | 'client_consent' | 'consent_files'>,
): string | null {
  if (!GEN_AI_CONSENT_NEEDED.includes(approval.data_classification)) return null;
  if (approval.client_consent !== 'yes') return GEN_AI_MESSAGES.consentNeeded;
  if (approval.consent_files.length === 0) return GEN_AI_MESSAGES.consentFileNeeded;
  return null;
}

/** `GET /api/projects/{id}/gen-ai-approvals/`: newest request first. */
export interface GenAiApproval {
  id: number;
  tool: string;
  purpose: string;
  data_classification: GenAiDataClass;
  client_consent: GenAiConsent;
  /** Who agreed, when and how; empty when the consent is not given. */
  consent_evidence: string;
  /** The email or signed form with the consent, each with a download address signed for the caller. */
  consent_files: ProjectFile[];
  /** 'expired' when approved and past `expires_on` (computed by the server on the day). */
  state: GenAiState;
  requested_by: PersonRef;
  requested_at: string;
  decided_by: PersonRef | null;
  decided_at: string | null;
  /** The conditions of an approval; empty otherwise. */
  conditions: string;
  /** `YYYY-MM-DD`, the last day an approval is valid; null unless approved. */
  expires_on: string | null;
  /** Why it was rejected; empty otherwise. */
  rejection_reason: string;
}

/**
 * `POST /api/projects/{id}/gen-ai-approvals/` (CAN_EDIT_PROJECT_CARD): a pending request.
 * `consent_evidence` is required when `client_consent` is 'yes'.
 */
export interface NewGenAiApproval {
  tool: string;
  purpose: string;
  data_classification: GenAiDataClass;
  client_consent: GenAiConsent;
  consent_evidence?: string;
}

/**
 * `POST /api/projects/{id}/gen-ai-approvals/{aid}/decision/` (CAN_EDIT_TECH_REGISTER) on a
 * pending request: approve with `conditions` and `expires_on` (after today), or reject with a
 * `reason`. A class in GEN_AI_CONSENT_NEEDED is approved only with the client's consent 'yes'
 * (400 non_field_errors) and at least one consent file (400 `consent_files`
 * GEN_AI_MESSAGES.consentFileNeeded). Answers the request.
 */
export type GenAiDecision =
  | { decision: 'approve'; conditions: string; expires_on: string }
  | { decision: 'reject'; reason: string };

/*
 * Consent files: `POST /api/projects/{id}/gen-ai-approvals/{aid}/consent-files/` as multipart
 * `files` (CAN_EDIT_PROJECT_CARD) on a pending request answers 201 with the GenAiApproval; a
 * refused upload stores nothing: 400 `{files: [FILE_ERROR]}` (type, size, content, empty), `{files:
 * [GEN_AI_MESSAGES.tooManyFiles]}`, or non_field_errors evidenceFrozen on a decided request.
 * `DELETE …/consent-files/{fileId}/` answers 204 (the same 403 and 400). A file downloads from its
 * `url` (`GET /api/gen-ai-files/{fileId}/?user=&expires=&signature=`) for whoever sees the card.
 */

/** One tool the project uses, with the approval that covers it today (null: none). */
export interface GenAiToolUse {
  id: number;
  tool: string;
  /** `YYYY-MM-DD`. */
  since: string;
  recorded_by: PersonRef;
  approval: { id: number; expires_on: string } | null;
}

/**
 * `GET /api/projects/{id}/gen-ai-usage/`: the tools in use, by name, and those without a valid
 * approval (what the Overview flags).
 */
export interface GenAiUsage {
  tools: GenAiToolUse[];
  unapproved_tools: string[];
}

/**
 * `POST /api/projects/{id}/gen-ai-usage/` (CAN_EDIT_PROJECT_CARD): the project uses a tool since a
 * day; answers the usage. `DELETE …/gen-ai-usage/{uid}/`: it no longer does (204).
 */
export interface NewGenAiToolUse {
  tool: string;
  since: string;
}

/** The same tool, whatever its case and spaces. */
export const sameTool = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();
