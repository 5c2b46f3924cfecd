import { defineStates, id } from '../state';

/** The saved DEX set up both states stand on. */
const SAVED_SETUP =
  'A project with a saved DEX set up (saved by a user: updated_by and updated_at set) holding every practice of the catalogue (DEX_PRACTICES, src/api/contract/dexSetup.ts): at least one in scope with an owner and a start period, at least one out of scope (owner and start_period null) with a reason; of the checklist practices project_kick_off out of scope and release_readiness, sprint_quality_gate and security_baseline in scope; the project holds no checklist of the Project kick-off template. What the practices in scope ask for (asked_for) is not empty. A user who may own a practice.';

/**
 * The card's DEX set up: which delivery-excellence practices of the catalogue are in the
 * project's scope, each with an owner and a start month, or out of it with a reason.
 */
export const DEX_SETUP_STATES = defineStates({
  qcl: {
    name: 'persona qcl may set the DEX scope of a project that has a saved DEX set up',
    persona: 'qcl',
    needs: `${SAVED_SETUP} Persona qcl holds CAN_EDIT_DEX_SCOPE_SETUP.`,
    returns: {
      projectId: id('the project'),
      ownerId: id('a user who may own a practice'),
    },
  },
  pm: {
    name: 'persona pm may view the DEX set up of a project but not change it',
    persona: 'pm',
    needs: `${SAVED_SETUP} Persona pm holds CAN_VIEW_PROJECT_CARD but not CAN_EDIT_DEX_SCOPE_SETUP.`,
    returns: {
      projectId: id('the project'),
      ownerId: id('a user who may own a practice'),
    },
  },
});
