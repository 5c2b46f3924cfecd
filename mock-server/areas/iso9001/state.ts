import type { PersonRef } from '../../../src/api/contract/actionRequests';
import type { IsoAssessment, IsoEvidenceRef, IsoSetState } from '../../../src/api/contract/iso9001';
import type { StoredFileRef } from '../../../src/api/contract/projects';

/**
 * A requirement's assessment on a project as stored (a requirement without one is not assessed):
 * evidence by reference, files without their signed address, the responsible by id; whether its
 * review is overdue is worked out on the day of each call.
 */
export type StoredIsoAssessment = Omit<
  IsoAssessment,
  'state' | 'evidence' | 'files' | 'responsible' | 'review_overdue' | 'updated_at' | 'updated_by'
> & {
  project_id: number;
  /** Null until a state is set (the other fields may be filled before). */
  state: IsoSetState | null;
  evidence: IsoEvidenceRef[];
  files: StoredFileRef[];
  responsible_id: number | null;
  updated_at: string;
  updated_by: PersonRef;
};

/** The ISO 9001 assessments of the projects (part of MockState). */
export interface IsoState {
  isoAssessments: StoredIsoAssessment[];
}

declare module '../../store/state' {
  interface AreaStates {
    iso9001: IsoState;
  }
}
