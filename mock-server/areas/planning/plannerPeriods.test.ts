import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { PERIOD_RULES, type PlannerPeriod } from '../../../src/api/contract/plannerPeriods';
import { signIn, type SignedIn } from '../../testing/signIn';

const LIST = '/api/planner-periods/';
const ONE = (id: number) => `/api/planner-periods/${id}/`;

/** The seed's periods around November 20, 2026: Q3 closed, Q4 open, 2027 Q1 a draft. */
const CLOSED = 1;
const OPEN = 2;
const DRAFT = 3;
const Q4 = { name: '2026 Q4', start_date: '2026-10-01', end_date: '2026-12-31' };

const list = async ({ app, auth }: SignedIn) =>
  (await request(app).get(LIST).set(auth)).body as PlannerPeriod[];
const post = (session: SignedIn, body: unknown) =>
  request(session.app)
    .post(LIST)
    .set(session.headers)
    .send(body as object);
const patch = (session: SignedIn, id: number, body: unknown) =>
  request(session.app)
    .patch(ONE(id))
    .set(session.headers)
    .send(body as object);
/** The stored state as JSON: a refused call must leave it byte for byte. */
const stored = (session: SignedIn) => JSON.stringify(session.app.mock.db.getState().plannerPeriods);

const spring = { name: '2027 Q2', start_date: '2027-04-01', end_date: '2027-06-30' };

describe('GET /api/planner-periods/', () => {
  it('lists the seeded quarters by start date: one closed, one open, one draft', async () => {
    const periods = await list(await signIn('admin'));
    expect(
      periods.map(({ name, start_date, end_date, state }) => [name, start_date, end_date, state]),
    ).toEqual([
      ['2026 Q3', '2026-07-01', '2026-09-30', 'closed'],
      ['2026 Q4', '2026-10-01', '2026-12-31', 'open'],
      ['2027 Q1', '2027-01-01', '2027-03-31', 'draft'],
    ]);
    expect(periods[0]!.created_by).toEqual({ id: 1, name: 'Alex Morgan', login: 'amorgan' });
  });

  it('needs CAN_VIEW_PLANNER_PERIODS, and names it', async () => {
    const { app, auth } = await signIn('pm');
    const res = await request(app).get(LIST).set(auth);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      detail: 'You do not have permission to perform this action (CAN_VIEW_PLANNER_PERIODS).',
    });
    const portfolio = await signIn('portfolio');
    expect(await list(portfolio)).toHaveLength(3);
  });
});

