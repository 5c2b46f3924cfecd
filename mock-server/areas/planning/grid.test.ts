import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../../src/api/contract/calendar';
import {
  START_PROBLEMS,
  expertConflicts,
  type StartPreview,
} from '../../../src/api/contract/planner';
import { signIn, type SignedIn } from '../../testing/signIn';
import {
  CLOSED,
  OPEN,
  DRAFT,
  EXPERT,
  stateOf,
  stored,
  change,
  grid,
  plan,
  preview,
  start,
  plannedIn,
  healthCheck,
  forbidden,
  withSeedClock,
} from './testing';

withSeedClock();

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
