import { defineStates, id } from '../state';

/** Compare checks (issue 15): the checks a check's results may be compared with. */
export const COMPARE_STATES = defineStates({
  adminTwoFinished: {
    name: 'persona admin sees a finished health check with an earlier finished one of the same project',
    persona: 'admin',
    needs:
      'A project with two finished health checks of the same model: the check `pollId`, and one due before it (the default to compare with). The check `pollId` asks both a project manager and an expert. Persona admin may see the results of both.',
    returns: { pollId: id('the later finished health check') },
  },
  adminOnlyCheck: {
    name: 'persona admin sees a finished health check that no other check of its project compares with',
    persona: 'admin',
    needs:
      'A finished health check of a project that has no other check of the same model past its start (in status started, expert, supervisor_review, review_completed or finished). Persona admin may see its results.',
    returns: { pollId: id('the finished health check') },
  },
  expertBeforeResults: {
    name: 'persona expert answers a health check in its expert phase and may not see its results yet',
    persona: 'expert',
    needs:
      'A health check in status expert in which persona expert is an expert who has not submitted, so expert may open the check but not its results (CAN_VIEW_POLL_RESULTS_PAGE on the check is not theirs yet).',
    returns: { pollId: id('the health check in its expert phase') },
  },
});
