import { defineStates, id } from '../state';

/** Risk action requests (the header's Actions): requests for the signed-in user to decide. */
export const ACTION_REQUEST_STATES = defineStates({
  pending: {
    name: 'persona admin is signed in and has a pending risk action request',
    persona: 'admin',
    needs:
      'A risk of a project, and an escalation of it to the account level requested by another user, addressed to persona admin and not decided yet.',
    returns: { requestId: id('the pending action request') },
  },
  decided: {
    name: 'persona admin is signed in and has a risk action request already rejected',
    persona: 'admin',
    needs:
      'A risk action request addressed to persona admin that persona admin has already rejected.',
    returns: { requestId: id('the rejected action request') },
  },
});
