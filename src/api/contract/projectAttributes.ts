/**
 * The card's Attributes tab (typed project attributes, the profile validation status with its
 * evidence files), the profile revenue sheet of the Overview tab, and the Action items tab
 * (spec §2 project card tabs, §5 upload rules, §6 project-data flags). Spec §7 leaves these calls
 * "not shown": these are the calls this product designs, DRF-style. The SPA, the mock server and
 * the pact tests all import these types.
 */
import { isCalendarDate } from './calendarDays';
import type { PersonRef } from './actionRequests';
import { formatDate } from './display';
import type { ProjectFile } from './projects';
import type { UploadRule } from './risks';

// ── Flags (spec §6 "Project data" and "Also") ───────────────────────────────────────────────

/**
 * Fill: set or change the value of an attribute that is NOT validated yet (the project manager
 * filling the profile in).
 */
export const FILL_ATTRIBUTES_FLAG = 'CAN_FILL_PROJECT_ATTRIBUTES';
/**
 * Edit: everything fill allows, and also change the value of a validated attribute (which clears
 * its validation: a changed value must be validated again) or clear a validation as it is.
 */
export const EDIT_ATTRIBUTES_FLAG = 'CAN_EDIT_ATTRIBUTES';
/** Validate: mark an attribute's current value as checked (who and when are kept). */
export const VALIDATE_ATTRIBUTES_FLAG = 'CAN_VALIDATE_ATTRIBUTES';
/** Change the profile validation status, its comment and its evidence files. */
export const PROFILE_VALIDATION_FLAG = 'CAN_EDIT_PROFILE_VALIDATION_STATUS';
/** Upload the profile revenue spreadsheet (Overview tab). */
export const PROFILE_REVENUE_FLAG = 'CAN_UPLOAD_PROFILE_REVENUE';
/** Mark an action item of the project's risks and issues done from the Action items tab. */
export const RESOLVE_ACTION_ITEM_FLAG = 'CAN_RESOLVE_ACTION_PLAN';

// ── Attributes ───────────────────────────────────────────────────────────────────────────────

export const ATTRIBUTE_TYPES = ['text', 'number', 'date', 'boolean', 'choice'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** A value as it travels: text, choice → string; number → number; date → 'YYYY-MM-DD'; yes/no → boolean; null = not filled. */
export type AttributeValue = string | number | boolean | null;

export interface AttributeChoice {
  value: string;
  label: string;
}

/** What an attribute is: the backend defines them, the SPA renders what it gets. */
export interface AttributeDefinition {
  key: string;
  label: string;
  type: AttributeType;
  /** One line under the field. */
  hint: string;
  /** A number's unit, shown after it ('EUR', '%'); null otherwise. */
  unit: string | null;
  /** A number's bounds and decimal places; null for other types. */
  min: number | null;
  max: number | null;
  decimals: number | null;
  /** A text's longest length; null for other types. */
  max_length: number | null;
  /** A choice's options; empty for other types. */
  choices: AttributeChoice[];
}

export interface AttributeValidation {
  by: PersonRef;
  at: string;
}

/** `GET /api/projects/{id}/attributes/`: every attribute, in the backend's order. */
export interface ProjectAttribute extends AttributeDefinition {
  value: AttributeValue;
  /** Who set the value last, and when; null while it was never set. */
  updated_by: PersonRef | null;
  updated_at: string | null;
  /** Null while not validated. */
  validation: AttributeValidation | null;
}

/**
 * `PATCH /api/projects/{id}/attributes/`: `{key: value}` for each attribute to change (null
 * empties it). Answers the whole list. A 400 names each attribute key whose value does not fit
 * its type; a 403 names the flag: CAN_FILL_PROJECT_ATTRIBUTES (or CAN_EDIT_ATTRIBUTES) for any
 * change, CAN_EDIT_ATTRIBUTES for a validated attribute whose value changes (its validation is
 * cleared then).
 */
export type AttributesPatch = Record<string, AttributeValue>;

/*
 * `POST /api/projects/{id}/attributes/{key}/validation/` (an empty JSON body; CAN_VALIDATE_ATTRIBUTES)
 * validates the current value (400 non_field_errors when it is empty or already validated);
 * `DELETE` the same path (CAN_EDIT_ATTRIBUTES) clears the validation. Both answer the attribute.
 */

const TEXT_MESSAGE = 'Enter a text, or leave the field empty.';

/**
 * Why `value` does not fit the attribute, or null when it does (null always fits: not filled).
 * The mock server answers these messages by attribute key; the SPA checks the same before sending.
 */
export function attributeValueError(
  definition: AttributeDefinition,
  value: unknown,
): string | null {
  if (value === null) return null;
  switch (definition.type) {
    case 'text': {
      // Spec §5: a text value is valid only if it is a non-blank string.
      if (typeof value !== 'string' || value.trim() === '') return TEXT_MESSAGE;
      const max = definition.max_length;
      return max !== null && value.length > max ? `Keep it to ${max} characters or fewer.` : null;
    }
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'Enter a number.';
      const { min, max, decimals } = definition;
      if ((min !== null && value < min) || (max !== null && value > max))
        return `Enter a number from ${numberText(min ?? -Infinity)} to ${numberText(max ?? Infinity)}.`;
      if (decimals !== null && !hasAtMostDecimals(value, decimals))
        return decimals === 0 ? 'Enter a whole number.' : `Use at most ${decimals} decimal places.`;
      return null;
    }
    case 'date':
      return typeof value === 'string' && isIsoDay(value)
        ? null
        : 'Enter a valid date (YYYY-MM-DD).';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'Choose yes or no.';
    case 'choice':
      return typeof value === 'string' && definition.choices.some((c) => c.value === value)
        ? null
        : `Choose one of: ${definition.choices.map((c) => c.label).join(', ')}.`;
  }
}

