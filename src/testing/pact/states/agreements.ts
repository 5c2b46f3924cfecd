import { defineStates, id, missingId } from '../state';

/**
 * The card's Project agreements tab: the contracts, SOWs, SLAs and change agreements of a project
 * with their documents (read with CAN_VIEW_PROJECT_CARD, changed with CAN_EDIT_PROJECT_CARD).
 */
export const AGREEMENT_STATES = defineStates({
  editor: {
    name: 'persona admin may change the agreements of a project that has a draft agreement and a signed contract holding a document',
    persona: 'admin',
    needs:
      'A project persona admin may see, admin holding CAN_EDIT_PROJECT_CARD. The project has a draft change agreement without documents, from 2027-01-01 to 2027-03-31, and a signed contract holding one document (a PDF).',
    returns: {
      projectId: id('the project'),
      agreementId: id('the draft change agreement'),
      contractId: id('the signed contract'),
      fileId: id('the document of the signed contract'),
      missingAgreementId: missingId('agreement'),
    },
  },
  reader: {
    name: 'persona pm may view the agreements of a project, each holding a document, but not change them',
    persona: 'pm',
    needs:
      'A project persona pm may see (CAN_VIEW_PROJECT_CARD), pm not holding CAN_EDIT_PROJECT_CARD. The project has at least one agreement, and each of its agreements holds one document (a PDF), e.g. a signed contract and a signed SOW.',
    returns: {
      projectId: id('the project'),
      fileId: id('a document (a PDF) of an agreement of the project'),
    },
  },
});
