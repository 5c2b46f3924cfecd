/**
 * The case study of a project (issue 14, the card's Case study tab; spec §6 the flags "case
 * study"). Spec §7 says the project calls are "not shown": these are the calls this product
 * designs, DRF-style. The SPA, the mock server and the pact tests import them.
 *
 * A project has at most one case study: a title, the challenge, the approach, the results, the
 * lessons learned, a quote of the client with who said it, and the client's permission to publish
 * (yes, no or pending, with who gave the answer and when). It moves through a small state machine
 * (CASE_STUDY_MOVES): a draft is submitted for review, a case study in review is published (only
 * with the permission 'yes') or sent back to draft, a published one goes back to draft to be
 * changed. Viewing needs CAN_VIEW_CASE_STUDY; writing and moving it CAN_EDIT_CASE_STUDY.
 */
import type { PersonRef } from './actionRequests';

export const CASE_STUDY_VIEW_FLAG = 'CAN_VIEW_CASE_STUDY';
export const CASE_STUDY_EDIT_FLAG = 'CAN_EDIT_CASE_STUDY';

export const CASE_STUDY_STATES = ['draft', 'in_review', 'published'] as const;
export type CaseStudyState = (typeof CASE_STUDY_STATES)[number];
export const CASE_STUDY_STATE_LABELS: Record<CaseStudyState, string> = {
  draft: 'Draft',
  in_review: 'In review',
  published: 'Published',
};

/** The moves the server allows from each state; any other is a 400 on `state`. */
export const CASE_STUDY_MOVES: Record<CaseStudyState, readonly CaseStudyState[]> = {
  draft: ['in_review'],
  in_review: ['published', 'draft'],
  published: ['draft'],
};

export const canMove = (from: CaseStudyState, to: CaseStudyState) =>
  CASE_STUDY_MOVES[from].includes(to);

export const PUBLISH_PERMISSIONS = ['pending', 'yes', 'no'] as const;
export type PublishPermission = (typeof PUBLISH_PERMISSIONS)[number];
export const PUBLISH_PERMISSION_LABELS: Record<PublishPermission, string> = {
  pending: 'Pending',
  yes: 'Yes',
  no: 'No',
};

/**
 * Spec §9 gives three text limits of 200 (and one of 50) without naming their fields: the case
 * study's three short texts take the 200; the long texts are this product's own.
 */
export const CASE_STUDY_LIMITS = {
  title: 200,
  challenge: 4000,
  approach: 4000,
  results: 4000,
  lessons: 4000,
  client_quote: 1000,
  client_quote_by: 200,
  permission_given_by: 200,
} as const;

/** The texts a case study must hold before it is submitted for review (and while in review). */
export const REVIEW_FIELDS = ['challenge', 'approach', 'results'] as const;

const MOVE_SUBJECTS: Record<CaseStudyState, string> = {
  draft: 'A case study in draft',
  in_review: 'A case study in review',
  published: 'A published case study',
};

/** The server's messages the SPA shows as they are (and uses itself before sending). */
export const CASE_STUDY_MESSAGES = {
  exists: 'This project already has a case study.',
  neededForReview: 'Fill this in before the case study goes to review.',
  quoteByNeeded: 'Say who gave the quote.',
  answeredByNeeded: 'Say who gave the client’s answer.',
  answeredOnNeeded: 'Give the date of the client’s answer.',
  answeredOnFuture: 'The date of the answer cannot be in the future.',
  permissionNeeded:
    'A case study is published only with the client’s permission to publish: record the permission as Yes first.',
  publishedLocked: 'A published case study is changed only after moving it back to draft.',
  refusedMove: (from: CaseStudyState, to: CaseStudyState) =>
    `${MOVE_SUBJECTS[from]} cannot move to ${CASE_STUDY_STATE_LABELS[to].toLowerCase()}.`,
} as const;

/** What an editor writes: every text, and the client's permission. */
export interface CaseStudyFields {
  title: string;
  challenge: string;
  approach: string;
  results: string;
  lessons: string;
  client_quote: string;
  /** Who said the quote (name and role); required with a quote. */
  client_quote_by: string;
  publish_permission: PublishPermission;
  /** Who gave the client's answer; required unless the answer is pending (then empty). */
  permission_given_by: string;
  /** `YYYY-MM-DD`, not in the future; required unless the answer is pending (then null). */
  permission_given_on: string | null;
}

/**
 * `GET /api/projects/{id}/case-study/` (CAN_VIEW_CASE_STUDY): 200 with it, or 204 (no body) while
 * the project has none: no case study yet is not an error.
 */
export interface CaseStudy extends CaseStudyFields {
  state: CaseStudyState;
  created_by: PersonRef;
  created_at: string;
  updated_by: PersonRef;
  updated_at: string;
  /** When it was last published; null if it never was. */
  published_at: string | null;
}

/**
 * `POST /api/projects/{id}/case-study/` (CAN_EDIT_CASE_STUDY): starts the project's case study,
 * in draft; a title is required, the rest may wait. 201 with it; a second one is a 400
 * (non_field_errors, CASE_STUDY_MESSAGES.exists).
 */
export type NewCaseStudy = Pick<CaseStudyFields, 'title'> & Partial<CaseStudyFields>;

/**
 * `PATCH /api/projects/{id}/case-study/` (CAN_EDIT_CASE_STUDY): any of the fields, in draft or in
 * review (a published one: 400 non_field_errors, CASE_STUDY_MESSAGES.publishedLocked).
 */
export type CaseStudyPatch = Partial<CaseStudyFields>;

/**
 * `POST /api/projects/{id}/case-study/state/` (CAN_EDIT_CASE_STUDY): one move of
 * CASE_STUDY_MOVES; answers the case study. A move it refuses is a 400 on `state`; going to review
 * without REVIEW_FIELDS filled a 400 on each; publishing without the permission 'yes' a 400
 * non_field_errors (CASE_STUDY_MESSAGES.permissionNeeded).
 */
export interface CaseStudyMove {
  state: CaseStudyState;
}