describe('POST /api/planner-periods/', () => {
  it('creates a draft by default, and an open period when asked, in start-date order', async () => {
    const admin = await signIn('admin');
    const res = await post(admin, spring);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: 4, ...spring, state: 'draft' });
    expect((res.body as PlannerPeriod).created_by.id).toBe(1);
    const open = await post(admin, {
      name: 'Summer',
      start_date: '2027-07-01',
      end_date: '2027-09-30',
      state: 'open',
    });
    expect(open.status).toBe(201);
    expect((open.body as PlannerPeriod).state).toBe('open');
    expect((await list(admin)).map((period) => period.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses an open period overlapping the open one, on the date inside it, naming it', async () => {
    const admin = await signIn('admin');
    const before = stored(admin);
    const res = await post(admin, {
      name: 'December push',
      start_date: '2026-12-01',
      end_date: '2027-01-15',
      state: 'open',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ start_date: [PERIOD_RULES.overlap(Q4)] });
    expect(PERIOD_RULES.overlap(Q4)).toBe(
      'Overlaps the open period “2026 Q4” (10/01/2026 to 12/31/2026).',
    );
    // Holding the whole open period: both dates are wrong.
    const around = await post(admin, {
      name: 'Long',
      start_date: '2026-09-01',
      end_date: '2027-02-01',
      state: 'open',
    });
    expect(around.body).toEqual({
      start_date: [PERIOD_RULES.overlap(Q4)],
      end_date: [PERIOD_RULES.overlap(Q4)],
    });
    expect(stored(admin)).toBe(before);
  });

  it('lets a draft overlap an open period, and an open one touch it without sharing a day', async () => {
    const admin = await signIn('admin');
    expect(
      (await post(admin, { name: 'Draft', start_date: '2026-11-01', end_date: '2026-11-30' }))
        .status,
    ).toBe(201);
    expect(
      (
        await post(admin, {
          name: 'Next',
          start_date: '2027-01-01',
          end_date: '2027-01-31',
          state: 'open',
        })
      ).status,
    ).toBe(201);
  });

  it('checks name, dates, their order and the state, every problem at once; stores nothing', async () => {
    const admin = await signIn('admin');
    const before = stored(admin);
    const empty = await post(admin, {});
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      name: ['This field is required.'],
      start_date: ['This field is required.'],
      end_date: ['This field is required.'],
    });
    const wrong = await post(admin, {
      name: 'x'.repeat(101),
      start_date: '2027-02-30',
      end_date: '03/31/2027',
      state: 'closed',
    });
    expect(wrong.body).toEqual({
      name: ['Ensure this field has no more than 100 characters.'],
      start_date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
      end_date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
      state: ['"closed" is not a valid choice.'],
    });
    const blank = await post(admin, { ...spring, name: '   ' });
    expect(blank.body).toEqual({ name: ['This field may not be blank.'] });
    for (const end_date of ['2027-04-01', '2027-03-31']) {
      const backwards = await post(admin, { ...spring, end_date });
      expect(backwards.status).toBe(400);
      expect(backwards.body).toEqual({ end_date: [PERIOD_RULES.endAfterStart] });
    }
    expect(stored(admin)).toBe(before);
  });

  it('needs CAN_CREATE_PLANNER_PERIOD, checked before the body; stores nothing', async () => {
    const portfolio = await signIn('portfolio');
    const before = stored(portfolio);
    for (const body of [spring, {}]) {
      const res = await post(portfolio, body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        detail: 'You do not have permission to perform this action (CAN_CREATE_PLANNER_PERIOD).',
      });
    }
    expect(stored(portfolio)).toBe(before);
  });
});

