import type { CaseStudyFields, CaseStudyState } from '../../../src/api/contract/caseStudy';

/** A project's case study as stored (one per project). */
export interface StoredCaseStudy extends CaseStudyFields {
  project_id: number;
  state: CaseStudyState;
  created_by_id: number;
  created_at: string;
  updated_by_id: number;
  updated_at: string;
  published_at: string | null;
}

/** The case studies of the projects (part of MockState). */
export interface CaseStudiesState {
  caseStudies: StoredCaseStudy[];
}
