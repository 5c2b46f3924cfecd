import { defineStates, id, missingId } from '../state';

/**
 * The portfolio and the project card (spec §2 `/projects`): every project under its account,
 * business line and segment, and the card of one project with its own facts and history.
 */
const PROJECT =
  'A project of an account of a business line of a business segment, with a code, a status, a start and an end date, a description and an expert description, no profile revenue sheet, and persona pm as its project manager';

export const PROJECT_STATES = defineStates({
  adminPortfolio: {
    name: 'persona admin may view the portfolio of projects',
    persona: 'admin',
    needs:
      'At least one business segment with a business line, an account of that line and a project of that account (a code of three capitals, a dash and four digits, a status, a project manager), counted with its open risks, open high risks, open issues and checks in progress. Persona admin holds CAN_VIEW_PROJECT_CARD.',
    returns: { missingProjectId: missingId('project') },
  },
  viewerWithoutCard: {
    name: 'persona viewer is signed in without the project card flag',
    persona: 'viewer',
    needs: 'The user of persona viewer, who does not hold CAN_VIEW_PROJECT_CARD.',
    returns: {},
  },
  pmEditsDetails: {
    name: 'persona pm manages a project whose details pm may edit but not its KPI flag',
    persona: 'pm',
    needs: `${PROJECT}. Persona pm holds CAN_VIEW_PROJECT_CARD and CAN_EDIT_PROJECT_DETAILS but not CAN_EXCLUDE_FROM_KPI.`,
    returns: { projectId: id('the project pm manages') },
  },
  adminChangedProject: {
    name: 'persona admin changed the description of a project',
    persona: 'admin',
    needs: `${PROJECT}. Persona admin has changed its description on the card, recorded in its history (section “Project overview”, field “Description”, the old and the new text).`,
    returns: { projectId: id('the project') },
  },
});
