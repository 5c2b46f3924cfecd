import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  PLAN_RULES,
  START_PROBLEMS,
  START_RULES,
  START_WARNINGS,
  type BulkPlanRequest,
  type NewPlannedCheck,
  type PlanExpert,
  type StaleWeekAction,
} from '../../api/contract/planner';
import { PLANNER_PERIOD_STATES as PERIOD_STATE_CODES } from '../../api/contract/plannerPeriods';
import { POLL_MODELS, POLL_TYPES } from '../../api/contract/polls';
import { drfDetail, fieldErrors, nonFieldErrors, notFound } from '../../testing/pact/drfShapes';
import { dataFrom, errorFrom, interactionsOf } from '../../testing/pact/interactions';
import { dateMatcher, oneOf, personShape, timeMatcher } from '../../testing/pact/pollShapes';
import { stateId, statePath } from '../../testing/pact/inject';
import { createPact } from '../../testing/pact/provider';
import { PLANNER_STATES } from '../../testing/pact/states';
import { plannerApi } from './plannerApi';

const { atLeastLike, eachLike, integer, string, boolean, nullValue } = MatchersV3;

/** The example keys of the provider states' records (the states return the backend's own). */
const OPEN = 2;
const CLOSED = 1;
const PLANNED = 40;
const STARTED = 1;
const UNKNOWN = 999999;
const PROJECTS = [61, 62, 63] as const;
const PLANNED_PROJECT = 2;
const MAIN_EXPERT = 4;
const EXPERT = 3;

const columnShape = {
  id: integer(OPEN),
  name: string('2026 Q4'),
  start_date: dateMatcher('2026-10-01'),
  end_date: dateMatcher('2026-12-31'),
  state: oneOf(PERIOD_STATE_CODES, 'open'),
  // `planner_started_at` is set on a started period only (see plannedRowShape): pinned by the start.
};
const expertShape = { user_id: integer(4), kind: oneOf(['expert', 'main_expert'], 'main_expert') };

/**
 * A planned check in any list: `experts` (empty for a self check) and `poll_id` (null until the
 * start) differ from row to row and pact has no matcher for "a list, maybe empty" or "nullable" in
 * rows of a list: they are left out here (a provider may send more fields) and pinned by the
 * contract's types and the mock's tests. The answers about one planned check pin them.
 */
const plannedRowShape = (example: Partial<NewPlannedCheck> = {}) => ({
  id: integer(PLANNED),
  period_id: integer(example.period_id ?? OPEN),
  project_id: integer(example.project_id ?? 15),
  type: oneOf(POLL_TYPES, example.type ?? 'health_check'),
  model: oneOf(POLL_MODELS, example.model ?? 'sdo'),
  planned_week: dateMatcher(example.planned_week ?? '2026-11-23'),
  note: string(example.note ?? ''),
  updated_by: personShape(1, 'Alex Morgan', 'amorgan'),
  updated_at: timeMatcher('2026-09-21T09:00:00.000Z'),
});
/** One planned check not started, with its experts. */
const plannedCheckShape = (example: Partial<NewPlannedCheck> = {}) => ({
  ...plannedRowShape(example),
  experts: eachLike(expertShape),
  poll_id: nullValue(),
});
/**
 * A row of the start's preview; `problems` (empty when it is ready) only where every row has some.
 * `warnings` (a health check without a main expert; most rows none) never stop the start.
 */
const previewRowShape = {
  planned_check_id: integer(PLANNED),
  project: { id: integer(15), name: string('Rustic Chair bandwidth') },
  account: { id: integer(3), name: string('Acme') },
  type: oneOf(POLL_TYPES, 'health_check'),
  model: oneOf(POLL_MODELS, 'sdo'),
  planned_week: dateMatcher('2026-11-23'),
  due_date: dateMatcher('2026-11-27'),
  warnings: atLeastLike(string(START_WARNINGS.noMainExpert), 0, 1),
};

/** A start's answer: the open period, now started, and the checks it created. */
const startedShape = (created: number) => ({
  period: {
    ...columnShape,
    id: stateId('openPeriodId', OPEN),
    planner_started_at: timeMatcher('2026-11-20T12:00:00.000Z'),
  },
  created: integer(created),
  poll_ids: eachLike(integer(243), created),
});

const checkPath = (
  which: 'plannedCheckId' | 'startedCheckId' | 'missingCheckId',
  example: number,
) => statePath(`/api/planner/checks/\${${which}}/`, { [which]: example });
const startPath = (which: 'openPeriodId' | 'closedPeriodId' | 'missingPeriodId', example: number) =>
  statePath(`/api/planner-periods/\${${which}}/start/`, { [which]: example });

