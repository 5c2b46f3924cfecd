/**
 * ISO 9001 Compliance (issue 14, the card's ISO 9001 Compliance tab): clauses 4 to 10 of ISO
 * 9001:2015 with their requirements, each assessed per project: a compliance state, evidence (the
 * project's checks, risks, agreements and documents, or files uploaded under spec §5's general
 * attachment rules), a responsible person, a review date and a note. Spec §7 says the project
 * calls are "not shown": these are the calls this product designs, DRF-style. The SPA, the mock
 * server and the pact tests import them.
 *
 * Reading needs the card (CAN_VIEW_PROJECT_CARD); every write CAN_EDIT_PROJECT_CARD (a 403 names
 * it). A requirement is addressed by its numeric id: clause × 100 + sub-clause (4.1 is 401).
 */
import type { PersonRef } from './actionRequests';
import type { ProjectFile } from './projects';
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES, type UploadRule } from './risks';

export const ISO_EDIT_FLAG = 'CAN_EDIT_PROJECT_CARD';

export interface IsoRequirement {
  /** Clause × 100 + sub-clause: 401 for 4.1, 1003 for 10.3. */
  id: number;
  /** As the standard numbers it: '4.1'. */
  code: string;
  title: string;
  /** What it asks of a project, in one plain sentence. */
  asks: string;
}

export interface IsoClause {
  /** 4 to 10. */
  number: number;
  title: string;
  requirements: readonly IsoRequirement[];
}

const clause = (
  number: number,
  title: string,
  requirements: readonly [title: string, asks: string][],
): IsoClause => ({
  number,
  title,
  requirements: requirements.map(([requirementTitle, asks], index) => ({
    id: number * 100 + index + 1,
    code: `${number}.${index + 1}`,
    title: requirementTitle,
    asks,
  })),
});

/** The catalogue: clauses 4 to 10 and their requirements, in the standard's order. */
export const ISO_CLAUSES: readonly IsoClause[] = [
  clause(4, 'Context of the organization', [
    [
      'Understanding the organization and its context',
      'Know the internal and external issues (client, market, technology) that affect what the project delivers.',
    ],
    [
      'Understanding the needs and expectations of interested parties',
      'List the client, users and suppliers of the project and what each expects of it.',
    ],
    [
      'Determining the scope of the quality management system',
      'Say which deliverables, sites and services of the project the quality system covers.',
    ],
    [
      'Quality management system and its processes',
      'Run the project through defined processes, with their inputs, outputs, owners and measures.',
    ],
  ]),
  clause(5, 'Leadership', [
    [
      'Leadership and commitment',
      'Show that the project’s leaders own quality: they review it, fund it and act on it.',
    ],
    [
      'Policy',
      'Make the quality policy known to the team and applied to the project’s objectives.',
    ],
    [
      'Organizational roles, responsibilities and authorities',
      'Assign who is responsible and accountable for quality on the project, and make it known.',
    ],
  ]),
  clause(6, 'Planning', [
    [
      'Actions to address risks and opportunities',
      'Identify the project’s risks and opportunities and plan actions proportionate to them.',
    ],
    [
      'Quality objectives and planning to achieve them',
      'Set measurable quality targets for the project and plan who achieves them, how and when.',
    ],
    [
      'Planning of changes',
      'Change the project’s scope, team or processes in a planned way, with the changes agreed.',
    ],
  ]),
  clause(7, 'Support', [
    [
      'Resources',
      'Provide the people, tools, infrastructure and environment the project needs to deliver.',
    ],
    [
      'Competence',
      'Make sure the team is competent for its roles, and keep evidence of skills and training.',
    ],
    [
      'Awareness',
      'Make the team aware of the quality policy, its objectives and its own part in them.',
    ],
    ['Communication', 'Agree what is communicated on the project, when, to whom and by whom.'],
    [
      'Documented information',
      'Keep the project’s documents and records controlled: versioned, approved and findable.',
    ],
  ]),
  clause(8, 'Operation', [
    [
      'Operational planning and control',
      'Plan and control the delivery work, with the criteria each deliverable must meet.',
    ],
    [
      'Requirements for products and services',
      'Agree the client’s requirements in writing and review them before committing to them.',
    ],
    [
      'Design and development of products and services',
      'Plan design and development with reviews, verification and validation at set stages.',
    ],
    [
      'Control of externally provided processes, products and services',
      'Select, monitor and evaluate the suppliers and subcontractors the project relies on.',
    ],
    [
      'Production and service provision',
      'Deliver under controlled conditions: known configuration, traceable outputs, client property protected.',
    ],
    [
      'Release of products and services',
      'Release a deliverable only once its acceptance criteria are verified, and record who released it.',
    ],
    [
      'Control of nonconforming outputs',
      'Identify outputs that do not conform, keep them from delivery, and record what was done.',
    ],
  ]),
  clause(9, 'Performance evaluation', [
    [
      'Monitoring, measurement, analysis and evaluation',
      'Measure the project’s quality and the client’s satisfaction, and analyse the results.',
    ],
    [
      'Internal audit',
      'Have the project audited at planned intervals and follow up on the findings.',
    ],
    [
      'Management review',
      'Have management review the project’s quality results and decide on improvements.',
    ],
  ]),
  clause(10, 'Improvement', [
    [
      'General',
      'Look for and take chances to improve the project’s deliverables and the client’s satisfaction.',
    ],
    [
      'Nonconformity and corrective action',
      'React to a nonconformity, find its cause and take corrective action that stops it recurring.',
    ],
    [
      'Continual improvement',
      'Improve the project’s processes continually, using audit, review and lessons-learned results.',
    ],
  ]),
];

