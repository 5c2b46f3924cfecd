import type { ProjectContact } from '../../../src/api/contract/projectContacts';
import type { TeamMember } from '../../../src/api/contract/projectTeam';
import type { MockState } from '../../store/state';
import type { StoredProjectContact, StoredTeamMember } from '../projects/state';
import { personOf } from '../../lib/people';

export type { ProjectTeamState, StoredProjectContact, StoredTeamMember } from '../projects/state';

export const membersOf = (state: MockState, projectId: number) =>
  state.projectMembers.filter((member) => member.project_id === projectId);

export const memberOf = (state: MockState, projectId: number, memberId: number) =>
  state.projectMembers.find((member) => member.project_id === projectId && member.id === memberId);

/** The CRM's project manager of the project (state.projectTeams), if it has one. */
export const managerIdOf = (state: MockState, projectId: number): number | undefined =>
  state.projectTeams.find((team) => team.project_id === projectId)?.pm_id;

export function toTeamMember(state: MockState, stored: StoredTeamMember): TeamMember {
  const { project_id: _project, person_id, ...member } = stored;
  return { ...member, person: personOf(state, person_id) };
}

export const contactsOf = (state: MockState, projectId: number) =>
  state.projectContacts.filter((contact) => contact.project_id === projectId);

export const contactOf = (state: MockState, projectId: number, contactId: number) =>
  state.projectContacts.find(
    (contact) => contact.project_id === projectId && contact.id === contactId,
  );

export function toContact(stored: StoredProjectContact): ProjectContact {
  const { project_id: _project, ...contact } = stored;
  return contact;
}

/** The next id of a table: one above the highest. */
