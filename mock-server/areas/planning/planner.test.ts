import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarEvent } from '../../../src/api/contract/calendar';
import {
  BULK_PLAN_MAX,
  PLAN_NOTE_MAX,
  PLAN_RULES,
  START_PROBLEMS,
  START_RULES,
  expertConflicts,
  type BulkPlanResult,
  type PlannedCheck,
  type PlannerGrid,
  type StartPreview,
  type StartRefusal,
  type StartResult,
} from '../../../src/api/contract/planner';
import type { Paginated } from '../../../src/api/contract/drf';
import type { Poll, PollListItem } from '../../../src/api/contract/polls';
import { mutate } from '../../store/db';
import type { MockState } from '../../store/state';
import { signIn, type SignedIn } from '../../testing/signIn';

/** The seed's periods: 2026 Q3 closed (its planner started), Q4 open, 2027 Q1 a draft. */
const CLOSED = 1;
const OPEN = 2;
const DRAFT = 3;
const Q4 = { name: '2026 Q4', start_date: '2026-10-01', end_date: '2026-12-31' };
const EXPERT = 3;
const MAIN_EXPERT = 4;

const stateOf = (session: SignedIn) => session.app.mock.db.getState();
/** The stored plan and checks as JSON: a refused call must leave them byte for byte. */
const stored = (session: SignedIn) => {
  const state = stateOf(session);
  return JSON.stringify([state.plannedChecks, state.plannerPeriods, state.polls.length]);
};
const change = (session: SignedIn, edit: (state: MockState) => void) =>
  mutate(session.app.mock.db, edit);

const grid = async ({ app, auth }: SignedIn) => {
  const res = await request(app).get('/api/planner/').set(auth);
  expect(res.status).toBe(200);
  return res.body as PlannerGrid;
};
const send = (
  session: SignedIn,
  method: 'post' | 'patch' | 'delete',
  path: string,
  body?: unknown,
) => {
  const call = request(session.app)[method](path).set(session.headers);
  return body === undefined ? call : call.send(body as object);
};
const plan = (session: SignedIn, body: unknown) =>
  send(session, 'post', '/api/planner/checks/', body);
const bulk = (session: SignedIn, body: unknown) =>
  send(session, 'post', '/api/planner/checks/bulk/', body);
const patch = (session: SignedIn, id: number, body: unknown) =>
  send(session, 'patch', `/api/planner/checks/${id}/`, body);
const remove = (session: SignedIn, id: number) =>
  send(session, 'delete', `/api/planner/checks/${id}/`);
const preview = (session: SignedIn, periodId: number) =>
  request(session.app).get(`/api/planner-periods/${periodId}/start/`).set(session.auth);
const start = (session: SignedIn, periodId: number) =>
  send(session, 'post', `/api/planner-periods/${periodId}/start/`, {});

/** Projects by what the seed holds: closed ones, and active ones not planned in a period. */
const closedProject = (session: SignedIn) => {
  const state = stateOf(session);
  const detail = state.projectDetails.find((candidate) => candidate.status === 'closed')!;
  return state.projects.find((project) => project.id === detail.project_id)!;
};
const unplanned = (session: SignedIn, periodId: number, count: number) => {
  const state = stateOf(session);
  const planned = new Set(
    state.plannedChecks
      .filter((check) => check.period_id === periodId)
      .map((check) => check.project_id),
  );
  return state.projectDetails
    .filter((detail) => detail.status === 'active' && !planned.has(detail.project_id))
    .slice(0, count)
    .map((detail) => state.projects.find((project) => project.id === detail.project_id)!);
};
const plannedIn = (session: SignedIn, periodId: number) =>
  stateOf(session).plannedChecks.filter((check) => check.period_id === periodId);

const healthCheck = (projectId: number) => ({
  period_id: OPEN,
  project_id: projectId,
  type: 'health_check',
  model: 'sdo',
  planned_week: '2026-12-14',
  experts: [
    { user_id: MAIN_EXPERT, kind: 'main_expert' },
    { user_id: EXPERT, kind: 'expert' },
  ],
  note: 'After the release.',
});

const forbidden = (flag: string) => ({
  detail: `You do not have permission to perform this action (${flag}).`,
});

