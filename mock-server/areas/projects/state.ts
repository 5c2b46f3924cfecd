import type {
  ProjectDetail,
  ProjectHistoryEntry,
  StoredFileRef,
} from '../../../src/api/contract/projects';

/** What the card keeps of a project beside its directory row (part of MockState). */
export type StoredProjectDetails = Pick<
  ProjectDetail,
  | 'code'
  | 'status'
  | 'start_date'
  | 'end_date'
  | 'description'
  | 'expert_description'
  | 'exclude_from_kpi'
  | 'ada'
> & {
  project_id: number;
  /** The profile revenue sheet as stored: its download address is signed per caller. */
  profile_revenue: StoredFileRef | null;
};

export interface ProjectsState {
  projectDetails: StoredProjectDetails[];
  projectHistory: (ProjectHistoryEntry & { project_id: number })[];
}

declare module '../../store/state' {
  interface AreaStates {
    projects: ProjectsState;
  }
}
