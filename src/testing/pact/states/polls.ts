import { defineStates, id } from '../state';

/**
 * Checks and surveys (spec §3, §4, §7). A check is a poll of a project: its respondents answer the
 * questions of its model's drivers for their role (pm, qcl, exp); an expert check has a main expert;
 * an audit check an auditor and a supervisor.
 */
export const POLL_STATES = defineStates({
  pmAnswers: {
    name: 'persona pm answers a started self check',
    persona: 'pm',
    needs:
      'A self check in status started, with persona pm as its project manager respondent (role pm) and at least two drivers with questions for the pm role. pm has answered every pm question of one driver and none of another, so the check is not complete. pm does not hold CAN_CANCEL_CHECK.',
    returns: {
      pollId: id('the self check'),
      driverId: id('a driver of the check whose pm questions pm has all answered'),
      openDriverId: id('a driver of the check none of whose pm questions pm has answered'),
      questionId: id('a pm question of the check that pm has not answered'),
    },
  },
  pmAnsweredAll: {
    name: 'persona pm has answered every question of a started self check',
    persona: 'pm',
    needs:
      'A self check in status started whose only respondent is persona pm (role pm), with every pm question answered by pm.',
    returns: { pollId: id('the self check') },
  },
  pmFinished: {
    name: 'persona pm took part in a finished health check',
    persona: 'pm',
    needs:
      'A health check in status finished in which persona pm answered every pm question and submitted; pm has left one survey indicator feedback on it.',
    returns: {
      pollId: id('the finished health check'),
      questionId: id('a question of the check that pm answered'),
    },
  },
  pmHiddenAudit: {
    name: 'persona pm is signed in and an audit exists that pm may not see',
    persona: 'pm',
    needs:
      'An audit check of a project in which persona pm takes no part and which pm has no permission to see.',
    returns: { pollId: id('the audit check pm may not see') },
  },
  mainExpertLeads: {
    name: 'persona main_expert leads a health check in its expert phase',
    persona: 'main_expert',
    needs:
      'A health check in status expert whose main expert is persona main_expert (user_pos "expert"); its project has a name, a description and an expert description. The check holds CAN_EDIT_SUMMARY for main_expert.',
    returns: { pollId: id('the health check') },
  },
  auditorAnswered: {
    name: 'persona auditor has answered an audit in the expert phase',
    persona: 'auditor',
    needs:
      'An audit check in status expert whose auditor is persona auditor, with every auditor question answered, its summary and risk status written, no supervisor comment, and one recorded outcome (a finding without a corrective action). The project has a project manager who may own corrective actions.',
    returns: {
      pollId: id('the audit check'),
      outcomeId: id('the recorded outcome'),
      ownerId: id('the user who may own a corrective action (the project manager)'),
    },
  },
  auditorNoSummary: {
    name: 'persona auditor has answered an audit but not written its summary',
    persona: 'auditor',
    needs:
      'An audit check in status expert whose auditor is persona auditor, with every auditor question answered, its risk status and summary (experts_summary) both empty, and no supervisor comment. The check holds CAN_EDIT_SUMMARY and CAN_SEND_FOR_REVIEW for auditor.',
    returns: { pollId: id('the audit check') },
  },
  supervisorNoSummary: {
    name: 'persona supervisor reviews an audit whose summary is not written',
    persona: 'supervisor',
    needs:
      'An audit check in status supervisor_review whose supervisor is persona supervisor, every participant submitted, its risk status and summary (experts_summary) both empty.',
    returns: { pollId: id('the audit check') },
  },
  supervisorNoComment: {
    name: 'persona supervisor reviews an audit that has no supervisor comment',
    persona: 'supervisor',
    needs:
      'An audit check in status supervisor_review whose supervisor is persona supervisor, every participant submitted, and no supervisor comment.',
    returns: { pollId: id('the audit check') },
  },
  supervisorWithComment: {
    name: 'persona supervisor reviews an audit with a supervisor comment',
    persona: 'supervisor',
    needs:
      'An audit check in status supervisor_review whose supervisor is persona supervisor, its risk status and summary written, with one supervisor comment written by persona supervisor.',
    returns: {
      pollId: id('the audit check'),
      commentId: id('the supervisor comment'),
    },
  },
  auditorInReview: {
    name: 'persona auditor has an audit in supervisor review',
    persona: 'auditor',
    needs:
      'An audit check in status supervisor_review whose auditor is persona auditor, who may not approve or return reports.',
    returns: { pollId: id('the audit check') },
  },
  adminNewCheck: {
    name: 'persona admin manages a new health check',
    persona: 'admin',
    needs:
      'A health check in status new (not started, no extension, valid) of a project; three users beside persona admin who may take part: one who may be assigned as an expert and is not yet one, one who may become the main expert, one who may own the QC.',
    returns: {
      pollId: id('the new health check'),
      expertId: id('a user who may be assigned as an expert of the check'),
      mainExpertId: id('a user who may become the main expert of the check'),
      qcOwnerId: id('a user who may own the QC of the check'),
    },
  },
  adminManyHealthChecks: {
    name: 'persona admin may see more than two pages of health checks',
    persona: 'admin',
    needs:
      'At least 41 health checks persona admin may see (the default page holds 20), so that page 2 has a previous and a next page.',
    returns: {},
  },
  adminCreatesCheck: {
    name: 'persona admin may create a health check for a project',
    persona: 'admin',
    needs:
      'A project without a check, and a user who may be the main expert of a check of it. The health check model sdo exists with the drivers delivery and quality.',
    returns: {
      projectId: id('the project'),
      mainExpertId: id('the user who may be the main expert'),
    },
  },
  adminSearches: {
    name: 'persona admin is signed in and may find a user and a project by name',
    persona: 'admin',
    needs:
      'A user and a project whose names contain the texts the state returns, and the check models (sdo, qmo, soc2_sc, qmo_ta, audit_pm) with their drivers and questions.',
    returns: {
      userSearch: { type: 'string', about: 'a part of a user’s name' },
      projectSearch: { type: 'string', about: 'a part of a project’s name' },
    },
  },
});