/** Every requirement of the catalogue, in order. */
export const ISO_REQUIREMENTS: readonly IsoRequirement[] = ISO_CLAUSES.flatMap(
  (entry) => entry.requirements,
);

/** The requirement with this id, if the catalogue has it. */
export const isoRequirement = (id: number) => ISO_REQUIREMENTS.find((entry) => entry.id === id);

/** The states a user sets. */
export const ISO_STATES = ['compliant', 'partly', 'not_compliant', 'not_applicable'] as const;
export type IsoSetState = (typeof ISO_STATES)[number];
/** What a requirement is in: one set, or 'not_assessed' until one is. */
export type IsoState = IsoSetState | 'not_assessed';
export const ISO_ALL_STATES: readonly IsoState[] = [...ISO_STATES, 'not_assessed'];

export const ISO_STATE_LABELS: Record<IsoState, string> = {
  compliant: 'Compliant',
  partly: 'Partly compliant',
  not_compliant: 'Not compliant',
  not_applicable: 'Not applicable',
  not_assessed: 'Not assessed',
};

/** Spec §9 text limits: the note and the justification are of 200 characters at most. */
export const ISO_LIMITS = { note: 200, justification: 200 } as const;

/**
 * Evidence files follow spec §5's general attachments (the rule agreements use): each up to
 * 52 428 800 bytes, of the listed types, the content checked by the server; at most five a
 * requirement.
 */
export const ISO_UPLOAD = {
  maxFiles: 5,
  maxBytes: ATTACHMENT_MAX_BYTES,
  extensions: ATTACHMENT_EXTENSIONS,
} as const satisfies UploadRule;

export const ISO_EVIDENCE_KINDS = ['check', 'risk', 'agreement', 'document'] as const;
export type IsoEvidenceKind = (typeof ISO_EVIDENCE_KINDS)[number];
export const ISO_EVIDENCE_KIND_LABELS: Record<IsoEvidenceKind, string> = {
  check: 'Check',
  risk: 'Risk or issue',
  agreement: 'Agreement',
  document: 'Document',
};

/** One record of the project given as evidence, as a request names it. */
export interface IsoEvidenceRef {
  kind: IsoEvidenceKind;
  /** The check's, risk's or agreement's id; a document's file id. */
  id: number;
}

