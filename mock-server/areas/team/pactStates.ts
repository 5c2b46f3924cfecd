import type { MockApp } from '../../app';
import { contactsOf, managerIdOf, membersOf } from './model';
import { PROJECT_TEAM_STATES } from '../../../src/testing/pact/states';
import { handlersFor, type SignIn, type AreaPactStates } from '../../../scripts/pact/stateHandlers';

/** The fixtures' project whose team and contacts the states stand on. */
const PROJECT = 1;
/** No member and no contact of the fixtures has it. */
const MISSING = 999_999;

/** The Team and Contacts provider states, on the seeded team and contacts of one project. */
export function teamStateHandlers(app: MockApp, signIn: SignIn) {
  const { db } = app.mock;
  const ids = () => {
    const state = db.getState();
    const managerId = managerIdOf(state, PROJECT);
    const members = membersOf(state, PROJECT);
    const manager = members.find((member) => member.person_id === managerId);
    const other = members.find((member) => member.person_id !== managerId);
    const newcomer = state.people.find(
      (person) => person.id > 100 && !members.some((member) => member.person_id === person.id),
    );
    const contacts = contactsOf(state, PROJECT);
    if (!manager || !other || !newcomer || !contacts[0])
      throw new Error(`The fixtures hold no team or contacts for project ${PROJECT}`);
    if (members.some((member) => member.id === MISSING || member.end_date === null))
      throw new Error(`A member of project ${PROJECT} has no end date or the id ${MISSING}`);
    if (contacts.some((contact) => contact.id === MISSING))
      throw new Error(`A contact of project ${PROJECT} has the id ${MISSING}`);
    return { projectId: PROJECT, manager, other, newcomer, contact: contacts[0] };
  };
  return handlersFor(PROJECT_TEAM_STATES, signIn, {
    adminEdits: () => {
      const { projectId, manager, other, newcomer, contact } = ids();
      return {
        projectId,
        memberId: other.id,
        managerMemberId: manager.id,
        personId: newcomer.id,
        contactId: contact.id,
        missingMemberId: MISSING,
        missingContactId: MISSING,
      };
    },
    portfolioReads: () => {
      const { projectId, newcomer } = ids();
      return { projectId, personId: newcomer.id };
    },
  });
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = teamStateHandlers;
