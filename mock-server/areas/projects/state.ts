import type { ProjectContact } from '../../../src/api/contract/projectContacts';
import type { TeamMember } from '../../../src/api/contract/projectTeam';
import type {
  ProjectHistoryEntry,
  ProjectStatus,
  StoredFileRef,
} from '../../../src/api/contract/projects';

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

/** One member of a project's team as stored: the person by id (part of MockState). */
export interface StoredTeamMember extends Omit<TeamMember, 'person'> {
  project_id: number;
  person_id: number;
}

/** One contact of a project as stored (part of MockState). */
export interface StoredProjectContact extends ProjectContact {
  project_id: number;
}

/** What the Team and Contacts tabs keep. */
export interface ProjectTeamState {
  projectMembers: StoredTeamMember[];
  projectContacts: StoredProjectContact[];
}