const newCheck = {
  period_id: OPEN,
  project_id: PROJECTS[0],
  type: 'health_check',
  model: 'sdo',
  planned_week: '2026-12-14',
  experts: [
    { user_id: MAIN_EXPERT, kind: 'main_expert' },
    { user_id: EXPERT, kind: 'expert' },
  ],
  note: 'After the release.',
} satisfies NewPlannedCheck;
const { project_id: _project, ...sameCheck } = newCheck;
const bulkPlan = { ...sameCheck, project_ids: [...PROJECTS] } satisfies BulkPlanRequest;

/** The state's users in place of the example experts. */
const EXPERT_VALUES: Record<number, string> = {
  [MAIN_EXPERT]: 'mainExpertId',
  [EXPERT]: 'expertId',
};
const expertsOf = (experts: readonly PlanExpert[]) =>
  experts.map((expert) => ({
    ...expert,
    user_id: stateId(EXPERT_VALUES[expert.user_id]!, expert.user_id),
  }));

/** The state's open period and experts in a body, in place of the examples. */
const ofState = <Body extends Omit<NewPlannedCheck, 'project_id'>>(
  { period_id, experts, ...body }: Body,
  projects: Record<string, unknown>,
) => ({
  ...body,
  period_id: stateId('openPeriodId', period_id),
  ...projects,
  experts: expertsOf(experts),
});
/** A body planning the check for the state's project (`projectId` unless named). */
const planOf = (body: NewPlannedCheck, which = 'projectId') =>
  ofState(body, { project_id: stateId(which, body.project_id) });
const PROJECT_VALUES = ['projectId', 'secondProjectId', 'thirdProjectId'] as const;
/** A bulk body for the state's projects, named in the order of `project_ids`. */
const bulkOf = (body: BulkPlanRequest, names: readonly string[] = PROJECT_VALUES) =>
  ofState(body, {
    project_ids: body.project_ids.map((projectId, index) => stateId(names[index]!, projectId)),
  });
const forbidden = (flag: string) =>
  drfDetail(`You do not have permission to perform this action (${flag}).`);

