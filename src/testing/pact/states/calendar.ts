import { defineStates, id } from '../state';

/**
 * The calendar (spec §2 `/calendar`, §6 CAN_VIEW_SCHEDULER): the dated records of a stretch of
 * days as events: checks over their week, the starts and ends of planner periods, the due dates
 * of open risks, issues and action items.
 */
export const CALENDAR_STATES = defineStates({
  adminEvents: {
    name: 'persona admin sees checks, planner periods and action items due in a stretch of days',
    persona: 'admin',
    needs:
      'A stretch of days from `start` to `end` (at most 100 days, e.g. a calendar quarter) holding: a check of a project of an account whose week (its planned week, or else the week of its due date) lies in the stretch; a planner period that starts or ends in it; an open action item of an open risk of the project `projectId`, owned by a user other than admin, due in it. Persona admin (every permission, among them CAN_VIEW_SCHEDULER, CAN_VIEW_CHECK_PLANNER and CAN_VIEW_PLANNER_PERIODS) takes part in no check of the project `projectId` and owns no risk, issue or action item of it.',
    returns: {
      start: { type: 'string', about: 'the first day of the stretch, YYYY-MM-DD' },
      end: { type: 'string', about: 'the last day of the stretch, YYYY-MM-DD' },
      projectId: id(
        'a project with an action item due in the stretch, in which admin takes part in no check and owns nothing',
      ),
    },
  },
  riskOwnerWithoutScheduler: {
    name: 'persona risk_owner is signed in without the scheduler flag',
    persona: 'risk_owner',
    needs: 'The user of persona risk_owner, who does not hold CAN_VIEW_SCHEDULER.',
    returns: {},
  },
});
