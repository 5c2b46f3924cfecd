import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import type { Paginated } from '../../../src/api/contract/drf';
import {
  PLAN_RULES,
  START_PROBLEMS,
  START_RULES,
  START_WARNINGS,
  type StartPreview,
  type StartRefusal,
  type StartResult,
} from '../../../src/api/contract/planner';
import type { Poll, PollListItem } from '../../../src/api/contract/polls';
import { signIn } from '../../testing/signIn';
import {
  CLOSED,
  OPEN,
  DRAFT,
  EXPERT,
  stateOf,
  stored,
  change,
  send,
  plan,
  patch,
  preview,
  start,
  unplanned,
  plannedIn,
  healthCheck,
  forbidden,
  withSeedClock,
} from './testing';

withSeedClock();

describe('the start: GET and POST /api/planner-periods/{id}/start/', () => {
  it('previews the open period row by row: weeks over stop it, a health check without a main expert is a warning', async () => {
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
    const leaderless = body.rows.filter((row) => row.warnings.length > 0);
    expect(leaderless).toHaveLength(1);
    expect(leaderless[0]).toMatchObject({
      type: 'health_check',
      problems: [],
      warnings: [START_WARNINGS.noMainExpert],
    });
    expect(body.with_problems).toBe(5);
    expect(body.ready).toBe(25);
    expect(body.blocked_by).toBe(START_RULES.problems(5));
    expect(START_RULES.problems(5)).toBe(
      '5 planned checks need attention first; no check was created.',
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
      next_week: '2027-03-29',
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
    expect(body.non_field_errors).toEqual([START_RULES.problems(5)]);
    expect(body.problems).toHaveLength(5);
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
    // Mend the problems: later weeks. The health check without a main expert only warns.
    for (const row of ((await preview(admin, OPEN)).body as StartPreview).rows) {
      if (row.problems.length === 0) continue;
      expect(row.problems).toEqual([START_PROBLEMS.weekOver]);
      expect(
        (await patch(admin, row.planned_check_id, { planned_week: '2026-11-30' })).status,
      ).toBe(200);
    }
    const ready = (await preview(admin, OPEN)).body as StartPreview;
    expect(ready).toMatchObject({ ready: 30, with_problems: 0, blocked_by: null });
    expect(ready.rows.filter((row) => row.warnings.length > 0)).toHaveLength(1);

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
    // The health check planned without a main expert is a check without one, to assign on it.
    const leaderless = plannedIn(admin, OPEN).find(
      (check) =>
        check.type === 'health_check' && !check.experts.some((e) => e.kind === 'main_expert'),
    )!;
    const unled = state.polls.find((candidate) => candidate.id === leaderless.poll_id)!;
    expect(unled.participants.some((p) => p.role === 'main_expert')).toBe(false);
    expect(unled.participants.some((p) => p.role === 'exp')).toBe(true);
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

describe('the start moves or removes the planned checks whose week is over, in the same step', () => {
  const startWith = (admin: Awaited<ReturnType<typeof signIn>>, body: unknown) =>
    send(admin, 'post', `/api/planner-periods/${OPEN}/start/`, body);

  it('the preview names the first week that can still run: this one while its Friday is not past', async () => {
    const admin = await signIn('admin');
    // November 20 is the Friday of the week of November 16: that week can still run.
    expect(((await preview(admin, OPEN)).body as StartPreview).next_week).toBe('2026-11-16');
  });

  it('move: on the seed as it is, the five checks whose week is over run in the next week, and every check is created', async () => {
    const admin = await signIn('admin');
    const over = plannedIn(admin, OPEN)
      .filter((check) => check.planned_week <= '2026-11-09')
      .map((check) => check.id);
    expect(over).toHaveLength(5);
    // The health check without a main expert does not stop it.
    const res = await startWith(admin, { stale_weeks: 'move' });
    expect(res.status).toBe(201);
    expect((res.body as StartResult).created).toBe(30);
    const moved = plannedIn(admin, OPEN).filter((check) => over.includes(check.id));
    expect(moved.map((check) => check.planned_week)).toEqual(Array(5).fill('2026-11-16'));
    const polls = stateOf(admin).polls.filter((poll) =>
      moved.some((check) => check.poll_id === poll.id),
    );
    expect(polls.map((poll) => poll.due_date)).toEqual(Array(5).fill('2026-11-20'));
  });

  it('remove: the checks whose week is over leave the plan; the others are created', async () => {
    const admin = await signIn('admin');
    const res = await startWith(admin, { stale_weeks: 'remove' });
    expect(res.status).toBe(201);
    expect((res.body as StartResult).created).toBe(25);
    const left = plannedIn(admin, OPEN);
    expect(left).toHaveLength(25);
    expect(left.every((check) => check.planned_week >= '2026-11-16')).toBe(true);
  });

  it('a real problem left still refuses the move: nothing moves, nothing is created', async () => {
    const admin = await signIn('admin');
    // A project closed since its check was planned in a week that can still run.
    const check = plannedIn(admin, OPEN).find((c) => c.planned_week > '2026-11-23')!;
    change(admin, (state) => {
      state.projectDetails.find((detail) => detail.project_id === check.project_id)!.status =
        'closed';
    });
    const before = stored(admin);
    const refused = await startWith(admin, { stale_weeks: 'move' });
    expect(refused.status).toBe(400);
    expect((refused.body as StartRefusal).non_field_errors).toEqual([START_RULES.problems(1)]);
    expect((refused.body as StartRefusal).problems.map((row) => row.problems)).toEqual([
      [START_PROBLEMS.projectClosed],
    ]);
    expect(stored(admin)).toBe(before);
  });

  it('refuses an unknown choice by field, and a move with no week left to run', async () => {
    const admin = await signIn('admin');
    const before = stored(admin);
    const unknown = await startWith(admin, { stale_weeks: 'later' });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body as object)).toEqual(['stale_weeks']);
    // After the period's last week, no week of it can still run.
    vi.setSystemTime(new Date('2027-01-05T12:00:00Z'));
    const later = await signIn('admin', { app: admin.app });
    const noWeek = await startWith(later, { stale_weeks: 'move' });
    expect(noWeek.status).toBe(400);
    expect(noWeek.body).toEqual({ stale_weeks: [START_RULES.noWeekLeft('2026 Q4')] });
    expect(((await preview(later, OPEN)).body as StartPreview).next_week).toBeNull();
    expect(stored(later)).toBe(before);
  });
});
