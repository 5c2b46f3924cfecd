import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { managerIdOf } from '../../mock-server/projects/team';
import { PROJECT_TEAM_STATES } from '../../src/testing/pact/states';

type SignIn = (personaId: string) => Promise<{ valid: { access: string } }>;

const PROJECT = 1;

/** The Team and Contacts provider states, on the seeded team and contacts of project 1. */
export function teamStateHandlers(
  app: MockApp,
  signIn: SignIn,
): NonNullable<VerifierOptions['stateHandlers']> {
  const { db } = app.mock;
  const ids = () => {
    const state = db.getState();
    const managerId = managerIdOf(state, PROJECT);
    const members = state.projectMembers.filter((member) => member.project_id === PROJECT);
    const manager = members.find((member) => member.person_id === managerId);
    const other = members.find((member) => member.person_id !== managerId);
    const newcomer = state.people.find(
      (person) => person.id > 100 && !members.some((member) => member.person_id === person.id),
    );
    const contact = state.projectContacts.find((candidate) => candidate.project_id === PROJECT);
    if (!manager || !other || !newcomer || !contact)
      throw new Error('The seed holds no team or contacts for project 1');
    return {
      memberId: other.id,
      managerMemberId: manager.id,
      personId: newcomer.id,
      contactId: contact.id,
    };
  };
  const signedIn = async (personaId: string) => {
    const { valid } = await signIn(personaId);
    return { accessToken: valid.access, ...ids() };
  };
  return {
    [PROJECT_TEAM_STATES.adminEdits]: () => signedIn('admin'),
    [PROJECT_TEAM_STATES.portfolioReads]: () => signedIn('portfolio'),
  };
}
