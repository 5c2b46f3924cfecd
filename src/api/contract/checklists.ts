/**
 * Project checklists (spec §1, §2 `/project-checklists` and the sidebar counter, §3
 * available_checklists_counter, §5 general attachments, §6 the checklist flags). Spec §7 does not
 * show the calls: these are the ones this product designs, DRF-style. The SPA, the mock server and
 * the pact tests import these types, texts and rules, so the screen and the server refuse the
 * same things in the same words.
 *
 * A checklist is a template's items issued to one person for one project, with a due date. Its
 * assignee fills it (yes, no or not applicable, a comment, attachments), then submits it, or
 * declines it with a reason; whoever manages checklists may cancel it. The state machine:
 *
 *   available ─(first item saved)→ in_progress
 *   available | in_progress ─submit→ submitted   (every item answered; a “No” explained)
 *   available | in_progress ─decline→ declined   (with a reason)
 *   available | in_progress ─cancel→ canceled
 *
 * Submitted, declined and canceled are final: the checklist is read-only, and any write to it is
 * a 400 `non_field_errors` that changes nothing. The sidebar counter is the number of the user's
 * checklists in state available or in progress.
 */
import type { PersonRef } from './actionRequests';
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES, type Attachment } from './risks';

export const CHECKLIST_STATES = [
  'available',
  'in_progress',
  'submitted',
  'declined',
  'canceled',
] as const;
export type ChecklistState = (typeof CHECKLIST_STATES)[number];

export const CHECKLIST_STATE_LABELS: Record<ChecklistState, string> = {
  available: 'Available',
  in_progress: 'In progress',
  submitted: 'Submitted',
  declined: 'Declined',
  canceled: 'Canceled',
};

/** The states still waiting on the assignee: what the sidebar counter counts. */
export const OPEN_CHECKLIST_STATES = ['available', 'in_progress'] as const;

/** True when the checklist still takes answers and the three actions. */
export const isChecklistOpen = (state: ChecklistState) =>
  (OPEN_CHECKLIST_STATES as readonly ChecklistState[]).includes(state);

export const CHECKLIST_ANSWERS = ['yes', 'no', 'not_applicable'] as const;
export type ChecklistAnswer = (typeof CHECKLIST_ANSWERS)[number];

export const CHECKLIST_ANSWER_LABELS: Record<ChecklistAnswer, string> = {
  yes: 'Yes',
  no: 'No',
  not_applicable: 'N/A',
};

/** Viewing needs the first; each write its own flag (spec §6 "Checklists"). */
export const CHECKLIST_FLAGS = {
  view: 'CAN_VIEW_CHECKLISTS',
  edit: 'CAN_EDIT_CHECKLIST',
  submit: 'CAN_SUBMIT_CHECKLIST',
  decline: 'CAN_DECLINE_CHECKLIST',
  cancel: 'CAN_CANCEL_CHECKLIST',
} as const;

export const CHECKLIST_LIMITS = { comment: 2000, reason: 500 } as const;

/**
 * Spec §5 general attachments on an item: each file up to 52 428 800 bytes, of PDF, JPEG, PNG,
 * BMP, Excel, Word, PowerPoint or OpenDocument spreadsheet, text and presentation (plain text and
 * GIF refused); the server also checks the content's magic bytes. The spec gives no count for
 * general attachments: this product keeps an item to five files, as a comment's.
 */
export const CHECKLIST_UPLOAD = {
  maxFiles: 5,
  maxBytes: ATTACHMENT_MAX_BYTES,
  extensions: ATTACHMENT_EXTENSIONS,
} as const;

/** The rules' words, the same on the screen and in the server's 400 answers. */
export const CHECKLIST_RULES = {
  /** `non_field_errors` of a write to a submitted, declined or canceled checklist. */
  final: (state: ChecklistState) =>
    `This checklist is ${CHECKLIST_STATE_LABELS[state].toLowerCase()}: it can no longer be changed.`,
  /** `non_field_errors` of a submit with unanswered items. */
  unanswered: (count: number) =>
    count === 1
      ? 'One item has no answer yet: answer every item before submitting.'
      : `${count} items have no answer yet: answer every item before submitting.`,
  /** `non_field_errors` of a submit with a “No” that has no comment. */
  unexplained: (count: number) =>
    count === 1
      ? 'One item answered “No” has no comment: say why in its comment before submitting.'
      : `${count} items answered “No” have no comment: say why in their comments before submitting.`,
  reasonRequired: 'Give the reason for declining.',
  reasonTooLong: `Keep the reason to ${CHECKLIST_LIMITS.reason} characters or fewer.`,
  commentTooLong: `Keep the comment to ${CHECKLIST_LIMITS.comment} characters or fewer.`,
  /** On `files`: more than CHECKLIST_UPLOAD.maxFiles on one item. */
  tooManyFiles: `An item holds at most ${CHECKLIST_UPLOAD.maxFiles} files.`,
} as const;

