import { defineStates } from '../state';

/** The report catalogue (spec §2 `/reports`, §8 the Excel export): reports of the live records. */
export const REPORT_STATES = defineStates({
  adminWithRecords: {
    name: 'persona admin may view the reports and finished checks and risks exist',
    persona: 'admin',
    needs:
      'At least one finished check (a health check, a self check or an audit) of a project of an account, with its due date, the date it finished and the experts’ risk status written; at least one risk (kind risk) on the risk register. Persona admin holds CAN_VIEW_REPORTS and has an e-mail address.',
    returns: {},
  },
  expertWithoutReports: {
    name: 'persona expert is signed in without the reports flag',
    persona: 'expert',
    needs: 'The user of persona expert, who does not hold CAN_VIEW_REPORTS.',
    returns: {},
  },
});
