import { RACI_FUNCTIONS } from '../../../api/contract/raci';
import { defineStates, id, type StateParam } from '../state';

/** The delivery function whose matrix the state sets up (the path's `{function}`). */
const functionParam = (values: readonly string[]): StateParam => ({
  type: 'string',
  about: `the delivery function of the matrix, as the path names it (one of ${RACI_FUNCTIONS.join(', ')})`,
  values,
});

/**
 * The Ownership matrix (RACI) of the project card: per project and delivery function, the
 * activities of the contract's catalogue (RACI_ACTIVITIES, src/api/contract/raci.ts) × the
 * roles, each cell R, A, C, I or empty; exactly one A per activity. A matrix is a draft or
 * validated; a validation keeps a read-only copy, the last validated version.
 */
export const RACI_STATES = defineStates({
  adminDraft: {
    name: 'persona admin may edit and validate a draft RACI matrix of a project',
    persona: 'admin',
    needs:
      'A project with the RACI matrix of the function (parameter `function`) in status draft, no validator on it (validated_by and validated_at null), its rows every activity of the contract’s catalogue for the function with a cell for each role of the matrix (pmo: pm, dm, qcl, ado, architect, client, pmo_officer). Persona admin holds CAN_VIEW_PROJECT_CARD, the function’s view flag (CAN_VIEW_RACI_PMO_TAB, CAN_VIEW_RACI_SLA_TAB…), CAN_EDIT_RACI_MATRIX, CAN_VALIDATE_RACI_MATRIX and CAN_VIEW_RACI_SNAPSHOT. The draft is as the parameter `draft` says: `validated_before`: every activity has exactly one A, the matrix was saved by a user (updated_by, updated_at set) and an earlier version of it was validated by another user (the last validated version exists); `activity_without_a`: the third activity of the function’s catalogue (`track_budget_and_forecast` in PMO) has no A, every other activity exactly one; `never_validated`: every activity has exactly one A, the matrix was never saved (updated_by and updated_at null) and never validated (no last validated version).',
    params: {
      function: functionParam(['pmo', 'sla']),
      draft: {
        type: 'string',
        about:
          'the draft the matrix is: validated_before, activity_without_a or never_validated (see the records needed)',
        values: ['validated_before', 'activity_without_a', 'never_validated'],
      },
    },
    returns: { projectId: id('the project') },
  },
  portfolioViews: {
    name: 'persona portfolio may view a RACI matrix of a project but neither edit nor validate it',
    persona: 'portfolio',
    needs:
      'A project with the RACI matrix of the function (parameter `function`). Persona portfolio holds CAN_VIEW_PROJECT_CARD and the function’s view flag but neither CAN_EDIT_RACI_MATRIX nor CAN_VALIDATE_RACI_MATRIX.',
    params: { function: functionParam(['pmo']) },
    returns: { projectId: id('the project') },
  },
  pmWithoutView: {
    name: 'persona pm may view a project but not its RACI matrix of a function',
    persona: 'pm',
    needs:
      'A project persona pm may view (CAN_VIEW_PROJECT_CARD); pm lacks the view flag of the function (parameter `function`; qmo: CAN_VIEW_RACI_QMO_TAB).',
    params: { function: functionParam(['qmo']) },
    returns: { projectId: id('the project') },
  },
});