/** Spec §8-style success messages of the three actions. */
export const CHECKLIST_MESSAGES = {
  submitted: 'The checklist has been submitted.',
  declined: 'The checklist has been declined.',
  canceled: 'The checklist has been canceled.',
} as const;

/** The project a checklist is for. */
export interface ChecklistProject {
  id: number;
  name: string;
  /** The project's code on its card (`PRJ-0001`); absent when it has none. */
  code?: string;
}

/** `GET /api/checklists/`: one row each, by due date (then id). */
export interface Checklist {
  id: number;
  project: ChecklistProject;
  /** The account of the project, when it has one. */
  account?: { id: number; name: string };
  template_name: string;
  /** `YYYY-MM-DD`. */
  due_date: string;
  state: ChecklistState;
  /** The person who fills it. */
  assignee: PersonRef;
  items_count: number;
  answered_count: number;
  /** The reason given on declining; empty otherwise. */
  decline_reason: string;
  updated_at: string;
  updated_by: PersonRef;
}

/** One item of a checklist: a statement to confirm. */
export interface ChecklistItem {
  id: number;
  text: string;
  /** What counts as a yes; absent when the template gives none. */
  hint?: string;
  answer: ChecklistAnswer | null;
  /** Empty when none was written. */
  comment: string;
  /** Each with a same-origin download address signed for the caller. */
  attachments: Attachment[];
}

/** `GET /api/checklists/{id}/`: the row with its items, in template order. */
export interface ChecklistDetail extends Checklist {
  items: ChecklistItem[];
}

/**
 * `GET /api/checklists/?state=&project=&search=`: a plain list (a person has tens of checklists,
 * not thousands). `state` one of CHECKLIST_STATES, `project` a project id, `search` matched
 * against the template, the project's name and its code, case-insensitive.
 */
export interface ChecklistFilters {
  state?: ChecklistState;
  project?: number;
  search?: string;
}

/**
 * `PATCH /api/checklists/{id}/items/{itemId}/` (CAN_EDIT_CHECKLIST): the answer (`null` clears
 * it) and/or the comment. An available checklist becomes in progress on its first save. Answers
 * the whole checklist, so its counts and state follow.
 */
export interface ChecklistItemPatch {
  answer?: ChecklistAnswer | null;
  comment?: string;
}

/**
 * `POST /api/checklists/{id}/items/{itemId}/attachments/` (CAN_EDIT_CHECKLIST): multipart, up to
 * five `files` in all on the item, each under CHECKLIST_UPLOAD; answers the whole checklist (201).
 * A refused file is a 400 `{files: [FILE_ERROR]}` and nothing is stored.
 * `DELETE …/attachments/{attachmentId}/` removes one (204). Both count as a first save.
 */
export type ChecklistUploadResult = ChecklistDetail;

/** `POST /api/checklists/{id}/submit/` (CAN_SUBMIT_CHECKLIST): body `{}`, answers the checklist. */
export type SubmitChecklist = Record<string, never>;

/** `POST /api/checklists/{id}/decline/` (CAN_DECLINE_CHECKLIST): answers the checklist. */
export interface DeclineChecklist {
  reason: string;
}

/** `POST /api/checklists/{id}/cancel/` (CAN_CANCEL_CHECKLIST): body `{}`, answers the checklist. */
export type CancelChecklist = Record<string, never>;

/**
 * What stands between the checklist and a submit, in the server's words: the unanswered items
 * and the “No” answers without a comment. Empty when it may be submitted.
 */
export function submitBlockers(items: readonly Pick<ChecklistItem, 'answer' | 'comment'>[]): {
  unanswered: number;
  unexplained: number;
  messages: string[];
} {
  const unanswered = items.filter((item) => item.answer === null).length;
  const unexplained = items.filter(
    (item) => item.answer === 'no' && item.comment.trim() === '',
  ).length;
  const messages = [];
  if (unanswered > 0) messages.push(CHECKLIST_RULES.unanswered(unanswered));
  if (unexplained > 0) messages.push(CHECKLIST_RULES.unexplained(unexplained));
  return { unanswered, unexplained, messages };
}

/** Past its due date and still waiting on the assignee, on `today` (`YYYY-MM-DD`). */
export const isChecklistOverdue = (
  checklist: Pick<Checklist, 'due_date' | 'state'>,
  today: string,
) => isChecklistOpen(checklist.state) && checklist.due_date < today;
