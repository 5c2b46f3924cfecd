import type { CaseStudy } from '../../../src/api/contract/caseStudy';

/** A project's case study as stored (one per project): its project and people by id. */
export type StoredCaseStudy = Omit<CaseStudy, 'created_by' | 'updated_by'> & {
  project_id: number;
  created_by_id: number;
  updated_by_id: number;
};

/** The case studies of the projects (part of MockState). */
export interface CaseStudiesState {
  caseStudies: StoredCaseStudy[];
}

declare module '../../store/state' {
  interface AreaStates {
    caseStudy: CaseStudiesState;
  }
}
