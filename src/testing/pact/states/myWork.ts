import { defineStates } from '../state';

/** "My work" on the welcome page (`GET /api/my-work/`). */
export const MY_WORK_STATES = defineStates({
  pmHasWork: {
    name: 'persona pm has a check to answer, an open risk and an action item of its own due within a week, and an approval to give',
    persona: 'pm',
    needs:
      'A check in its started phase in which the user of persona pm takes part as project manager and has not submitted; an open risk or issue (of any level) owned by that user whose due date is at most 7 days after today (or past); an action item not done, owned by that user, on a risk or issue that user may see, due at most 7 days after today (or past); a pending approval request of a project whose card that user may view (CAN_VIEW_PROJECT_CARD), raised by someone else, with that user as its approver.',
    returns: {},
  },
  viewerHasNothing: {
    name: 'persona viewer has nothing waiting',
    persona: 'viewer',
    needs:
      'The user of persona viewer takes part in no check, owns no open risk or issue and no action item, has no checklist issued, no approval to give and no pending action request.',
    returns: {},
  },
});
