import { defineStates, id, missingId } from '../state';
import { PLANNER_PERIODS } from './plannerPeriods';

/** The plan of the open period that the grid, the plan's changes and the start's preview read. */
const PLAN = `${PLANNER_PERIODS} The closed period holds a planned check that became a check when its planner started. The open period holds planned checks not started yet: at least one whose week is over (a problem at the start), a health check without a main expert (a warning at the start, not a problem), and at least one whose week is not over; among them a check planned for one project. Three other active projects have no check planned in the open period. Two users may be named as experts. The portfolio holds at least one segment, line and account, and the projects that may be planned (active or on hold).`;

/** The ids the requests of the plan's changes send: its period, projects and experts. */
const PLAN_VALUES = {
  openPeriodId: id('the open period'),
  plannedCheckId: id('a planned check of the open period not started, whose week is not over'),
  projectId: id('an active project with no check planned in the open period'),
  secondProjectId: id('a second active project with no check planned in the open period'),
  thirdProjectId: id('a third active project with no check planned in the open period'),
  mainExpertId: id('a user who may lead a planned check as its main expert'),
  expertId: id('another user who may be an expert of a planned check'),
};

/**
 * The check planner (spec §1 planner, §2 `/planning`, §6 CAN_VIEW_CHECK_PLANNER,
 * CAN_EDIT_CHECK_PLANNER, CAN_START_CHECK_PLANNER): the grid, the plan of each period and the
 * start that turns an open period's plan into checks.
 */
export const PLANNER_STATES = defineStates({
  admin: {
    name: 'persona admin plans the checks of an open planner period whose plan has problems',
    persona: 'admin',
    needs: `${PLAN} Persona admin holds CAN_VIEW_CHECK_PLANNER, CAN_EDIT_CHECK_PLANNER and CAN_START_CHECK_PLANNER.`,
    returns: {
      ...PLAN_VALUES,
      closedPeriodId: id('the closed period'),
      startedCheckId: id('the planned check of the closed period that became a check'),
      plannedProjectId: id('the project that has a check planned in the open period'),
      missingCheckId: missingId('planned check'),
      missingPeriodId: missingId('planner period'),
    },
  },
  adminReady: {
    name: 'persona admin is signed in and the open planner period holds three planned checks ready to start',
    persona: 'admin',
    needs:
      'An open planner period, not started, that holds exactly three planned checks: health checks of three active projects, in a week that is not over, each with a main expert and an expert. Persona admin holds CAN_START_CHECK_PLANNER.',
    returns: { openPeriodId: id('the open period') },
  },
  adminStale: {
    name: 'persona admin is signed in and the open planner period holds planned checks whose week is over beside checks ready to start',
    persona: 'admin',
    needs:
      'An open planner period, not started, with at least one week that is not over, that holds exactly three planned checks: health checks of three active projects; two in a week that is not over, one in a week of the period that is over. Each has a main expert and an expert, except one of the two in a week that is not over, which has an expert and no main expert (a warning, which does not stop the start). Persona admin holds CAN_START_CHECK_PLANNER.',
    returns: { openPeriodId: id('the open period') },
  },
  portfolioReadOnly: {
    name: 'persona portfolio may view the check planner but not edit or start it',
    persona: 'portfolio',
    needs: `${PLAN} Persona portfolio holds CAN_VIEW_CHECK_PLANNER but neither CAN_EDIT_CHECK_PLANNER nor CAN_START_CHECK_PLANNER.`,
    returns: PLAN_VALUES,
  },
  pmWithout: {
    name: 'persona pm is signed in and may not view the check planner',
    persona: 'pm',
    needs: 'The user of persona pm, who does not hold CAN_VIEW_CHECK_PLANNER.',
    returns: {},
  },
});
