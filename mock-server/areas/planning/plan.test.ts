import { describe, expect, it } from 'vitest';
import {
  BULK_PLAN_MAX,
  PLAN_NOTE_MAX,
  PLAN_RULES,
  type BulkPlanResult,
  type PlannedCheck,
} from '../../../src/api/contract/planner';
import { signIn } from '../../testing/signIn';
import {
  CLOSED,
  OPEN,
  DRAFT,
  Q4,
  EXPERT,
  MAIN_EXPERT,
  stateOf,
  stored,
  change,
  grid,
  plan,
  bulk,
  patch,
  remove,
  closedProject,
  unplanned,
  plannedIn,
  healthCheck,
  forbidden,
  withSeedClock,
} from './testing';

withSeedClock();

describe('POST /api/planner/checks/', () => {
  it('plans a check, stores it and shows it in the grid', async () => {
    const admin = await signIn('admin');
    const [project] = unplanned(admin, OPEN, 1);
    const res = await plan(admin, healthCheck(project!.id));
    expect(res.status).toBe(201);
    const check = res.body as PlannedCheck;
    expect(check).toMatchObject({
      period_id: OPEN,
      project_id: project!.id,
      type: 'health_check',
      model: 'sdo',
      planned_week: '2026-12-14',
      note: 'After the release.',
      poll_id: null,
      updated_by: { id: 1, name: 'Alex Morgan', login: 'amorgan' },
    });
    expect(check.experts).toHaveLength(2);
    expect((await grid(admin)).checks.find((candidate) => candidate.id === check.id)).toEqual(
      check,
    );
  });

  it('plans into a draft period too, and a check with no experts and no note', async () => {
    const admin = await signIn('admin');
    const [project] = unplanned(admin, DRAFT, 1);
    const res = await plan(admin, {
      period_id: DRAFT,
      project_id: project!.id,
      type: 'self_check',
      model: 'soc2_sc',
      planned_week: '2027-01-04',
      experts: [],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ note: '', experts: [] });
  });

  it('refuses a closed or started period on period_id, in its words; stores nothing', async () => {
    const admin = await signIn('admin');
    const [project] = unplanned(admin, DRAFT, 1);
    const before = stored(admin);
    const closed = await plan(admin, { ...healthCheck(project!.id), period_id: CLOSED });
    expect(closed.status).toBe(400);
    expect(closed.body).toEqual({ period_id: [PLAN_RULES.periodClosed] });
    expect(stored(admin)).toBe(before);
    change(admin, (state) => {
      state.plannerPeriods.find((period) => period.id === DRAFT)!.planner_started_at =
        '2026-11-02T10:00:00.000Z';
    });
    const started = await plan(admin, {
      ...healthCheck(project!.id),
      period_id: DRAFT,
      planned_week: '2027-01-11',
    });
    expect(started.body).toEqual({
      period_id: [PLAN_RULES.periodStarted('2026-11-02T10:00:00.000Z')],
    });
    expect(PLAN_RULES.periodStarted('2026-11-02T10:00:00.000Z')).toBe(
      'This period’s planner was started on 11/02/2026; its plan no longer changes.',
    );
    const unknown = await plan(admin, { ...healthCheck(project!.id), period_id: 999999 });
    expect(unknown.body).toEqual({ period_id: ['Invalid pk "999999" - object does not exist.'] });
  });

  it('refuses a closed project, one already planned in the period, an unknown one, on project_id', async () => {
    const admin = await signIn('admin');
    const before = stored(admin);
    const closed = closedProject(admin);
    expect((await plan(admin, healthCheck(closed.id))).body).toEqual({
      project_id: [PLAN_RULES.projectClosed(closed.name)],
    });
    const planned = plannedIn(admin, OPEN)[0]!;
    const name = stateOf(admin).projects.find((p) => p.id === planned.project_id)!.name;
    const twice = await plan(admin, healthCheck(planned.project_id));
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({ project_id: [PLAN_RULES.alreadyPlanned(name, '2026 Q4')] });
    expect(PLAN_RULES.alreadyPlanned(name, '2026 Q4')).toBe(
      `${name} already has a check planned in 2026 Q4.`,
    );
    expect((await plan(admin, healthCheck(99_999))).body).toEqual({
      project_id: ['Invalid pk "99999" - object does not exist.'],
    });
    expect(stored(admin)).toBe(before);
  });

  it('refuses a model that does not serve the type, a week off Monday or out of the period', async () => {
    const admin = await signIn('admin');
    const [project] = unplanned(admin, OPEN, 1);
    const before = stored(admin);
    const model = await plan(admin, { ...healthCheck(project!.id), model: 'qmo' });
    expect(model.body).toEqual({ model: [PLAN_RULES.modelType('qmo')] });
    expect(PLAN_RULES.modelType('qmo')).toBe('The QMO model does not serve checks of this type.');
    const tuesday = await plan(admin, { ...healthCheck(project!.id), planned_week: '2026-12-15' });
    expect(tuesday.body).toEqual({ planned_week: [PLAN_RULES.weekMonday] });
    const outside = await plan(admin, { ...healthCheck(project!.id), planned_week: '2027-01-11' });
    expect(outside.body).toEqual({ planned_week: [PLAN_RULES.weekInPeriod(Q4)] });
    expect(PLAN_RULES.weekInPeriod(Q4)).toBe(
      'Choose a week within 2026 Q4 (10/01/2026 to 12/31/2026).',
    );
    // The week the period's first day falls in belongs to it (Q4 starts on a Thursday), but it
    // is over: a week that can no longer run is not planned anew.
    const over = await plan(admin, { ...healthCheck(project!.id), planned_week: '2026-09-28' });
    expect(over.body).toEqual({ planned_week: [PLAN_RULES.weekOver] });
    // The week of November 16 can still run on its Friday, November 20 (the seed clock).
    expect(
      (await plan(admin, { ...healthCheck(project!.id), planned_week: '2026-11-16' })).status,
    ).toBe(201);
    const [other] = unplanned(admin, OPEN, 1);
    const missing = { ...healthCheck(other!.id) } as Record<string, unknown>;
    delete missing.planned_week;
    expect((await plan(admin, missing)).body).toEqual({ planned_week: [PLAN_RULES.weekRequired] });
    expect(
      (await plan(admin, { ...healthCheck(other!.id), planned_week: '12/14/2026' })).body,
    ).toEqual({
      planned_week: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
    });
    expect(
      (await plan(admin, { ...healthCheck(other!.id), type: 'survey', model: 'sdo' })).body,
    ).toEqual({ type: ['"survey" is not a valid choice.'] });
    expect((await plan(admin, { ...healthCheck(other!.id), model: null })).body).toEqual({
      model: ['This field may not be null.'],
    });
    expect(stateOf(admin).plannedChecks.length).toBe(JSON.parse(before)[0].length + 1);
  });

  it('refuses unknown experts, two main experts, a person named twice, a long note; all at once', async () => {
    const admin = await signIn('admin');
    const [project] = unplanned(admin, OPEN, 1);
    const before = stored(admin);
    const body = (experts: unknown, note = '') => ({ ...healthCheck(project!.id), experts, note });
    expect((await plan(admin, body([{ user_id: 999999, kind: 'expert' }]))).body).toEqual({
      experts: ['Invalid pk "999999" - object does not exist.'],
    });
    expect(
      (
        await plan(
          admin,
          body([
            { user_id: EXPERT, kind: 'main_expert' },
            { user_id: MAIN_EXPERT, kind: 'main_expert' },
          ]),
        )
      ).body,
    ).toEqual({ experts: [PLAN_RULES.oneMainExpert] });
    expect(
      (
        await plan(
          admin,
          body([
            { user_id: EXPERT, kind: 'expert' },
            { user_id: EXPERT, kind: 'main_expert' },
          ]),
        )
      ).body,
    ).toEqual({ experts: [PLAN_RULES.expertTwice] });
    expect((await plan(admin, body([{ user_id: EXPERT, kind: 'lead' }]))).body).toEqual({
      experts: ['"lead" is not a valid choice.'],
    });
    const all = await plan(admin, {
      ...body([], 'x'.repeat(PLAN_NOTE_MAX + 1)),
      model: 'qmo',
      planned_week: '2026-12-16',
    });
    expect(all.body).toEqual({
      model: [PLAN_RULES.modelType('qmo')],
      planned_week: [PLAN_RULES.weekMonday],
      note: [PLAN_RULES.noteTooLong],
    });
    expect(stored(admin)).toBe(before);
  });

  it('needs CAN_EDIT_CHECK_PLANNER before the body is read; stores nothing', async () => {
    const portfolio = await signIn('portfolio');
    const before = stored(portfolio);
    for (const body of [healthCheck(20), {}]) {
      const res = await plan(portfolio, body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(forbidden('CAN_EDIT_CHECK_PLANNER'));
    }
    expect((await bulk(portfolio, {})).body).toEqual(forbidden('CAN_EDIT_CHECK_PLANNER'));
    expect(stored(portfolio)).toBe(before);
  });

  it('answers a caller without CAN_EDIT_CHECK_PLANNER 403 whatever the body: a list or null too', async () => {
    const portfolio = await signIn('portfolio');
    const [check] = plannedIn(portfolio, OPEN);
    for (const body of [[healthCheck(20)], null])
      for (const res of [
        await plan(portfolio, body),
        await bulk(portfolio, body),
        await patch(portfolio, check!.id, body),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body).toEqual(forbidden('CAN_EDIT_CHECK_PLANNER'));
      }
  });
});

describe('POST /api/planner/checks/bulk/', () => {
  it('plans the same check for several projects at once, by project id', async () => {
    const admin = await signIn('admin');
    const projects = unplanned(admin, OPEN, 3);
    const { project_id: _one, ...check } = healthCheck(0);
    const res = await bulk(admin, { ...check, project_ids: projects.map((p) => p.id).reverse() });
    expect(res.status).toBe(201);
    const { checks } = res.body as BulkPlanResult;
    expect(checks.map((c) => c.project_id)).toEqual(
      projects.map((p) => p.id).sort((a, b) => a - b),
    );
    expect(checks.every((c) => c.planned_week === '2026-12-14' && c.experts.length === 2)).toBe(
      true,
    );
    expect(new Set(checks.map((c) => c.id)).size).toBe(3);
  });

  it('is all or nothing: each refused project named on project_ids, nothing stored', async () => {
    const admin = await signIn('admin');
    const [fine] = unplanned(admin, OPEN, 1);
    const closed = closedProject(admin);
    const planned = plannedIn(admin, OPEN)[0]!;
    const plannedName = stateOf(admin).projects.find((p) => p.id === planned.project_id)!.name;
    const before = stored(admin);
    const { project_id: _one, ...check } = healthCheck(0);
    const res = await bulk(admin, {
      ...check,
      project_ids: [fine!.id, closed.id, planned.project_id, 99_999],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      project_ids: [
        PLAN_RULES.projectClosed(closed.name),
        PLAN_RULES.alreadyPlanned(plannedName, '2026 Q4'),
        'Invalid pk "99999" - object does not exist.',
      ],
    });
    expect((await bulk(admin, { ...check, project_ids: [] })).body).toEqual({
      project_ids: [PLAN_RULES.chooseProjects],
    });
    const many = Array.from({ length: BULK_PLAN_MAX + 1 }, (_, index) => index + 1);
    expect((await bulk(admin, { ...check, project_ids: many })).body).toEqual({
      project_ids: [PLAN_RULES.tooManyProjects],
    });
    expect(
      (await bulk(admin, { ...check, period_id: CLOSED, project_ids: [fine!.id] })).body,
    ).toEqual({
      period_id: [PLAN_RULES.periodClosed],
    });
    expect(stored(admin)).toBe(before);
  });
});

describe('PATCH and DELETE /api/planner/checks/{id}/', () => {
  it('changes the week, the experts and the note, and records who did', async () => {
    const admin = await signIn('admin');
    const check = plannedIn(admin, OPEN).find((c) => c.type === 'health_check')!;
    const res = await patch(admin, check.id, {
      planned_week: '2026-12-21',
      experts: [{ user_id: EXPERT, kind: 'main_expert' }],
      note: 'Moved',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: check.id,
      planned_week: '2026-12-21',
      experts: [{ user_id: EXPERT, kind: 'main_expert' }],
      note: 'Moved',
      updated_by: { id: 1 },
      updated_at: '2026-11-20T12:00:00.000Z',
    });
    // Only what is sent changes; a type its model does not serve is refused on `model`.
    const type = await patch(admin, check.id, { type: 'qmo_health_check' });
    expect(type.body).toEqual({ model: [PLAN_RULES.modelType('sdo')] });
    const both = await patch(admin, check.id, { type: 'qmo_health_check', model: 'qmo' });
    expect(both.body).toMatchObject({
      type: 'qmo_health_check',
      model: 'qmo',
      planned_week: '2026-12-21',
    });
  });

  it('refuses changing or removing a planned check that is already a check; stores nothing', async () => {
    const admin = await signIn('admin');
    const started = plannedIn(admin, CLOSED)[0]!;
    const before = stored(admin);
    for (const res of [
      await patch(admin, started.id, { note: 'Late' }),
      await remove(admin, started.id),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ non_field_errors: [PLAN_RULES.startedCheck] });
    }
    const check = plannedIn(admin, OPEN)[0]!;
    expect((await patch(admin, check.id, { planned_week: '2027-01-04' })).body).toEqual({
      planned_week: [PLAN_RULES.weekInPeriod(Q4)],
    });
    expect((await patch(admin, check.id, { experts: 'Erik' })).body).toEqual({
      experts: ['Expected a list of items but got type "str".'],
    });
    expect(stored(admin)).toBe(before);
  });

  it('removes a planned check from the plan', async () => {
    const admin = await signIn('admin');
    const check = plannedIn(admin, OPEN)[0]!;
    const res = await remove(admin, check.id);
    expect(res.status).toBe(204);
    expect((await grid(admin)).checks.some((candidate) => candidate.id === check.id)).toBe(false);
    expect((await remove(admin, check.id)).status).toBe(404);
  });

  it('needs CAN_EDIT_CHECK_PLANNER (before the 404); answers 404 for an unknown check', async () => {
    const portfolio = await signIn('portfolio');
    const check = plannedIn(portfolio, OPEN)[0]!;
    const before = stored(portfolio);
    for (const res of [
      await patch(portfolio, check.id, { note: 'Mine' }),
      await remove(portfolio, check.id),
      await patch(portfolio, 999999, { note: 'Mine' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(forbidden('CAN_EDIT_CHECK_PLANNER'));
    }
    expect(stored(portfolio)).toBe(before);
    const admin = await signIn('admin', { app: portfolio.app });
    for (const res of [await patch(admin, 999999, { note: 'x' }), await remove(admin, 999999)]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Not found.' });
    }
  });

  it('a planned check whose week is over keeps it while a change leaves the week out, and moves only to a week that can run', async () => {
    const admin = await signIn('admin');
    const stale = plannedIn(admin, OPEN).find((check) => check.planned_week <= '2026-11-09')!;
    const noted = await patch(admin, stale.id, { note: 'Late' });
    expect(noted.status).toBe(200);
    // Sent again as it is, the week over is refused by field like any week over, never a 500.
    const kept = await patch(admin, stale.id, { planned_week: stale.planned_week, note: 'Late' });
    expect(kept.status).toBe(400);
    expect(kept.body).toEqual({ planned_week: [PLAN_RULES.weekOver] });
    const back = await patch(admin, stale.id, { planned_week: '2026-10-05' });
    expect(back.body).toEqual({ planned_week: [PLAN_RULES.weekOver] });
    const moved = await patch(admin, stale.id, { planned_week: '2026-11-30' });
    expect(moved.status).toBe(200);
  });

  it('refuses a week over by field in a bulk plan too, whatever the week is sent as; stores nothing', async () => {
    const admin = await signIn('admin');
    const projects = unplanned(admin, OPEN, 2).map((project) => project.id);
    const before = stored(admin);
    const { project_id: _one, ...check } = healthCheck(0);
    const over = await bulk(admin, { ...check, project_ids: projects, planned_week: '2026-11-09' });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ planned_week: [PLAN_RULES.weekOver] });
    for (const planned_week of [20261109, ['2026-11-09'], { week: '2026-11-09' }, '2026-02-30']) {
      const odd = await bulk(admin, { ...check, project_ids: projects, planned_week });
      expect(odd.status).toBe(400);
      expect(Object.keys(odd.body as object)).toEqual(['planned_week']);
    }
    expect(stored(admin)).toBe(before);
  });
});
