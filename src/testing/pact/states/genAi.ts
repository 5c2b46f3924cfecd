import { defineStates, id, missingId } from '../state';

/**
 * The card's Gen AI approvals tab: requests to use a generative-AI tool on a project (raised with
 * CAN_EDIT_PROJECT_CARD, decided with CAN_EDIT_TECH_REGISTER), their consent files, and the tools
 * the project records as in use.
 */
export const GEN_AI_STATES = defineStates({
  manages: {
    name: 'persona admin may raise and decide the Gen AI requests of a project that has a pending request and an approved one',
    persona: 'admin',
    needs:
      'A project persona admin may see, admin holding CAN_EDIT_PROJECT_CARD and CAN_EDIT_TECH_REGISTER. The project has a pending Gen AI request raised by another user, of a data classification that needs no client consent (e.g. internal), its consent pending, without consent files; and an approved request (approved by admin, with conditions, valid until a day in the future) holding one consent file. The project records as in use one tool that no approved request covers, and no tool called "Claude".',
    returns: {
      projectId: id('the project'),
      pendingId: id('the pending Gen AI request'),
      decidedId: id('the approved Gen AI request'),
      decidedFileId: id('the consent file of the approved request'),
      useId: id('a tool the project records as in use'),
      usedTool: {
        type: 'string',
        about:
          'the name of a tool the project records as in use, written in lower case (a tool is the same whatever its case)',
      },
      missingProjectId: missingId('project'),
    },
  },
  viewer: {
    name: 'persona pm may view the Gen AI approvals of a project but neither raise nor decide them',
    persona: 'pm',
    needs:
      'A project persona pm may see (CAN_VIEW_PROJECT_CARD), pm holding neither CAN_EDIT_PROJECT_CARD nor CAN_EDIT_TECH_REGISTER. The project has a pending Gen AI request and an approved one holding one consent file (a PDF).',
    returns: {
      projectId: id('the project'),
      pendingId: id('the pending Gen AI request'),
      decidedFileId: id('the consent file (a PDF) of the approved request'),
      missingFileId: missingId('Gen AI consent file'),
    },
  },
  listed: {
    name: 'persona pm views a project using one Gen AI tool whose only Gen AI request is pending or approved',
    persona: 'pm',
    params: {
      request: {
        type: 'string',
        about:
          'the state of the project’s only Gen AI request: "pending" (raised by another user, no consent file, for a tool the project does not use, so the tool in use has no approval) or "approved" (with one consent file, valid until a day in the future, for the tool the project uses)',
        values: ['pending', 'approved'],
      },
    },
    needs:
      'A project persona pm may see, with exactly one Gen AI request, in the state the parameter `request` names, and exactly one tool recorded as in use (by another user): with "pending", a tool no request covers; with "approved", the tool the approved request is for.',
    returns: { projectId: id('the project') },
  },
  consentNoFile: {
    name: 'persona admin may decide a pending client-confidential Gen AI request whose consent is given but has no consent file',
    persona: 'admin',
    needs:
      'A project persona admin may see, admin holding CAN_EDIT_PROJECT_CARD and CAN_EDIT_TECH_REGISTER, with a pending Gen AI request of data classification client_confidential, client consent "yes" with its evidence text, and no consent file.',
    returns: {
      projectId: id('the project'),
      pendingId: id('the pending client-confidential request'),
      missingFileId: missingId('Gen AI consent file'),
    },
  },
  consentWithFile: {
    name: 'persona admin may change the consent files of a pending Gen AI request holding one',
    persona: 'admin',
    needs:
      'A project persona admin may see, admin holding CAN_EDIT_PROJECT_CARD, with a pending Gen AI request of data classification client_confidential, client consent "yes" with its evidence text, and one consent file.',
    returns: {
      projectId: id('the project'),
      pendingId: id('the pending request'),
      fileId: id('the consent file of the pending request'),
    },
  },
});
