import { today } from '../../lib/clock';
import {
  AGREEMENT_STATE_LABELS,
  AGREEMENT_TYPE_LABELS,
} from '../../../src/api/contract/agreements';
import {
  ISO_EVIDENCE_KIND_LABELS,
  ISO_REQUIREMENTS,
  type IsoAssessment,
  type IsoEvidence,
  type IsoEvidenceRef,
} from '../../../src/api/contract/iso9001';
import {
  POLL_MODEL_LABELS,
  POLL_STATUS_LABELS,
  POLL_TYPE_LABELS,
} from '../../../src/api/contract/pollLabels';
import type { ProjectFile, StoredFileRef } from '../../../src/api/contract/projects';
import { RISK_STATUS_LABELS } from '../../../src/api/contract/risks';
import type { DownloadSigner } from '../../lib/downloadSigner';
import { nextFileId, signedFileBody } from '../../lib/files';
import type { MockState } from '../../store/state';
import type { StoredIsoAssessment } from './state';
import { personOf } from '../../lib/people';

export type { IsoState, StoredIsoAssessment } from './state';

/** Ids of uploaded evidence files (no seeded file has bytes of its own here). */
export const ISO_FILE_UPLOAD_BASE = 6_900_000;

const short = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Everything of the project that may be linked as evidence, named as the tab shows it. */
export function evidenceOptions(state: MockState, projectId: number): IsoEvidence[] {
  const agreementsTab = `/projects/${projectId}/project-agreements`;
  const checks = state.polls
    .filter((poll) => poll.project_id === projectId)
    .sort((a, b) => b.due_date.localeCompare(a.due_date) || b.id - a.id)
    .map<IsoEvidence>((poll) => ({
      kind: 'check',
      id: poll.id,
      label: `Check ${poll.id}: ${POLL_TYPE_LABELS[poll.type]} (${POLL_MODEL_LABELS[poll.model]}), ${
        POLL_STATUS_LABELS[poll.status]
      }`,
      path: `/checks/${poll.id}`,
    }));
  const risks = state.risks
    .filter((risk) => risk.project?.id === projectId)
    .sort((a, b) => a.id - b.id)
    .map<IsoEvidence>((risk) => ({
      kind: 'risk',
      id: risk.id,
      label: `${risk.kind === 'issue' ? 'Issue' : 'Risk'} ${risk.id}: ${short(risk.statement)} (${
        RISK_STATUS_LABELS[risk.status]
      })`,
      path: `/risks/${risk.id}`,
    }));
  const projectAgreements = state.agreements
    .filter((agreement) => agreement.project_id === projectId)
    .sort((a, b) => a.end_date.localeCompare(b.end_date) || a.id - b.id);
  const agreements = projectAgreements.map<IsoEvidence>((agreement) => ({
    kind: 'agreement',
    id: agreement.id,
    label: `${AGREEMENT_TYPE_LABELS[agreement.type]} ${agreement.reference} (${
      AGREEMENT_STATE_LABELS[agreement.state]
    })`,
    path: agreementsTab,
  }));
  const documents: IsoEvidence[] = [
    ...projectAgreements.flatMap((agreement) =>
      agreement.documents.map<IsoEvidence>((file) => ({
        kind: 'document',
        id: file.id,
        label: `${file.file_name} (agreement ${agreement.reference})`,
        path: agreementsTab,
      })),
    ),
    ...(
      state.profileValidations.find((validation) => validation.project_id === projectId)?.files ??
      []
    ).map<IsoEvidence>((file) => ({
      kind: 'document',
      id: file.id,
      label: `${file.file_name} (profile validation)`,
      path: `/projects/${projectId}/attributes`,
    })),
  ];
  return [...checks, ...risks, ...agreements, ...documents];
}

/** Whether `ref` names a record of the project. */
export const isOwnEvidence = (options: readonly IsoEvidence[], ref: IsoEvidenceRef) =>
  options.some((option) => option.kind === ref.kind && option.id === ref.id);

/** A linked record as the tab shows it; a record gone from the project keeps its place, unlinked. */
function evidenceOf(options: readonly IsoEvidence[], ref: IsoEvidenceRef): IsoEvidence {
  return (
    options.find((option) => option.kind === ref.kind && option.id === ref.id) ?? {
      ...ref,
      label: `${ISO_EVIDENCE_KIND_LABELS[ref.kind]} ${ref.id} (no longer on the project)`,
      path: null,
    }
  );
}

/** An evidence file with its download address signed for the caller. */
export function isoFileBody(
  signer: DownloadSigner,
  file: StoredFileRef,
  userId: number,
): ProjectFile {
  return signedFileBody(signer, file, userId, '/api/iso-9001-files');
}

/** The next id for an uploaded evidence file. */
export function nextIsoFileId(state: MockState): number {
  const ids = state.isoAssessments.flatMap((row) => row.files.map((file) => file.id));
  return nextFileId(ISO_FILE_UPLOAD_BASE, ids);
}

export interface AssessmentView {
  signer: DownloadSigner;
  userId: number;
  on?: string;
}

function toAssessment(
  state: MockState,
  requirement: number,
  stored: StoredIsoAssessment | undefined,
  options: readonly IsoEvidence[],
  { signer, userId, on = today() }: AssessmentView,
): IsoAssessment {
  if (!stored)
    return {
      requirement,
      state: 'not_assessed',
      evidence: [],
      files: [],
      responsible: null,
      review_date: null,
      review_overdue: false,
      note: '',
      justification: '',
      updated_at: null,
      updated_by: null,
    };
  return {
    requirement,
    state: stored.state ?? 'not_assessed',
    evidence: stored.evidence.map((ref) => evidenceOf(options, ref)),
    files: stored.files.map((file) => isoFileBody(signer, file, userId)),
    responsible: stored.responsible_id === null ? null : personOf(state, stored.responsible_id),
    review_date: stored.review_date,
    review_overdue: stored.review_date !== null && stored.review_date < on,
    note: stored.note,
    justification: stored.justification,
    updated_at: stored.updated_at,
    updated_by: stored.updated_by,
  };
}

export const storedAssessment = (state: MockState, projectId: number, requirement: number) =>
  state.isoAssessments.find(
    (row) => row.project_id === projectId && row.requirement === requirement,
  );

/** One row per requirement of the catalogue, in its order. */
export function projectAssessments(
  state: MockState,
  projectId: number,
  view: AssessmentView,
): IsoAssessment[] {
  const options = evidenceOptions(state, projectId);
  const on = view.on ?? today();
  return ISO_REQUIREMENTS.map((requirement) =>
    toAssessment(
      state,
      requirement.id,
      storedAssessment(state, projectId, requirement.id),
      options,
      {
        ...view,
        on,
      },
    ),
  );
}

/** One requirement's row. */
export const projectAssessment = (
  state: MockState,
  projectId: number,
  requirement: number,
  view: AssessmentView,
) =>
  toAssessment(
    state,
    requirement,
    storedAssessment(state, projectId, requirement),
    evidenceOptions(state, projectId),
    view,
  );