const hasAtMostDecimals = (value: number, decimals: number) => {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

const isIsoDay = isCalendarDate;

const numberText = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** A value as the card and the History show it: labels, units, MM/DD/YYYY, Yes/No; '' when empty. */
export function attributeValueText(definition: AttributeDefinition, value: AttributeValue): string {
  if (value === null || value === '') return '';
  switch (definition.type) {
    case 'number':
      return typeof value === 'number'
        ? `${numberText(value)}${definition.unit ? ` ${definition.unit}` : ''}`
        : String(value);
    case 'date':
      return typeof value === 'string' ? formatDate(value) || value : String(value);
    case 'boolean':
      return value === true ? 'Yes' : value === false ? 'No' : String(value);
    case 'choice':
      return definition.choices.find((choice) => choice.value === value)?.label ?? String(value);
    default:
      return String(value);
  }
}

// ── Profile validation status ───────────────────────────────────────────────────────────────

export const PROFILE_VALIDATION_STATUSES = [
  'not_started',
  'in_progress',
  'validated',
  'rejected',
] as const;
export type ProfileValidationStatus = (typeof PROFILE_VALIDATION_STATUSES)[number];
export const PROFILE_VALIDATION_STATUS_LABELS: Record<ProfileValidationStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  validated: 'Validated',
  rejected: 'Rejected',
};

export const PROFILE_VALIDATION_COMMENT_MAX = 1000;
export const REJECTION_NEEDS_COMMENT = 'Say why the profile was rejected.';

export type { ProjectFile };

/** `GET /api/projects/{id}/profile-validation/`. */
export interface ProfileValidation {
  status: ProfileValidationStatus;
  comment: string;
  /** Who changed the status or the comment last; null while never changed. */
  updated_by: PersonRef | null;
  updated_at: string | null;
  files: ProjectFile[];
}

/**
 * `PATCH /api/projects/{id}/profile-validation/` (CAN_EDIT_PROFILE_VALIDATION_STATUS): the
 * status and the comment (at most PROFILE_VALIDATION_COMMENT_MAX characters; a rejection needs
 * one). Answers the ProfileValidation.
 */
export interface ProfileValidationPatch {
  status?: ProfileValidationStatus;
  comment?: string;
}

/**
 * Spec §5 "Validation status upload": up to 3 files (all the status holds) of 50 MB each.
 * `POST /api/projects/{id}/profile-validation/files/` as multipart `files` answers 201 with the
 * ProfileValidation; `DELETE …/files/{fileId}/` answers 204. A refused upload stores nothing and
 * answers 400 `{files: [FILE_ERROR]}`.
 */
export const VALIDATION_STATUS_UPLOAD = {
  maxFiles: 3,
  maxBytes: 52_428_800,
  extensions: ['doc', 'docx', 'ppt', 'pptx', 'jpeg', 'jpg', 'png', 'bmp', 'pdf', 'eml', 'msg'],
} as const satisfies UploadRule;

/*
 * The profile revenue sheet (PROFILE_REVENUE_UPLOAD in projects.ts): `POST
 * /api/projects/{id}/profile-revenue/` as multipart `file` (CAN_UPLOAD_PROFILE_REVENUE) replaces
 * the current sheet and answers 201 with it as a ProjectFile (a signed download address);
 * ProjectDetail.profile_revenue shows it the same way.
 */

// ── Action items ───────────────────────────────────────────────────────────────────────────

/**
 * Where an open action item comes from: a step of the action plan of one of the project's open
 * risks or issues, or the corrective action of a finding of one of its audits whose report is
 * approved (AuditOutcome in polls.ts).
 */
export const ACTION_ITEM_SOURCES = ['risk', 'issue', 'check'] as const;
export type ActionItemSource = (typeof ACTION_ITEM_SOURCES)[number];
export const ACTION_ITEM_SOURCE_LABELS: Record<ActionItemSource, string> = {
  risk: 'Risk',
  issue: 'Issue',
  check: 'Audit',
};

/**
 * `GET /api/projects/{id}/action-items/`: every action item not done yet of the project's open
 * risks and issues and of its approved audits' findings the user may see (a check's findings need
 * CAN_VIEW_POLL_OUTCOMES on it), earliest due date first (those without one last), then risks'
 * before checks', then by id. For a risk or an issue, `id` is the item of its plan and `source.id`
 * the risk; for a check, `id` is the finding (AuditOutcome) and `source.id` the check, with
 * `source.title` the check's name and index.
 */
export interface ProjectActionItem {
  id: number;
  title: string;
  owner: PersonRef;
  due_date: string | null;
  created_at: string;
  /** `can_open`: whether the user may open the source (an owner may not see the audit itself). */
  source: { type: ActionItemSource; id: number; title: string; can_open: boolean };
}

/*
 * `POST /api/projects/{id}/action-items/{itemId}/resolve/` (an empty JSON body; CAN_RESOLVE_ACTION_PLAN)
 * marks a risk's or an issue's item done: 204. 404 for an item not of this project; 400
 * non_field_errors when it is done already or its risk is closed.
 * `POST /api/projects/{id}/action-items/outcomes/{outcomeId}/resolve/` does the same for the
 * corrective action of a finding: 404 for a finding not of an approved audit of this project, with
 * no corrective action, or one the user may not see; 400 when it is done already.
 */
export const ACTION_ITEM_DONE_ALREADY = 'This action item is done already.';