// The seed's clock: November 20, 2026 (a Friday), noon UTC. Weeks up to November 9 are over.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('GET /api/planner/', () => {
  it('answers the periods, the plannable projects by account then name, the plan and its people', async () => {
    const admin = await signIn('admin');
    const body = await grid(admin);
    expect(
      body.periods.map(({ id, state, planner_started_at }) => [id, state, planner_started_at]),
    ).toEqual([
      [CLOSED, 'closed', '2026-06-15T09:00:00.000Z'],
      [OPEN, 'open', null],
      [DRAFT, 'draft', null],
    ]);
    const state = stateOf(admin);
    const closed = new Set(
      state.projectDetails.filter((d) => d.status === 'closed').map((d) => d.project_id),
    );
    expect(body.projects.length).toBe(state.projects.length - closed.size);
    expect(body.projects.some((project) => closed.has(project.id))).toBe(false);
    expect(new Set(body.projects.map((project) => project.status))).toEqual(
      new Set(['active', 'on_hold']),
    );
    const accountName = new Map(body.accounts.map((account) => [account.id, account.name]));
    const keys = body.projects.map((p) => [accountName.get(p.account_id)!, p.name] as const);
    const sorted = [...keys].sort(
      (a, b) => a[0].localeCompare(b[0], 'en') || a[1].localeCompare(b[1], 'en'),
    );
    expect(keys).toEqual(sorted);
    expect(body.segments.length).toBeGreaterThan(0);
    expect(body.lines.length).toBeGreaterThan(0);

    // The plan: about 30 of projects 1–60 in the open quarter, the closed one's pointing at checks.
    const open = body.checks.filter((check) => check.period_id === OPEN);
    expect(open.length).toBe(30);
    expect(open.every((check) => check.project_id <= 60 && check.poll_id === null)).toBe(true);
    const closedPlan = body.checks.filter((check) => check.period_id === CLOSED);
    expect(closedPlan.length).toBeGreaterThan(5);
    for (const check of closedPlan) {
      const poll = state.polls.find((candidate) => candidate.id === check.poll_id)!;
      expect(poll.project_id).toBe(check.project_id);
    }
    expect(body.checks.filter((check) => check.period_id === DRAFT).length).toBeGreaterThan(0);
    // The expert persona planned twice in one week, and a health check nobody leads yet.
    expect(
      expertConflicts(open).some(
        (conflict) => conflict.user_id === EXPERT && conflict.check_ids.length >= 2,
      ),
    ).toBe(true);
    expect(
      open.some(
        (check) =>
          check.type === 'health_check' && !check.experts.some((e) => e.kind === 'main_expert'),
      ),
    ).toBe(true);
    // Every person named (experts, managers) is in `people`.
    const people = new Set(body.people.map((person) => person.id));
    for (const check of body.checks)
      for (const expert of check.experts) expect(people.has(expert.user_id)).toBe(true);
    for (const project of body.projects)
      if (project.manager_id !== null) expect(people.has(project.manager_id)).toBe(true);
    expect(body.people.find((person) => person.id === EXPERT)?.name).toBe('Erik Lindqvist');
  });

  it('flags projects due: never checked, or last finished check older than the cadence', async () => {
    const body = await grid(await signIn('admin'));
    const never = body.projects.filter((project) => project.last_check === null);
    expect(never.length).toBeGreaterThan(0);
    expect(never.every((project) => project.due && project.due_since === null)).toBe(true);
    const overdue = body.projects.filter((project) => project.due && project.due_since !== null);
    expect(overdue.length).toBeGreaterThan(10);
    for (const project of overdue) expect(project.due_since! <= '2026-11-20').toBe(true);
    const fresh = body.projects.filter((project) => !project.due);
    expect(fresh.length).toBeGreaterThan(10);
    expect(fresh.every((project) => project.last_check !== null)).toBe(true);
    // A fair share of due projects, not all of them.
    const due = body.projects.filter((project) => project.due).length;
    expect(due / body.projects.length).toBeGreaterThan(0.2);
    expect(due / body.projects.length).toBeLessThan(0.9);
  });

  it('needs CAN_VIEW_CHECK_PLANNER, and names it', async () => {
    const pm = await signIn('pm');
    const res = await request(pm.app).get('/api/planner/').set(pm.auth);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(forbidden('CAN_VIEW_CHECK_PLANNER'));
    expect((await grid(await signIn('portfolio', { app: pm.app }))).checks.length).toBeGreaterThan(
      0,
    );
  });

  it('adds the volume projects as rows, and lets them be planned (never started)', async () => {
    const admin = await signIn('admin', { projectVolume: 2000 });
    const body = await grid(admin);
    const volume = body.projects.filter((project) => project.id >= 100_000);
    expect(volume.length).toBeGreaterThan(1000);
    expect(volume.every((project) => project.status !== 'closed')).toBe(true);
    expect(volume.some((project) => project.due)).toBe(true);
    // The portfolio shows the same generated projects.
    const portfolio = (await request(admin.app).get('/api/portfolio/').set(admin.auth)).body as {
      projects: { id: number }[];
    };
    expect(portfolio.projects.some((project) => project.id === volume[0]!.id)).toBe(true);

    const created = await plan(admin, healthCheck(volume[0]!.id));
    expect(created.status).toBe(201);
    expect((await grid(admin)).checks.some((check) => check.project_id === volume[0]!.id)).toBe(
      true,
    );
    const rows = (await preview(admin, OPEN)).body as StartPreview;
    expect(rows.rows.find((row) => row.project.id === volume[0]!.id)?.problems).toEqual([
      START_PROBLEMS.notStored,
    ]);
    const before = stored(admin);
    expect((await start(admin, OPEN)).status).toBe(400);
    expect(stored(admin)).toBe(before);
  });
});

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
    // The week the period's first day falls in may be planned (it starts on a Thursday).
    expect(
      (await plan(admin, { ...healthCheck(project!.id), planned_week: '2026-09-28' })).status,
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
});