describe('PATCH /api/planner-periods/{id}/', () => {
  it('renames and moves a draft, and steps it draft → open → closed', async () => {
    const admin = await signIn('admin');
    const moved = await patch(admin, DRAFT, { name: 'Early 2027', end_date: '2027-03-26' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: DRAFT, name: 'Early 2027', end_date: '2027-03-26' });
    expect((await patch(admin, DRAFT, { state: 'open' })).body).toMatchObject({ state: 'open' });
    expect((await patch(admin, DRAFT, { state: 'closed' })).body).toMatchObject({
      state: 'closed',
    });
    expect((await list(admin)).find((period) => period.id === DRAFT)?.state).toBe('closed');
  });

  it('refuses opening a draft that overlaps the open period, on the date inside it', async () => {
    const admin = await signIn('admin');
    await patch(admin, DRAFT, { start_date: '2026-12-15' });
    const before = stored(admin);
    const res = await patch(admin, DRAFT, { state: 'open' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ start_date: [PERIOD_RULES.overlap(Q4)] });
    expect(stored(admin)).toBe(before);
    // Moving the open period onto another open one is refused the same way.
    await patch(admin, DRAFT, { start_date: '2027-01-01', state: 'open' });
    const onto = await patch(admin, OPEN, { end_date: '2027-01-10' });
    expect(onto.body).toEqual({
      end_date: [
        PERIOD_RULES.overlap({ name: '2027 Q1', start_date: '2027-01-01', end_date: '2027-03-31' }),
      ],
    });
    expect((await list(admin)).find((period) => period.id === OPEN)?.end_date).toBe('2026-12-31');
  });

  it('refuses dates that would leave planned checks outside, on the date that cuts them; stores nothing', async () => {
    const admin = await signIn('admin');
    const before = stored(admin);
    const plan = JSON.stringify(admin.app.mock.db.getState().plannedChecks);
    // The seed plans three checks of 2026 Q4 in the week of December 28.
    const shorter = await patch(admin, OPEN, { end_date: '2026-12-27' });
    expect(shorter.status).toBe(400);
    expect(shorter.body).toEqual({ end_date: [PERIOD_RULES.plannedOutside(3, '2026-12-28')] });
    expect(PERIOD_RULES.plannedOutside(3, '2026-12-28')).toBe(
      '3 planned checks fall outside these dates (first: week of 12/28/2026). Move them in the planner first.',
    );
    // Both dates moved in: each side counts its own checks and names its first week.
    const both = await patch(admin, OPEN, {
      name: 'Short Q4',
      start_date: '2026-11-03',
      end_date: '2026-12-20',
    });
    expect(both.body).toEqual({
      start_date: [PERIOD_RULES.plannedOutside(4, '2026-10-19')],
      end_date: [PERIOD_RULES.plannedOutside(8, '2026-12-21')],
    });
    // The draft's one check in the week of March 22.
    const one = await patch(admin, DRAFT, { end_date: '2027-03-21' });
    expect(one.body).toEqual({
      end_date: [
        '1 planned check falls outside these dates (week of 03/22/2027). Move it in the planner first.',
      ],
    });
    expect(stored(admin)).toBe(before);
    expect(JSON.stringify(admin.app.mock.db.getState().plannedChecks)).toBe(plan);
  });

  it('changes the dates freely while every planned check stays inside', async () => {
    const admin = await signIn('admin');
    // A week that starts inside the period stays in it, as the planner offers it.
    const end = await patch(admin, OPEN, { end_date: '2026-12-28' });
    expect(end.status).toBe(200);
    expect(end.body).toMatchObject({ end_date: '2026-12-28' });
    const start = await patch(admin, OPEN, { start_date: '2026-10-20' });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ start_date: '2026-10-20' });
    // Longer is always fine; the dates sent unchanged with a new name are not blamed.
    expect(
      (await patch(admin, DRAFT, { start_date: '2026-12-20', end_date: '2027-04-30' })).status,
    ).toBe(200);
    const renamed = await patch(admin, OPEN, {
      name: 'Q4 (short)',
      start_date: '2026-10-20',
      end_date: '2026-12-28',
    });
    expect(renamed.status).toBe(200);
    expect((await list(admin)).find((period) => period.id === OPEN)).toMatchObject({
      name: 'Q4 (short)',
      start_date: '2026-10-20',
      end_date: '2026-12-28',
    });
  });

  it('refuses any change to a closed period, reopening included; stores nothing', async () => {
    const admin = await signIn('admin');
    const before = stored(admin);
    for (const body of [{ state: 'open' }, { name: 'Renamed' }, { state: 'draft' }, {}]) {
      const res = await patch(admin, CLOSED, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ non_field_errors: [PERIOD_RULES.closed] });
    }
    expect(stored(admin)).toBe(before);
  });

  it('refuses a step out of order, a backwards date and an unknown state; stores nothing', async () => {
    const admin = await signIn('admin');
    const before = stored(admin);
    expect((await patch(admin, DRAFT, { state: 'closed' })).body).toEqual({
      state: ['A period in Draft can only move on to Open.'],
    });
    expect((await patch(admin, OPEN, { state: 'draft' })).body).toEqual({
      state: ['A period in Open can only move on to Closed.'],
    });
    expect((await patch(admin, OPEN, { state: 'paused' })).body).toEqual({
      state: ['"paused" is not a valid choice.'],
    });
    // The state may be left out, never sent as null (DRF's ChoiceField).
    expect((await patch(admin, OPEN, { state: null })).body).toEqual({
      state: ['This field may not be null.'],
    });
    expect((await patch(admin, OPEN, { end_date: '2026-09-30' })).body).toEqual({
      end_date: [PERIOD_RULES.endAfterStart],
    });
    expect((await patch(admin, OPEN, { name: '' })).body).toEqual({
      name: ['This field may not be blank.'],
    });
    expect(stored(admin)).toBe(before);
  });

  it('needs CAN_EDIT_PLANNER_PERIOD before anything else; 404 for an unknown period', async () => {
    const portfolio = await signIn('portfolio');
    const before = stored(portfolio);
    for (const id of [OPEN, 999999]) {
      const res = await patch(portfolio, id, { name: 'Mine' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        detail: 'You do not have permission to perform this action (CAN_EDIT_PLANNER_PERIOD).',
      });
    }
    expect(stored(portfolio)).toBe(before);
    const admin = await signIn('admin');
    const missing = await patch(admin, 999999, { name: 'Nobody' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'Not found.' });
  });
});
