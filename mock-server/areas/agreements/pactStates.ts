import type { MockApp } from '../../app';
import { mutate } from '../../store/db';
import { AGREEMENT_STATES } from '../../../src/testing/pact/states';
import { handlersFor, type SignIn, type AreaPactStates } from '../../../scripts/pact/stateHandlers';

/**
 * The seed's project these states stand on (seed.ts beside this file): a signed contract
 * and a signed SOW holding a document each, a signed SLA, an expired SOW and a draft change
 * agreement (2027-01-01 to 2027-03-31), the last three without documents.
 */
const PROJECT = 1;
/** No agreement has this id. */
const MISSING_AGREEMENT = 999_999;

/** The project agreement states of the mock backend, on the seed's project. */
export function agreementStateHandlers(app: MockApp, signIn: SignIn) {
  const { db } = app.mock;
  const ofProject = () => db.getState().agreements.filter((row) => row.project_id === PROJECT);
  const contract = () => {
    const found = ofProject().find((row) => row.type === 'contract' && row.documents.length > 0);
    if (!found) throw new Error(`The seed holds no contract with a document on project ${PROJECT}`);
    return found;
  };

  return handlersFor(AGREEMENT_STATES, signIn, {
    editor: () => {
      const draft = ofProject().find((row) => row.type === 'change' && row.state === 'draft');
      if (!draft) throw new Error(`The seed holds no draft change agreement on project ${PROJECT}`);
      return {
        projectId: PROJECT,
        agreementId: draft.id,
        contractId: contract().id,
        fileId: contract().documents[0]!.id,
        missingAgreementId: MISSING_AGREEMENT,
      };
    },
    reader: () => {
      // Only the agreements holding a document stay on the project.
      mutate(db, (state) => {
        state.agreements = state.agreements.filter(
          (row) => row.project_id !== PROJECT || row.documents.length > 0,
        );
      });
      return { projectId: PROJECT, fileId: contract().documents[0]!.id };
    },
  });
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = agreementStateHandlers;