describe('the start: GET and POST /api/planner-periods/{id}/start/', () => {
  it('previews the open period row by row: weeks over and a health check without a main expert', async () => {
    const admin = await signIn('admin');
    const res = await preview(admin, OPEN);
    expect(res.status).toBe(200);
    const body = res.body as StartPreview;
    expect(body.period_id).toBe(OPEN);
    expect(body.rows).toHaveLength(30);
    const weeks = body.rows.map((row) => row.planned_week);
    expect(weeks).toEqual([...weeks].sort());
    const over = body.rows.filter((row) => row.problems.includes(START_PROBLEMS.weekOver));
    expect(over.length).toBe(5);
    expect(over.every((row) => row.planned_week <= '2026-11-09')).toBe(true);
    const leaderless = body.rows.filter((row) =>
      row.problems.includes(START_PROBLEMS.noMainExpert),
    );
    expect(leaderless).toHaveLength(1);
    expect(leaderless[0]!.type).toBe('health_check');
    expect(body.with_problems).toBe(6);
    expect(body.ready).toBe(24);
    expect(body.blocked_by).toBe(START_RULES.problems(6));
    expect(START_RULES.problems(6)).toBe(
      '6 planned checks need attention first; no check was created.',
    );
    const row = body.rows.find((candidate) => candidate.problems.length === 0)!;
    expect(row.due_date).toBe(
      new Date(Date.parse(`${row.planned_week}T00:00:00Z`) + 4 * 86_400_000)
        .toISOString()
        .slice(0, 10),
    );
    expect(row.account.name.length).toBeGreaterThan(0);
  });

  it('says why a period cannot start: not open, nothing planned', async () => {
    const admin = await signIn('admin');
    for (const id of [CLOSED, DRAFT])
      expect(((await preview(admin, id)).body as StartPreview).blocked_by).toBe(
        START_RULES.notOpen,
      );
    const spring = await send(admin, 'post', '/api/planner-periods/', {
      name: '2027 Q2',
      start_date: '2027-04-01',
      end_date: '2027-06-30',
      state: 'open',
    });
    const empty = (await preview(admin, (spring.body as { id: number }).id)).body as StartPreview;
    expect(empty).toEqual({
      period_id: (spring.body as { id: number }).id,
      rows: [],
      ready: 0,
      with_problems: 0,
      blocked_by: START_RULES.nothingPlanned,
    });
    const refused = await start(admin, (spring.body as { id: number }).id);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ non_field_errors: [START_RULES.nothingPlanned], problems: [] });
  });

  it('refuses the start while any planned check has a problem, naming them; creates nothing', async () => {
    const admin = await signIn('admin');
    const before = stored(admin);
    const res = await start(admin, OPEN);
    expect(res.status).toBe(400);
    const body = res.body as StartRefusal;
    expect(body.non_field_errors).toEqual([START_RULES.problems(6)]);
    expect(body.problems).toHaveLength(6);
    expect(body.problems.every((row) => row.problems.length > 0)).toBe(true);
    expect(stored(admin)).toBe(before);
    // A project closed since it was planned is a problem too.
    const check = plannedIn(admin, OPEN).find((c) => c.planned_week > '2026-11-23')!;
    change(admin, (state) => {
      state.projectDetails.find((detail) => detail.project_id === check.project_id)!.status =
        'closed';
    });
    const rows = ((await preview(admin, OPEN)).body as StartPreview).rows;
    expect(rows.find((row) => row.planned_check_id === check.id)?.problems).toContain(
      START_PROBLEMS.projectClosed,
    );
  });

  it('starts once: every planned check becomes a new check, listed in /api/polls/', async () => {
    const admin = await signIn('admin');
    // Mend the problems: later weeks, a main expert.
    for (const row of ((await preview(admin, OPEN)).body as StartPreview).rows) {
      if (row.problems.length === 0) continue;
      const fix: Record<string, unknown> = {};
      if (row.problems.includes(START_PROBLEMS.weekOver)) fix.planned_week = '2026-11-30';
      if (row.problems.includes(START_PROBLEMS.noMainExpert))
        fix.experts = [{ user_id: MAIN_EXPERT, kind: 'main_expert' }];
      expect((await patch(admin, row.planned_check_id, fix)).status).toBe(200);
    }
    const ready = (await preview(admin, OPEN)).body as StartPreview;
    expect(ready).toMatchObject({ ready: 30, with_problems: 0, blocked_by: null });

    const res = await start(admin, OPEN);
    expect(res.status).toBe(201);
    const result = res.body as StartResult;
    expect(result.created).toBe(30);
    expect(result.poll_ids).toHaveLength(30);
    expect(result.period).toMatchObject({
      id: OPEN,
      state: 'open',
      planner_started_at: '2026-11-20T12:00:00.000Z',
    });
    const state = stateOf(admin);
    for (const check of plannedIn(admin, OPEN)) {
      const poll = state.polls.find((candidate) => candidate.id === check.poll_id)!;
      expect(poll).toMatchObject({ status: 'new', type: check.type, model: check.model });
      expect(poll.project_id).toBe(check.project_id);
      const team = state.projectTeams.find((t) => t.project_id === check.project_id)!;
      const roles = Object.fromEntries(poll.participants.map((p) => [p.user_id, p.role]));
      if (check.type === 'audit_check')
        expect(poll.participants).toEqual([
          { user_id: check.experts[0]!.user_id, role: 'auditor', submitted: false },
        ]);
      else {
        expect(roles[team.pm_id]).toBe('pm');
        for (const expert of check.experts)
          if (expert.user_id !== team.pm_id && expert.user_id !== team.qcl_id)
            expect(roles[expert.user_id]).toBe(
              expert.kind === 'main_expert' ? 'main_expert' : 'exp',
            );
      }
    }
    // The checks list shows them in status new, with the Friday of their week as due date.
    const list = await request(admin.app)
      .get('/api/polls/?status=new&page_size=200')
      .set(admin.auth);
    const rows = (list.body as Paginated<PollListItem>).results;
    for (const id of result.poll_ids) expect(rows.some((row) => row.id === id)).toBe(true);
    const first = plannedIn(admin, OPEN)[0]!;
    const poll = (await request(admin.app).get(`/api/polls/${first.poll_id}/`).set(admin.auth))
      .body as Poll;
    expect(poll.due_date.slice(0, 10)).toBe(
      new Date(Date.parse(`${first.planned_week}T00:00:00Z`) + 4 * 86_400_000)
        .toISOString()
        .slice(0, 10),
    );
    // The expert persona finds the checks it is an expert of.
    const expert = await signIn('expert', { app: admin.app });
    const mine = (
      (await request(admin.app).get('/api/polls/?status=new&page_size=200').set(expert.auth))
        .body as Paginated<PollListItem>
    ).results.map((row) => row.id);
    const expertOf = plannedIn(admin, OPEN).filter((c) =>
      c.experts.some((e) => e.user_id === EXPERT),
    );
    expect(expertOf.length).toBeGreaterThan(0);
    for (const check of expertOf) expect(mine).toContain(check.poll_id);

    // Once: a second start, a change to the plan, a new planned check are refused.
    const before = stored(admin);
    const again = await start(admin, OPEN);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      non_field_errors: [START_RULES.alreadyStarted('2026-11-20T12:00:00.000Z')],
      problems: [],
    });
    expect((await patch(admin, first.id, { note: 'Later' })).body).toEqual({
      non_field_errors: [PLAN_RULES.startedCheck],
    });
    const [project] = unplanned(admin, OPEN, 1);
    expect((await plan(admin, healthCheck(project!.id))).body).toEqual({
      period_id: [PLAN_RULES.periodStarted('2026-11-20T12:00:00.000Z')],
    });
    expect(stored(admin)).toBe(before);
  });

  it('needs CAN_START_CHECK_PLANNER, before the 404; answers 404 for an unknown period', async () => {
    const portfolio = await signIn('portfolio');
    const before = stored(portfolio);
    for (const res of [
      await preview(portfolio, OPEN),
      await start(portfolio, OPEN),
      await start(portfolio, 999999),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(forbidden('CAN_START_CHECK_PLANNER'));
    }
    expect(stored(portfolio)).toBe(before);
    const admin = await signIn('admin', { app: portfolio.app });
    for (const res of [await preview(admin, 999999), await start(admin, 999999)]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Not found.' });
    }
  });
});

