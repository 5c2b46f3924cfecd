import type { ProjectContact } from '../../../src/api/contract/projectContacts';
import type { TeamMember } from '../../../src/api/contract/projectTeam';
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
