import { defineStates } from '../state';

/** "My work" on the welcome page (`GET /api/my-work/`). */
export const MY_WORK_STATES = defineStates({
  pmHasWork: {
    name: 'persona pm has a check to answer and an open risk of its own due within a week',
    persona: 'pm',
    needs:
      'A check in its started phase in which the user of persona pm takes part as project manager and has not submitted; an open risk or issue (of any level) owned by that user whose due date is at most 7 days after today (or past).',
    returns: {},
  },
  viewerHasNothing: {
    name: 'persona viewer has nothing waiting',
    persona: 'viewer',
    needs:
      'The user of persona viewer takes part in no check, owns no open risk or issue, has no checklist issued and no pending action request.',
    returns: {},
  },
});
