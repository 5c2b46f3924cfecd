import { defineStates, id } from '../state';

/**
 * The card's Metrics approvals tab: monthly metric values a project submits with one file of
 * evidence (CAN_CREATE_METRICS_APPROVAL) and a reviewer approves or returns
 * (CAN_EDIT_METRICS_APPROVAL); both read with CAN_VIEW_METRICS_APPROVAL.
 */
export const METRICS_STATES = defineStates({
  submitter: {
    name: 'persona pm submits the metric values of a project, one returned to pm and one awaiting its evidence',
    persona: 'pm',
    needs:
      'A project persona pm may see, pm holding CAN_VIEW_METRICS_APPROVAL and CAN_CREATE_METRICS_APPROVAL but not CAN_EDIT_METRICS_APPROVAL. Values of the project submitted by pm, each with one evidence file and its history: one returned to pm by another user with a comment, one submitted and waiting for review; and a draft of pm without evidence (awaiting it). The project has no value of utilisation for 2026-06.',
    returns: {
      projectId: id('the project'),
      returnedId: id('the value returned to pm'),
      submittedId: id('the value waiting for review'),
      draftId: id('the draft of pm awaiting its evidence'),
    },
  },
  reviewer: {
    name: 'persona qcl reviews a metric value of a project waiting for review',
    persona: 'qcl',
    needs:
      'A project persona qcl may see, qcl holding CAN_VIEW_METRICS_APPROVAL and CAN_EDIT_METRICS_APPROVAL. A value of the project submitted by another user (pm) with one evidence file, waiting for review and never reviewed.',
    returns: {
      projectId: id('the project'),
      submittedId: id('the value waiting for review'),
    },
  },
  reader: {
    name: 'persona auditor may view the metric values of a project, all in one state, but neither submit nor review them',
    persona: 'auditor',
    params: {
      state: {
        type: 'string',
        about:
          'the state of every metric value of the project: "submitted" (waiting for review, never reviewed) or "returned" (returned by a reviewer with a comment)',
        values: ['submitted', 'returned'],
      },
    },
    needs:
      'A project persona auditor may see, auditor holding CAN_VIEW_METRICS_APPROVAL but neither CAN_CREATE_METRICS_APPROVAL nor CAN_EDIT_METRICS_APPROVAL. At least one metric value of the project, each submitted by another user with one evidence file and its history, and each in the state the parameter `state` names.',
    returns: { projectId: id('the project') },
  },
});
