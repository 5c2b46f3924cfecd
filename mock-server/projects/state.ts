import type {
  ProjectHistoryEntry,
  ProjectStatus,
  StoredFileRef,
} from '../../src/api/contract/projects';

/** What the card keeps of a project beside its directory row (part of MockState). */
export interface StoredProjectDetails {
  project_id: number;
  code: string;
  status: ProjectStatus;
  start_date: string;
  end_date: string | null;
  description: string;
  expert_description: string;
  exclude_from_kpi: boolean;
  ada: boolean;
  profile_revenue: StoredFileRef | null;
}

export interface ProjectsState {
  projectDetails: StoredProjectDetails[];
  projectHistory: (ProjectHistoryEntry & { project_id: number })[];
}