describe('the plan in the calendar', () => {
  const events = async (user: SignedIn, query: string) => {
    const res = await request(user.app).get(`/api/calendar/events/?${query}`).set(user.auth);
    expect(res.status).toBe(200);
    return res.body as CalendarEvent[];
  };

  it('shows a planned check over its week to the planner and to its experts, as theirs', async () => {
    const admin = await signIn('admin');
    const check = plannedIn(admin, OPEN).find(
      (c) => c.experts.some((e) => e.user_id === EXPERT) && c.planned_week >= '2026-11-23',
    )!;
    const project = stateOf(admin).projects.find((p) => p.id === check.project_id)!;
    const week = `start=${check.planned_week}&end=${check.planned_week}&kind=check`;
    const found = (await events(admin, week)).find((e) => e.id === `planned-check-${check.id}`);
    const friday = new Date(Date.parse(`${check.planned_week}T00:00:00Z`) + 4 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(found).toMatchObject({
      kind: 'check',
      start: check.planned_week,
      end: friday,
      status: 'planned',
      project: { id: project.id, name: project.name },
      path: `/planning?check=${check.id}`,
      mine: false,
    });
    expect(found!.title).toMatch(
      /^Planned (health check|QMO health check|self check|audit check|QMO self check): /,
    );
    const expert = await signIn('expert', { app: admin.app });
    expect(
      (await events(expert, week)).find((e) => e.id === `planned-check-${check.id}`),
    ).toMatchObject({ mine: true, path: null });
    const pm = await signIn('pm', { app: admin.app });
    const pmSees = (await events(pm, week)).some((e) => e.id === `planned-check-${check.id}`);
    expect(pmSees).toBe(check.experts.some((e) => e.user_id === 2));
  });

  it('spans a check that came from the plan over its planned week, even when its due date moves', async () => {
    const admin = await signIn('admin');
    const check = plannedIn(admin, CLOSED).find((c) => c.poll_id !== null)!;
    // An extension (or any change of the due date) moves it to another week.
    change(admin, (state) => {
      state.polls.find((p) => p.id === check.poll_id)!.due_date = '2027-02-26';
    });
    const found = (
      await events(admin, `start=${check.planned_week}&end=${check.planned_week}&kind=check`)
    ).find((e) => e.id === `check-${check.poll_id}`);
    expect(found).toMatchObject({ start: check.planned_week, path: `/checks/${check.poll_id}` });
    expect(
      (await events(admin, 'start=2027-02-22&end=2027-02-26&kind=check')).some(
        (e) => e.id === `check-${check.poll_id}`,
      ),
    ).toBe(false);
  });
});
