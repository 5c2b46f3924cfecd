import { defineStates, id, missingId } from '../state';

/** The card's Tools register: the tools a project uses, their versions, licences and owners. */
export const TOOL_STATES = defineStates({
  admin: {
    name: 'persona admin may change the tools register of a project',
    persona: 'admin',
    needs:
      'A project whose tools register holds tools with a licence expiry date and tools without one (licence_expiry null), among them GitLab in version 17.5 and none named Postman in version 11.2. Another user who may own a tool. Persona admin holds CAN_VIEW_TOOLS_REGISTER and CAN_EDIT_TECH_REGISTER.',
    returns: {
      projectId: id('the project'),
      toolId: id('a tool of the register'),
      ownerId: id('a user who may own a tool'),
      missingToolId: missingId('tool of the register'),
    },
  },
  pm: {
    name: 'persona pm may view a project but neither view nor edit its tools register',
    persona: 'pm',
    needs:
      'A project, and a user who may own a tool. Persona pm holds CAN_VIEW_PROJECT_CARD but neither CAN_VIEW_TOOLS_REGISTER nor CAN_EDIT_TECH_REGISTER.',
    returns: { projectId: id('the project'), ownerId: id('a user who may own a tool') },
  },
});
