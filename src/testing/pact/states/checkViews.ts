import { defineStates } from '../state';

/**
 * The views across checks (spec §2 `/overview`, `/summary`, `/outcomes`): the project overviews,
 * the summaries and the audit findings of every check the user may see, filtered and paged.
 */
export const CHECK_VIEW_STATES = defineStates({
  adminManyChecks: {
    name: 'persona admin may see more than two pages of finished checks and an open major audit finding',
    persona: 'admin',
    needs:
      'At least 21 finished checks (a page of 10: page 2 has a previous and a next page), each of a project of an account with a description and an expert description, with the experts’ and the project manager’s summaries and risk statuses written. An audit in status review_completed with a major finding whose title contains the text `findingSearch` and whose corrective action has an owner and a due date and is not done. Persona admin holds CAN_VIEW_PROJECT_DETAILS, CAN_VIEW_SUMMARY and CAN_VIEW_POLL_OUTCOMES.',
    returns: {
      findingSearch: { type: 'string', about: 'a part of the title of the major finding' },
    },
  },
  viewerWithoutViews: {
    name: 'persona viewer is signed in without the project details, summary and poll outcomes flags',
    persona: 'viewer',
    needs:
      'The user of persona viewer, who holds none of CAN_VIEW_PROJECT_DETAILS, CAN_VIEW_SUMMARY and CAN_VIEW_POLL_OUTCOMES.',
    returns: {},
  },
  pmWithoutOutcomes: {
    name: 'persona pm is signed in without the poll outcomes flag',
    persona: 'pm',
    needs: 'The user of persona pm, who does not hold CAN_VIEW_POLL_OUTCOMES.',
    returns: {},
  },
});