describe('check planner calls', () => {
  const interaction = interactionsOf(createPact());
  const {
    getPlanner,
    planCheck,
    planChecks,
    updatePlannedCheck,
    removePlannedCheck,
    getStartPreview,
    startPlanner,
  } = plannerApi.endpoints;

  it('GET /api/planner/ answers the grid: structure, periods, projects, the plan, its people', () =>
    interaction(PLANNER_STATES.admin, 'a request for the check planner grid')
      .get('/api/planner/')
      .willRespondWith(200, (b) =>
        b.jsonBody({
          segments: eachLike({ id: integer(1), name: string('Digital') }),
          lines: eachLike({ id: integer(1), name: string('Retail'), segment_id: integer(1) }),
          accounts: eachLike({ id: integer(3), name: string('Acme'), line_id: integer(1) }),
          periods: eachLike(columnShape),
          // `manager_id`, `last_check` and `due_since` are null on some rows (see plannedRowShape).
          projects: eachLike({
            id: integer(15),
            name: string('Rustic Chair bandwidth'),
            code: string('RCB-0015'),
            account_id: integer(3),
            status: oneOf(['active', 'on_hold'], 'active'),
            model: oneOf(POLL_MODELS, 'sdo'),
            due: boolean(true),
          }),
          checks: eachLike(plannedRowShape()),
          people: eachLike(personShape(3, 'Erik Lindqvist', 'elindqvist')),
        }),
      )
      .executeTest(async (mock) => {
        const grid = await dataFrom(mock, getPlanner);
        expect(grid.checks.length).toBeGreaterThan(0);
        expect(grid.projects[0]?.due).toBe(true);
      }));

  it('GET /api/planner/ without CAN_VIEW_CHECK_PLANNER answers 403 naming it', () =>
    interaction(PLANNER_STATES.pmWithout, 'a request for the check planner grid by pm')
      .get('/api/planner/')
      .willRespondWith(403, (b) => b.jsonBody(forbidden('CAN_VIEW_CHECK_PLANNER')))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, getPlanner))?.status).toBe(403);
      }));

  it('POST /api/planner/checks/ plans a check for a project', () =>
    interaction(PLANNER_STATES.admin, 'a planned health check for a project')
      .post('/api/planner/checks/', planOf(newCheck))
      .willRespondWith(201, (b) => b.jsonBody(plannedCheckShape(newCheck)))
      .executeTest(async (mock) => {
        const check = await dataFrom(mock, planCheck, newCheck);
        expect(check.poll_id).toBeNull();
        expect(check.experts.length).toBeGreaterThan(0);
      }));

  it('POST /api/planner/checks/ answers 400 by field: the week off Monday, two main experts', () => {
    const body = {
      ...newCheck,
      planned_week: '2026-12-15',
      experts: [
        { user_id: MAIN_EXPERT, kind: 'main_expert' },
        { user_id: EXPERT, kind: 'main_expert' },
      ],
    } satisfies NewPlannedCheck;
    return interaction(PLANNER_STATES.admin, 'a planned check on a Tuesday with two main experts')
      .post('/api/planner/checks/', planOf(body))
      .willRespondWith(400, (b) =>
        b.jsonBody(
          fieldErrors({ planned_week: PLAN_RULES.weekMonday, experts: PLAN_RULES.oneMainExpert }),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, planCheck, body);
        expect(error?.status).toBe(400);
      });
  });

  it('POST /api/planner/checks/ of a project already planned in the period answers 400 on it', () => {
    const body = { ...newCheck, project_id: PLANNED_PROJECT } satisfies NewPlannedCheck;
    return interaction(
      PLANNER_STATES.admin,
      'a planned check for a project already planned in the period',
    )
      .post('/api/planner/checks/', planOf(body, 'plannedProjectId'))
      .willRespondWith(400, (b) =>
        b.jsonBody(
          fieldErrors({
            project_id: PLAN_RULES.alreadyPlanned('Tasty Gloves microchip', '2026 Q4'),
          }),
        ),
      )
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, planCheck, body))?.status).toBe(400);
      });
  });

  it('POST /api/planner/checks/ without CAN_EDIT_CHECK_PLANNER answers 403 naming it', () =>
    interaction(PLANNER_STATES.portfolioReadOnly, 'a planned check from portfolio')
      .post('/api/planner/checks/', planOf(newCheck))
      .willRespondWith(403, (b) => b.jsonBody(forbidden('CAN_EDIT_CHECK_PLANNER')))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, planCheck, newCheck))?.status).toBe(403);
      }));

  it('POST /api/planner/checks/bulk/ plans the same check for several projects', () =>
    interaction(PLANNER_STATES.admin, 'the same planned check for three projects')
      .post('/api/planner/checks/bulk/', bulkOf(bulkPlan))
      .willRespondWith(201, (b) => b.jsonBody({ checks: eachLike(plannedCheckShape(newCheck), 3) }))
      .executeTest(async (mock) => {
        const { checks } = await dataFrom(mock, planChecks, bulkPlan);
        expect(checks).toHaveLength(bulkPlan.project_ids.length);
      }));

  it('POST …/bulk/ with a project already planned answers 400 on project_ids: none is planned', () => {
    const body = {
      ...bulkPlan,
      project_ids: [PROJECTS[0], PLANNED_PROJECT],
    } satisfies BulkPlanRequest;
    return interaction(
      PLANNER_STATES.admin,
      'the same planned check for a project and one already planned',
    )
      .post('/api/planner/checks/bulk/', bulkOf(body, ['projectId', 'plannedProjectId']))
      .willRespondWith(400, (b) =>
        b.jsonBody(
          fieldErrors({
            project_ids: PLAN_RULES.alreadyPlanned('Tasty Gloves microchip', '2026 Q4'),
          }),
        ),
      )
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, planChecks, body))?.status).toBe(400);
      });
  });

  it('POST …/bulk/ without CAN_EDIT_CHECK_PLANNER answers 403 naming it', () =>
    interaction(PLANNER_STATES.portfolioReadOnly, 'a bulk plan from portfolio')
      .post('/api/planner/checks/bulk/', bulkOf(bulkPlan))
      .willRespondWith(403, (b) => b.jsonBody(forbidden('CAN_EDIT_CHECK_PLANNER')))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, planChecks, bulkPlan))?.status).toBe(403);
      }));

  it('PATCH /api/planner/checks/{id}/ moves a planned check and changes its experts', () => {
    const patch = {
      planned_week: '2026-12-21',
      experts: [{ user_id: EXPERT, kind: 'main_expert' as const }],
      note: 'Moved after the freeze.',
    };
    return interaction(PLANNER_STATES.admin, 'a planned check of the open period moved')
      .patch(checkPath('plannedCheckId', PLANNED), { ...patch, experts: expertsOf(patch.experts) })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...plannedCheckShape(patch),
          id: stateId('plannedCheckId', PLANNED),
          planned_week: patch.planned_week,
          note: patch.note,
        }),
      )
      .executeTest(async (mock) => {
        const check = await dataFrom(mock, updatePlannedCheck, { checkId: PLANNED, patch });
        expect(check.planned_week).toBe('2026-12-21');
      });
  });

  it('PATCH …/{id}/ with a week outside the period answers 400 on planned_week', () =>
    interaction(PLANNER_STATES.admin, 'a planned check of the open period moved out of it')
      .patch(checkPath('plannedCheckId', PLANNED), { planned_week: '2027-01-11' })
      .willRespondWith(400, (b) =>
        b.jsonBody(
          fieldErrors({
            planned_week: PLAN_RULES.weekInPeriod({
              name: '2026 Q4',
              start_date: '2026-10-01',
              end_date: '2026-12-31',
            }),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, updatePlannedCheck, {
          checkId: PLANNED,
          patch: { planned_week: '2027-01-11' },
        });
        expect(error?.status).toBe(400);
      }));

  it('PATCH …/{id}/ of a planned check that is already a check answers 400', () =>
    interaction(PLANNER_STATES.admin, 'a planned check of the started period changed')
      .patch(checkPath('startedCheckId', STARTED), { note: 'Late' })
      .willRespondWith(400, (b) => b.jsonBody(nonFieldErrors(PLAN_RULES.startedCheck)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, updatePlannedCheck, {
          checkId: STARTED,
          patch: { note: 'Late' },
        });
        expect(error?.status).toBe(400);
      }));

  it('PATCH …/{id}/ without CAN_EDIT_CHECK_PLANNER answers 403 naming it', () =>
    interaction(PLANNER_STATES.portfolioReadOnly, 'a planned check moved by portfolio')
      .patch(checkPath('plannedCheckId', PLANNED), { note: 'Mine' })
      .willRespondWith(403, (b) => b.jsonBody(forbidden('CAN_EDIT_CHECK_PLANNER')))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, updatePlannedCheck, {
          checkId: PLANNED,
          patch: { note: 'Mine' },
        });
        expect(error?.status).toBe(403);
      }));

  it('PATCH …/{id}/ of an unknown planned check answers 404', () =>
    interaction(PLANNER_STATES.admin, 'a planned check that does not exist changed')
      .patch(checkPath('missingCheckId', UNKNOWN), { note: 'Nobody' })
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, updatePlannedCheck, {
          checkId: UNKNOWN,
          patch: { note: 'Nobody' },
        });
        expect(error?.status).toBe(404);
      }));

  it('DELETE /api/planner/checks/{id}/ takes a planned check out of the plan', () =>
    interaction(PLANNER_STATES.admin, 'a planned check of the open period removed')
      .delete(checkPath('plannedCheckId', PLANNED))
      .willRespondWith(204)
      .executeTest(async (mock) => {
        expect(await errorFrom(mock, removePlannedCheck, PLANNED)).toBeUndefined();
      }));

  it('DELETE …/{id}/ of a planned check that is already a check answers 400', () =>
    interaction(PLANNER_STATES.admin, 'a planned check of the started period removed')
      .delete(checkPath('startedCheckId', STARTED))
      .willRespondWith(400, (b) => b.jsonBody(nonFieldErrors(PLAN_RULES.startedCheck)))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, removePlannedCheck, STARTED))?.status).toBe(400);
      }));

  it('DELETE …/{id}/ of an unknown planned check answers 404', () =>
    interaction(PLANNER_STATES.admin, 'a planned check that does not exist removed')
      .delete(checkPath('missingCheckId', UNKNOWN))
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, removePlannedCheck, UNKNOWN))?.status).toBe(404);
      }));

  it('GET /api/planner-periods/{id}/start/ previews the start row by row, with what stops it', () =>
    interaction(PLANNER_STATES.admin, 'a preview of the open period’s start')
      .get(startPath('openPeriodId', OPEN))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          period_id: stateId('openPeriodId', OPEN),
          rows: eachLike(previewRowShape),
          ready: integer(25),
          with_problems: integer(5),
          blocked_by: string(START_RULES.problems(5)),
          next_week: dateMatcher('2026-11-30'),
        }),
      )
      .executeTest(async (mock) => {
        const preview = await dataFrom(mock, getStartPreview, OPEN);
        expect(preview.with_problems).toBeGreaterThan(0);
        expect(preview.blocked_by).not.toBeNull();
      }));

  it('GET …/start/ without CAN_START_CHECK_PLANNER answers 403 naming it', () =>
    interaction(
      PLANNER_STATES.portfolioReadOnly,
      'a preview of the open period’s start by portfolio',
    )
      .get(startPath('openPeriodId', OPEN))
      .willRespondWith(403, (b) => b.jsonBody(forbidden('CAN_START_CHECK_PLANNER')))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, getStartPreview, OPEN))?.status).toBe(403);
      }));

  it('GET …/start/ of an unknown period answers 404', () =>
    interaction(PLANNER_STATES.admin, 'a preview of the start of a period that does not exist')
      .get(startPath('missingPeriodId', UNKNOWN))
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, getStartPreview, UNKNOWN))?.status).toBe(404);
      }));

  it('POST …/start/ turns every planned check into a new check and reports the counts', () =>
    interaction(PLANNER_STATES.adminReady, 'the start of the open period')
      .post(startPath('openPeriodId', OPEN), {})
      .willRespondWith(201, (b) => b.jsonBody(startedShape(3)))
      .executeTest(async (mock) => {
        const result = await dataFrom(mock, startPlanner, { periodId: OPEN });
        expect(result.created).toBe(result.poll_ids.length);
      }));

  it('POST …/start/ while planned checks have problems answers 400 with them; nothing is created', () =>
    interaction(PLANNER_STATES.admin, 'the start of the open period with problems')
      .post(startPath('openPeriodId', OPEN), {})
      .willRespondWith(400, (b) =>
        b.jsonBody({
          non_field_errors: eachLike(START_RULES.problems(5)),
          problems: eachLike({ ...previewRowShape, problems: eachLike(START_PROBLEMS.weekOver) }),
        }),
      )
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, startPlanner, { periodId: OPEN }))?.status).toBe(400);
      }));

  it('POST …/start/ with stale_weeks move runs the checks whose week is over in the next week, and starts', () =>
    interaction(
      PLANNER_STATES.adminStale,
      'the start of the open period moving the weeks that are over',
    )
      .post(startPath('openPeriodId', OPEN), { stale_weeks: 'move' })
      .willRespondWith(201, (b) => b.jsonBody(startedShape(3)))
      .executeTest(async (mock) => {
        const result = await dataFrom(mock, startPlanner, { periodId: OPEN, stale_weeks: 'move' });
        expect(result.created).toBe(3);
      }));

  it('POST …/start/ with stale_weeks remove takes the checks whose week is over out of the plan, and starts', () =>
    interaction(
      PLANNER_STATES.adminStale,
      'the start of the open period removing the weeks that are over',
    )
      .post(startPath('openPeriodId', OPEN), { stale_weeks: 'remove' })
      .willRespondWith(201, (b) => b.jsonBody(startedShape(2)))
      .executeTest(async (mock) => {
        const result = await dataFrom(mock, startPlanner, {
          periodId: OPEN,
          stale_weeks: 'remove',
        });
        expect(result.created).toBe(2);
      }));

  it('POST …/start/ with an unknown stale_weeks answers 400 on the field', () =>
    interaction(
      PLANNER_STATES.adminStale,
      'the start of the open period with an unknown choice for the weeks that are over',
    )
      .post(startPath('openPeriodId', OPEN), { stale_weeks: 'later' })
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ stale_weeks: '"later" is not a valid choice.' })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, startPlanner, {
          periodId: OPEN,
          stale_weeks: 'later' as StaleWeekAction,
        });
        expect(error?.status).toBe(400);
      }));

  it('POST …/start/ of a closed period answers 400: only an open one starts', () =>
    interaction(PLANNER_STATES.admin, 'the start of the closed period')
      .post(startPath('closedPeriodId', CLOSED), {})
      .willRespondWith(400, (b) => b.jsonBody(nonFieldErrors(START_RULES.notOpen)))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, startPlanner, { periodId: CLOSED }))?.status).toBe(400);
      }));

  it('POST …/start/ without CAN_START_CHECK_PLANNER answers 403 naming it', () =>
    interaction(PLANNER_STATES.portfolioReadOnly, 'the start of the open period by portfolio')
      .post(startPath('openPeriodId', OPEN), {})
      .willRespondWith(403, (b) => b.jsonBody(forbidden('CAN_START_CHECK_PLANNER')))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, startPlanner, { periodId: OPEN }))?.status).toBe(403);
      }));

  it('POST …/start/ of an unknown period answers 404', () =>
    interaction(PLANNER_STATES.admin, 'the start of a period that does not exist')
      .post(startPath('missingPeriodId', UNKNOWN), {})
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, startPlanner, { periodId: UNKNOWN }))?.status).toBe(404);
      }));
});
