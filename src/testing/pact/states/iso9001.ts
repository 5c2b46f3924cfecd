import { defineStates, id, type StateValue } from '../state';

/**
 * The card's ISO 9001 Compliance tab: each requirement of clauses 4 to 10 of ISO 9001:2015 assessed
 * per project (read with CAN_VIEW_PROJECT_CARD, changed with CAN_EDIT_PROJECT_CARD). A requirement
 * is addressed by its id in the contract's catalogue (`ISO_REQUIREMENTS` of
 * src/api/contract/iso9001.ts): clause × 100 + sub-clause.
 */
const COMPETENCE: StateValue = id(
  'the Competence requirement (clause 7.2): its id in the contract’s ISO 9001 catalogue, clause × 100 + sub-clause (702)',
);

export const ISO_9001_STATES = defineStates({
  editor: {
    name: 'persona admin may assess the ISO 9001 requirements of a project whose Competence requirement is not assessed',
    persona: 'admin',
    needs:
      'A project persona admin may see, admin holding CAN_EDIT_PROJECT_CARD, with at least one check of the project (evidence it may link) and another user who may be responsible for a requirement. The Competence requirement (clause 7.2) of the project is not assessed and holds no evidence file.',
    returns: {
      projectId: id('the project'),
      requirementId: COMPETENCE,
      checkId: id('a check of the project, linked as evidence'),
      responsibleId: id('a user other than admin, made responsible for the requirement'),
    },
  },
  editorWithFile: {
    name: 'persona admin may assess the ISO 9001 requirements of a project whose Competence requirement holds an evidence file',
    persona: 'admin',
    needs:
      'A project persona admin may see, admin holding CAN_EDIT_PROJECT_CARD, whose Competence requirement (clause 7.2) holds one evidence file (a PDF).',
    returns: {
      projectId: id('the project'),
      requirementId: COMPETENCE,
      fileId: id('the evidence file of the Competence requirement'),
    },
  },
  reader: {
    name: 'persona auditor may read the ISO 9001 assessment of a project, with every requirement assessed or none, but not change it',
    persona: 'auditor',
    params: {
      assessment: {
        type: 'string',
        about:
          'how much of the project is assessed: "none" (no requirement assessed) or "every" (every requirement of the catalogue compliant, each with one agreement of the project as evidence, no evidence file, a responsible user, a review date in the future and a note)',
        values: ['none', 'every'],
      },
    },
    needs:
      'A project persona auditor may see (CAN_VIEW_PROJECT_CARD), auditor not holding CAN_EDIT_PROJECT_CARD, its requirements assessed as the parameter `assessment` names (by another user).',
    returns: { projectId: id('the project'), requirementId: COMPETENCE },
  },
});
