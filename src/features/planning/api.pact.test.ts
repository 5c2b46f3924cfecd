import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  PERIOD_RULES,
  PLANNER_PERIOD_STATES as PERIOD_STATE_CODES,
  type PlannerPeriodState,
} from '../../api/contract/plannerPeriods';
import { drfDetail, fieldErrors, nonFieldErrors, notFound } from '../../testing/pact/drfShapes';
import { dataFrom, errorFrom, interactionsOf } from '../../testing/pact/interactions';
import { dateMatcher, oneOf, personShape, timeMatcher } from '../../testing/pact/pollShapes';
import { stateId, statePath } from '../../testing/pact/inject';
import { createPact } from '../../testing/pact/provider';
import { PLANNER_PERIOD_STATES } from '../../testing/pact/states';
import { planningApi } from './api';

const { eachLike, integer, string } = MatchersV3;

const periodShape = (state: PlannerPeriodState, name = '2026 Q4') => ({
  id: integer(2),
  name: string(name),
  start_date: dateMatcher('2026-10-01'),
  end_date: dateMatcher('2026-12-31'),
  state: oneOf([state], state),
  created_by: personShape(1, 'Alex Morgan', 'amorgan'),
  created_at: timeMatcher('2026-07-23T00:00:00.000Z'),
  updated_at: timeMatcher('2026-07-23T00:00:00.000Z'),
});

const LIST = '/api/planner-periods/';
const periodPath = (
  which: 'openPeriodId' | 'draftPeriodId' | 'closedPeriodId' | 'missingPeriodId',
  example: number,
) => statePath(`/api/planner-periods/\${${which}}/`, { [which]: example });

const spring = { name: '2027 Q2', start_date: '2027-04-01', end_date: '2027-06-30' };
const Q4 = { name: '2026 Q4', start_date: '2026-10-01', end_date: '2026-12-31' };
const DRAFT = 3;
const OPEN = 2;
const CLOSED = 1;
const UNKNOWN = 999999;