/** Evidence as the server answers it, named from the record on the day of the call. */
export interface IsoEvidence extends IsoEvidenceRef {
  /** 'Check 71: Health check (SDO), Finished' or 'Agreement MSA-2025-001 (Signed)'. */
  label: string;
  /** The SPA page that shows the record ('/checks/71'); null once the record is gone. */
  path: string | null;
}

/** `GET /api/projects/{id}/iso-9001/evidence-options/` (CAN_EDIT_PROJECT_CARD): what may be linked. */
export type IsoEvidenceOption = IsoEvidence;

/**
 * `GET /api/projects/{id}/iso-9001/`: one row per requirement of the catalogue, in its order;
 * a requirement never assessed is 'not_assessed' with nothing else.
 */
export interface IsoAssessment {
  /** The requirement's id (401). */
  requirement: number;
  state: IsoState;
  evidence: IsoEvidence[];
  /** Uploaded evidence, each with a same-origin download address signed for the caller. */
  files: ProjectFile[];
  responsible: PersonRef | null;
  /** `YYYY-MM-DD`; when the assessment is next looked at. */
  review_date: string | null;
  /** The review date has passed (computed by the server on the day of the call). */
  review_overdue: boolean;
  note: string;
  /** Why the requirement does not apply; empty unless 'not_applicable'. */
  justification: string;
  updated_at: string | null;
  updated_by: PersonRef | null;
}

/**
 * `PATCH /api/projects/{id}/iso-9001/{requirement}/` (CAN_EDIT_PROJECT_CARD): any of the fields;
 * answers the IsoAssessment. 'not_applicable' needs a justification (a 400 on `justification`
 * otherwise); any other state clears it. Evidence replaces the list, each the project's own.
 */
export interface IsoAssessmentPatch {
  state?: IsoSetState;
  evidence?: IsoEvidenceRef[];
  responsible_id?: number | null;
  review_date?: string | null;
  note?: string;
  justification?: string;
}

/*
 * Files: `POST /api/projects/{id}/iso-9001/{requirement}/files/` as multipart `files`
 * (CAN_EDIT_PROJECT_CARD) answers 201 with the IsoAssessment; a refused upload stores nothing and
 * answers 400 `{files: [FILE_ERROR]}`. `DELETE …/files/{fileId}/` answers 204. A file downloads
 * from its `url` (`GET /api/iso-9001-files/{fileId}/?user=&expires=&signature=`).
 */

/** The rules' words, the same on the screen and in the server's 400 answers. */
export const ISO_RULES = {
  /** On `justification`. */
  justificationNeeded: 'Say why this requirement does not apply to the project.',
  /** On `evidence`: a record that is not this project's. */
  notOwnEvidence:
    'Choose evidence from this project’s own checks, risks, agreements and documents.',
  /** On `files`. */
  tooManyFiles: `A requirement holds at most ${ISO_UPLOAD.maxFiles} evidence files.`,
} as const;

/** A clause's readiness: counts per state, % compliant of the applicable ones, overdue reviews. */
export interface IsoReadiness {
  counts: Record<IsoState, number>;
  total: number;
  /** Requirements not 'not_applicable'. */
  applicable: number;
  /** Compliant of applicable, rounded to a whole percent; null with none applicable. */
  percent: number | null;
  overdue: number;
}

/** The readiness of these assessments (a clause's, or the whole project's). */
export function isoReadiness(assessments: readonly IsoAssessment[]): IsoReadiness {
  const counts = Object.fromEntries(ISO_ALL_STATES.map((state) => [state, 0])) as Record<
    IsoState,
    number
  >;
  for (const row of assessments) counts[row.state] += 1;
  const applicable = assessments.length - counts.not_applicable;
  return {
    counts,
    total: assessments.length,
    applicable,
    percent: applicable === 0 ? null : Math.round((counts.compliant / applicable) * 100),
    overdue: assessments.filter((row) => row.review_overdue).length,
  };
}

/** The clause a requirement id belongs to (4 for 401). */
export const clauseOf = (requirement: number) => Math.floor(requirement / 100);
