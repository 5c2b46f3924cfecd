import type { IsoEvidenceRef, IsoSetState } from '../../../src/api/contract/iso9001';
import type { StoredFileRef } from '../../../src/api/contract/projects';
import type { PersonRef } from '../../../src/api/contract/actionRequests';

/** A requirement's assessment on a project as stored (a requirement without one is not assessed). */
export interface StoredIsoAssessment {
  project_id: number;
  /** The requirement's id (401). */
  requirement: number;
  /** Null until a state is set (the other fields may be filled before). */
  state: IsoSetState | null;
  evidence: IsoEvidenceRef[];
  files: StoredFileRef[];
  responsible_id: number | null;
  review_date: string | null;
  note: string;
  justification: string;
  updated_at: string;
  updated_by: PersonRef;
}

/** The ISO 9001 assessments of the projects (part of MockState). */
export interface IsoState {
  isoAssessments: StoredIsoAssessment[];
}