describe('planner period calls', () => {
  const interaction = interactionsOf(createPact());
  const { getPlannerPeriods, createPlannerPeriod, updatePlannerPeriod } = planningApi.endpoints;

  it('GET /api/planner-periods/ lists every period by start date', () =>
    interaction(PLANNER_PERIOD_STATES.admin, 'a request for the planner periods')
      .get(LIST)
      .willRespondWith(200, (b) =>
        b.jsonBody(eachLike({ ...periodShape('open'), state: oneOf(PERIOD_STATE_CODES, 'open') })),
      )
      .executeTest(async (mock) => {
        const periods = await dataFrom(mock, getPlannerPeriods);
        expect(periods.map((period) => period.state)).toContain('open');
      }));

  it('GET /api/planner-periods/ without CAN_VIEW_PLANNER_PERIODS answers 403 naming it', () =>
    interaction(PLANNER_PERIOD_STATES.pmWithoutPeriods, 'a request for the planner periods by pm')
      .get(LIST)
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail(
            'You do not have permission to perform this action (CAN_VIEW_PLANNER_PERIODS).',
          ),
        ),
      )
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, getPlannerPeriods))?.status).toBe(403);
      }));

  it('POST /api/planner-periods/ creates a draft', () =>
    interaction(PLANNER_PERIOD_STATES.admin, 'a new planner period')
      .post(LIST, spring)
      .willRespondWith(201, (b) =>
        b.jsonBody({
          ...periodShape('draft', spring.name),
          start_date: spring.start_date,
          end_date: spring.end_date,
        }),
      )
      .executeTest(async (mock) => {
        const period = await dataFrom(mock, createPlannerPeriod, spring);
        expect(period.state).toBe('draft');
      }));

  it('POST …/ of an open period overlapping the open one answers 400 on the date inside it', () => {
    const body = {
      name: 'December push',
      start_date: '2026-12-01',
      end_date: '2027-01-15',
      state: 'open',
    } as const;
    return interaction(
      PLANNER_PERIOD_STATES.admin,
      'a new open planner period that overlaps the open one',
    )
      .post(LIST, body)
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ start_date: PERIOD_RULES.overlap(Q4) })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, createPlannerPeriod, body);
        expect(error?.status).toBe(400);
      });
  });

  it('POST …/ without CAN_CREATE_PLANNER_PERIOD answers 403 naming it', () =>
    interaction(PLANNER_PERIOD_STATES.portfolioReadOnly, 'a new planner period from portfolio')
      .post(LIST, spring)
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail(
            'You do not have permission to perform this action (CAN_CREATE_PLANNER_PERIOD).',
          ),
        ),
      )
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, createPlannerPeriod, spring))?.status).toBe(403);
      }));

  it('PATCH /api/planner-periods/{id}/ changes the name and dates of a draft', () => {
    const patch = { name: 'Early 2027', start_date: '2027-01-04', end_date: '2027-03-26' };
    return interaction(PLANNER_PERIOD_STATES.admin, 'a new name and new dates of the draft period')
      .patch(periodPath('draftPeriodId', DRAFT), patch)
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...periodShape('draft'),
          id: stateId('draftPeriodId', DRAFT),
          ...patch,
        }),
      )
      .executeTest(async (mock) => {
        const period = await dataFrom(mock, updatePlannerPeriod, { periodId: DRAFT, patch });
        expect(period.name).toBe('Early 2027');
      });
  });

  it('PATCH …/{id}/ opens a draft', () =>
    interaction(PLANNER_PERIOD_STATES.admin, 'the draft planner period opened')
      .patch(periodPath('draftPeriodId', DRAFT), { state: 'open' })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...periodShape('open', '2027 Q1'),
          id: stateId('draftPeriodId', DRAFT),
        }),
      )
      .executeTest(async (mock) => {
        const period = await dataFrom(mock, updatePlannerPeriod, {
          periodId: DRAFT,
          patch: { state: 'open' },
        });
        expect(period.state).toBe('open');
      }));

  it('PATCH …/{id}/ closes an open period', () =>
    interaction(PLANNER_PERIOD_STATES.admin, 'the open planner period closed')
      .patch(periodPath('openPeriodId', OPEN), { state: 'closed' })
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...periodShape('closed'),
          id: stateId('openPeriodId', OPEN),
        }),
      )
      .executeTest(async (mock) => {
        const period = await dataFrom(mock, updatePlannerPeriod, {
          periodId: OPEN,
          patch: { state: 'closed' },
        });
        expect(period.state).toBe('closed');
      }));

  it('PATCH …/{id}/ opening a draft that overlaps the open period answers 400 on its start', () =>
    interaction(
      PLANNER_PERIOD_STATES.adminDraftOverlaps,
      'the draft planner period opened while it overlaps the open one',
    )
      .patch(periodPath('draftPeriodId', DRAFT), { state: 'open' })
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ start_date: PERIOD_RULES.overlap(Q4) })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, updatePlannerPeriod, {
          periodId: DRAFT,
          patch: { state: 'open' },
        });
        expect(error?.status).toBe(400);
      }));

  it('PATCH …/{id}/ an end date before planned checks answers 400 on the end, naming them', () =>
    interaction(
      PLANNER_PERIOD_STATES.admin,
      'the open planner period shortened before the checks planned in its last week',
    )
      .patch(periodPath('openPeriodId', OPEN), { end_date: '2026-12-27' })
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ end_date: PERIOD_RULES.plannedOutside(3, '2026-12-28') })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, updatePlannerPeriod, {
          periodId: OPEN,
          patch: { end_date: '2026-12-27' },
        });
        expect(error?.status).toBe(400);
      }));

  it('PATCH …/{id}/ of a closed period answers 400: it cannot be reopened', () =>
    interaction(PLANNER_PERIOD_STATES.admin, 'the closed planner period reopened')
      .patch(periodPath('closedPeriodId', CLOSED), { state: 'open' })
      .willRespondWith(400, (b) => b.jsonBody(nonFieldErrors(PERIOD_RULES.closed)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, updatePlannerPeriod, {
          periodId: CLOSED,
          patch: { state: 'open' },
        });
        expect(error?.status).toBe(400);
      }));

  it('PATCH …/{id}/ without CAN_EDIT_PLANNER_PERIOD answers 403 naming it', () =>
    interaction(
      PLANNER_PERIOD_STATES.portfolioReadOnly,
      'the open planner period closed by portfolio',
    )
      .patch(periodPath('openPeriodId', OPEN), { state: 'closed' })
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail('You do not have permission to perform this action (CAN_EDIT_PLANNER_PERIOD).'),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, updatePlannerPeriod, {
          periodId: OPEN,
          patch: { state: 'closed' },
        });
        expect(error?.status).toBe(403);
      }));

  it('PATCH …/{id}/ of an unknown period answers 404', () =>
    interaction(PLANNER_PERIOD_STATES.admin, 'a new name of a planner period that does not exist')
      .patch(periodPath('missingPeriodId', UNKNOWN), { name: 'Nobody' })
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, updatePlannerPeriod, {
          periodId: UNKNOWN,
          patch: { name: 'Nobody' },
        });
        expect(error?.status).toBe(404);
      }));
});
