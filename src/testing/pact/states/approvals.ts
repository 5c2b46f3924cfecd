import { defineStates, id } from '../state';

/**
 * The card's Approvals tab: requests a project raises (CAN_EDIT_PROJECT_CARD), each decided by its
 * named approver only, withdrawn by its requester only, and reminded by its requester or a card
 * editor at most once a day.
 */
export const APPROVAL_STATES = defineStates({
  approver: {
    name: 'persona qcl approves a pending request of a project and has decided another',
    persona: 'qcl',
    needs:
      'A project persona qcl may see, qcl not holding CAN_EDIT_PROJECT_CARD. Two requests raised by another user (pm) whose approver is qcl: one pending, of which pm reminded qcl once more than a day ago; and one qcl approved with a comment.',
    returns: {
      projectId: id('the project'),
      pendingId: id('the pending request qcl approves'),
      decidedId: id('the request qcl approved'),
    },
  },
  requester: {
    name: 'persona pm raised a pending request of a project that another user approves',
    persona: 'pm',
    needs:
      'A project persona pm may see, pm not holding CAN_EDIT_PROJECT_CARD. A pending request raised by pm whose approver is another user, of which pm reminded the approver once more than a day ago.',
    returns: {
      projectId: id('the project'),
      pendingId: id('the pending request pm raised'),
      approverId: id('a user other than pm who may approve a request'),
    },
  },
  remindedNow: {
    name: 'persona pm reminded the approver of a pending request an hour ago',
    persona: 'pm',
    needs:
      'A project persona pm may see, with a pending request raised by pm whose approver is another user, and a reminder of it sent by pm an hour ago.',
    returns: {
      projectId: id('the project'),
      pendingId: id('the pending request'),
    },
  },
  cardEditor: {
    name: 'persona admin keeps the card of a project with a pending request and a decided one that others approve',
    persona: 'admin',
    needs:
      'A project persona admin may see, admin holding CAN_EDIT_PROJECT_CARD. Two requests raised by another user whose approver is a user other than admin: one pending and one approved. A user other than admin who may approve a request.',
    returns: {
      projectId: id('the project'),
      pendingId: id('the pending request'),
      decidedId: id('the decided request'),
      approverId: id('a user other than admin who may approve a request'),
      ownUserId: id('the user of persona admin'),
    },
  },
  listed: {
    name: 'persona qcl views a project whose only approval request is pending or approved',
    persona: 'qcl',
    params: {
      request: {
        type: 'string',
        about:
          'the state of the project’s only request: "pending" (raised by another user, reminded once more than a day ago, not decided) or "approved" (decided with a comment, never reminded)',
        values: ['pending', 'approved'],
      },
    },
    needs:
      'A project persona qcl may see, with exactly one approval request, raised by another user (with its comment) for qcl to approve, in the state the parameter `request` names, its history holding each of its steps.',
    returns: { projectId: id('the project') },
  },
  waitingAcross: {
    name: 'persona pm approves overdue pending requests of two projects',
    persona: 'pm',
    needs:
      'Two projects whose cards persona pm may view (CAN_VIEW_PROJECT_CARD), each with a code on its card. On each, a pending profile validation request raised by another user (the QC lead, from outside the project, without a comment), whose approver is pm, due before today and never reminded. Requests of these projects that pm does not approve, or that are decided or withdrawn, may exist beside them and are not listed.',
    returns: {
      projectId: id('the first of the two projects'),
      requestSearch: {
        type: 'string',
        about:
          'a word of the subject of the request waiting on pm on the first project (matched case-insensitively)',
      },
    },
  },
  withoutCard: {
    name: 'persona viewer, who may not view project cards, is signed in',
    persona: 'viewer',
    needs: 'The user of persona viewer, who lacks CAN_VIEW_PROJECT_CARD.',
    returns: {},
  },
});
