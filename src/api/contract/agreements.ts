/**
 * Project agreements (issue 14, the card's Project agreements tab): the contract, SOWs, SLAs and
 * change agreements with the client. Spec §7 says the project calls are "not shown": these are the
 * calls this product designs, DRF-style. The SPA, the mock server and the pact tests import them.
 *
 * Reading needs the card (CAN_VIEW_PROJECT_CARD); every write CAN_EDIT_PROJECT_CARD (a 403 names
 * it). Documents follow spec §5's general attachment rules.
 */
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES, type UploadRule } from './risks';
import type { ProjectFile } from './projects';

export const AGREEMENT_TYPES = ['contract', 'sow', 'sla', 'change'] as const;
export type AgreementType = (typeof AGREEMENT_TYPES)[number];
export const AGREEMENT_TYPE_LABELS: Record<AgreementType, string> = {
  contract: 'Contract',
  sow: 'SOW',
  sla: 'SLA',
  change: 'Change agreement',
};

export const AGREEMENT_STATES = ['draft', 'signed', 'expired'] as const;
export type AgreementState = (typeof AGREEMENT_STATES)[number];
export const AGREEMENT_STATE_LABELS: Record<AgreementState, string> = {
  draft: 'Draft',
  signed: 'Signed',
  expired: 'Expired',
};

export const AGREEMENT_CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'PLN'] as const;
export type AgreementCurrency = (typeof AGREEMENT_CURRENCIES)[number];

export const AGREEMENT_EDIT_FLAG = 'CAN_EDIT_PROJECT_CARD';

/** Spec §9 text limits: the reference one of 50, the parties one of 200. */
export const AGREEMENT_LIMITS = { reference: 50, parties: 200 } as const;
/** The highest value an agreement takes (DRF DecimalField, 12 digits with 2 decimals). */
export const AGREEMENT_MAX_VALUE = 9_999_999_999.99;

/** A draft or signed agreement ending within this many days (today included) is expiring soon. */
export const EXPIRING_WITHIN_DAYS = 30;

/**
 * Spec §5 general attachments: each file up to 52 428 800 bytes, of PDF, JPEG, PNG, BMP, Excel,
 * Word, PowerPoint or OpenDocument spreadsheet, text and presentation (plain text and GIF
 * refused); the server also checks the content's magic bytes. The spec gives no count for general
 * attachments: this product keeps an agreement to five documents, as a comment's.
 */
export const AGREEMENT_UPLOAD = {
  maxFiles: 5,
  maxBytes: ATTACHMENT_MAX_BYTES,
  extensions: ATTACHMENT_EXTENSIONS,
} as const satisfies UploadRule;

/** The rules' words, the same on the screen and in the server's 400 answers. */
export const AGREEMENT_RULES = {
  /** On `end_date`: it must come after `start_date`. */
  endAfterStart: 'The end date must be after the start date.',
  /** On `value`. */
  valueRange: `Enter a value from 0 to ${AGREEMENT_MAX_VALUE.toLocaleString('en-US')}.`,
  /** On `files`: more than AGREEMENT_UPLOAD.maxFiles on one agreement. */
  tooManyFiles: `An agreement holds at most ${AGREEMENT_UPLOAD.maxFiles} documents.`,
} as const;

/** `GET /api/projects/{id}/agreements/`: one row each, by end date (then id). */
export interface Agreement {
  id: number;
  type: AgreementType;
  /** The client's or the contract system's reference ('MSA-2024-017'). */
  reference: string;
  /** Who signs it ('Acme Corp. and Delivery Co.'). */
  parties: string;
  /** `YYYY-MM-DD`. */
  start_date: string;
  /** `YYYY-MM-DD`, after start_date. */
  end_date: string;
  /** With two decimals at most. */
  value: number;
  currency: AgreementCurrency;
  state: AgreementState;
  /**
   * Draft or signed and ending within EXPIRING_WITHIN_DAYS of the day of the call (computed by
   * the server).
   */
  expiring_soon: boolean;
  /** Days from the day of the call to the end date (negative once it has passed). */
  days_left: number;
  /** Each with a same-origin download address signed for the caller. */
  documents: ProjectFile[];
  created_at: string;
  updated_at: string;
}

/** `POST /api/projects/{id}/agreements/` (CAN_EDIT_PROJECT_CARD): answers the Agreement, 201. */
export interface NewAgreement {
  type: AgreementType;
  reference: string;
  parties: string;
  start_date: string;
  end_date: string;
  value: number;
  currency: AgreementCurrency;
  /** 'draft' when absent. */
  state?: AgreementState;
}

/**
 * `PATCH /api/projects/{id}/agreements/{aid}/` (CAN_EDIT_PROJECT_CARD): any of the fields; the
 * dates are checked together with the stored ones. `DELETE …/{aid}/` answers 204.
 */
export type AgreementPatch = Partial<NewAgreement>;

/*
 * Documents: `POST /api/projects/{id}/agreements/{aid}/documents/` as multipart `files`
 * (CAN_EDIT_PROJECT_CARD) answers 201 with the Agreement; a refused upload stores nothing and
 * answers 400 `{files: [FILE_ERROR]}`. `DELETE …/documents/{fileId}/` answers 204. A document
 * downloads from its `url` (`GET /api/agreement-files/{fileId}/?user=&expires=&signature=`).
 */
