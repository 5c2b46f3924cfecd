import type { ProjectContact } from '../../../src/api/contract/projectContacts';
import type { TeamMember } from '../../../src/api/contract/projectTeam';

/** One member of a project's team as stored: the person by id (part of MockState). */
export type StoredTeamMember = Omit<TeamMember, 'person'> & {
  project_id: number;
  person_id: number;
};

/** One contact of a project as stored (part of MockState). */
export type StoredProjectContact = ProjectContact & { project_id: number };

/** What the Team and Contacts tabs keep. */
export interface ProjectTeamState {
  projectMembers: StoredTeamMember[];
  projectContacts: StoredProjectContact[];
}

declare module '../../store/state' {
  interface AreaStates {
    team: ProjectTeamState;
  }
}
