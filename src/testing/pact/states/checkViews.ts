/** States of the views across checks (`/overview`, `/summary`, `/outcomes`); each returns `accessToken`. */
export const CHECK_VIEW_STATES = {
  viewerWithoutViews:
    'persona viewer is signed in without the project details, summary and poll outcomes flags',
  pmWithoutOutcomes: 'persona pm is signed in without the poll outcomes flag',
} as const;
