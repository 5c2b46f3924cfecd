import type { ProjectContact } from '../../../src/api/contract/projectContacts';
import type { TeamMember } from '../../../src/api/contract/projectTeam';
import type { MockState } from '../../store/state';
import type { StoredProjectContact, StoredTeamMember } from './state';
import { personOf } from '../../lib/people';

export type { ProjectTeamState, StoredProjectContact, StoredTeamMember } from './state';

export const membersOf = (state: MockState, projectId: number) =>
  state.projectMembers.filter((member) => member.project_id === projectId);

/** The CRM's project manager of the project (state.projectTeams), if it has one. */
export const managerIdOf = (state: MockState, projectId: number): number | undefined =>
  state.projectTeams.find((team) => team.project_id === projectId)?.pm_id;

export function toTeamMember(state: MockState, stored: StoredTeamMember): TeamMember {
  const { project_id: _project, person_id, ...member } = stored;
  return { ...member, person: personOf(state, person_id) };
}

export const contactsOf = (state: MockState, projectId: number) =>
  state.projectContacts.filter((contact) => contact.project_id === projectId);

export function toContact(stored: StoredProjectContact): ProjectContact {
  const { project_id: _project, ...contact } = stored;
  return contact;
}
