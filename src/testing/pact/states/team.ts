import { defineStates, id, missingId } from '../state';

/**
 * The card's Team and Contacts tabs: a project's team members (a user, a role, an allocation and
 * dates; the project manager is the member the CRM names, who keeps the role) and its contacts.
 */
export const PROJECT_TEAM_STATES = defineStates({
  adminEdits: {
    name: 'persona admin may change the team and contacts of a project',
    persona: 'admin',
    needs:
      'A project whose project manager (the manager the project is recorded with) is a member of its team with the role project_manager, with at least one other member (a role other than project_manager); every member has a start date and an end date. A user who is not a member of the team. At least one contact of the project. Persona admin holds CAN_VIEW_TEAM, CAN_EDIT_PROJECT_CARD and CAN_EDIT_CONTACT.',
    returns: {
      projectId: id('the project'),
      memberId: id('a member of the team who is not the project manager'),
      managerMemberId: id('the team member who is the project manager'),
      personId: id('a user who is not a member of the team'),
      contactId: id('a contact of the project'),
      missingMemberId: missingId('member of the project’s team'),
      missingContactId: missingId('contact of the project'),
    },
  },
  portfolioReads: {
    name: 'persona portfolio may see the team and contacts of a project but not change them',
    persona: 'portfolio',
    needs:
      'A project with at least one contact, and a user who is not a member of its team. Persona portfolio holds CAN_VIEW_PROJECT_CARD and CAN_VIEW_TEAM but neither CAN_EDIT_PROJECT_CARD nor CAN_EDIT_CONTACT.',
    returns: {
      projectId: id('the project'),
      personId: id('a user who is not a member of the team'),
    },
  },
});
