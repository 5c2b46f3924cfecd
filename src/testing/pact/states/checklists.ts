import { defineStates, id } from '../state';

/** What every checklist of these states is: a template's items issued for a project. */
const CHECKLISTS =
  'Each checklist is issued from a named template for a project that has a code and an account, with a due date and at least two items (statements to answer yes, no or not applicable).';

/**
 * Project checklists (spec §1, §2 `/project-checklists`, §5 general attachments, §6 the checklist
 * flags): the checklists issued to the signed-in person, their items, answers and files, and the
 * submit, decline and cancel steps.
 */
export const CHECKLIST_STATES = defineStates({
  pm: {
    name: 'persona pm has an available checklist, one in progress with a file, and a submitted one',
    persona: 'pm',
    needs: `${CHECKLISTS} Issued to persona pm: an available checklist with no item answered; one in progress whose template name holds the search text the state returns, with some items answered and a PDF attached to one of its items; and a submitted one. Another person has a checklist of their own. Persona pm holds CAN_VIEW_CHECKLISTS, CAN_EDIT_CHECKLIST and CAN_SUBMIT_CHECKLIST but neither CAN_DECLINE_CHECKLIST nor CAN_CANCEL_CHECKLIST.`,
    returns: {
      checklistId: id('the available checklist of pm'),
      itemId: id('the first item of the available checklist'),
      otherChecklistId: id('a checklist issued to another person'),
      fileChecklistId: id('the checklist of pm in progress'),
      fileItemId: id('the item of the checklist in progress that holds the PDF'),
      fileId: id('the PDF attached to that item'),
      checklistSearch: {
        type: 'string',
        about:
          'a word of the template name of the checklist in progress (matched case-insensitively)',
      },
    },
  },
  pmSingleItem: {
    name: 'persona pm has an available checklist of a single item',
    persona: 'pm',
    needs:
      'An available checklist issued to persona pm, for a project that has a code and an account, with exactly one item, not answered. Persona pm holds CAN_VIEW_CHECKLISTS and CAN_EDIT_CHECKLIST.',
    returns: {
      checklistId: id('the available checklist'),
      itemId: id('its only item'),
    },
  },
  pmComplete: {
    name: 'persona pm has answered every item of an in-progress checklist',
    persona: 'pm',
    needs: `${CHECKLISTS} A checklist in progress issued to persona pm, every item of which pm has answered “yes”. Persona pm holds CAN_SUBMIT_CHECKLIST.`,
    returns: { checklistId: id('the checklist in progress') },
  },
  admin: {
    name: 'persona admin has an available checklist and a submitted one',
    persona: 'admin',
    needs: `${CHECKLISTS} Issued to persona admin: an available checklist and a submitted one. Persona admin holds every checklist flag (CAN_DECLINE_CHECKLIST and CAN_CANCEL_CHECKLIST among them).`,
    returns: {
      checklistId: id('the available checklist of admin'),
      finalChecklistId: id('the submitted checklist of admin'),
    },
  },
  qclReadOnly: {
    name: 'persona qcl may only view its checklists',
    persona: 'qcl',
    needs: `${CHECKLISTS} An available checklist issued to persona qcl, who holds CAN_VIEW_CHECKLISTS but neither CAN_EDIT_CHECKLIST nor CAN_SUBMIT_CHECKLIST.`,
    returns: {
      checklistId: id('the available checklist of qcl'),
      itemId: id('the first item of that checklist'),
    },
  },
  expertWithout: {
    name: 'persona expert is signed in without the checklist flags',
    persona: 'expert',
    needs: 'The user of persona expert, who holds none of the CAN_*_CHECKLIST(S) flags.',
    returns: {},
  },
});
