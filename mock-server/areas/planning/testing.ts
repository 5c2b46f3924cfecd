import request from 'supertest';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { PlannerGrid } from '../../../src/api/contract/planner';
import { mutate } from '../../store/db';
import type { MockState } from '../../store/state';
import type { SignedIn } from '../../testing/signIn';

// What the planner's tests share: the seed's periods and people, the calls, the seed's clock.

/** The seed's periods: 2026 Q3 closed (its planner started), Q4 open, 2027 Q1 a draft. */
export const CLOSED = 1;
export const OPEN = 2;
export const DRAFT = 3;
export const Q4 = { name: '2026 Q4', start_date: '2026-10-01', end_date: '2026-12-31' };
export const EXPERT = 3;
export const MAIN_EXPERT = 4;

export const stateOf = (session: SignedIn) => session.app.mock.db.getState();
/** The stored plan and checks as JSON: a refused call must leave them byte for byte. */
export const stored = (session: SignedIn) => {
  const state = stateOf(session);
  return JSON.stringify([state.plannedChecks, state.plannerPeriods, state.polls.length]);
};
export const change = (session: SignedIn, edit: (state: MockState) => void) =>
  mutate(session.app.mock.db, edit);

export const grid = async ({ app, auth }: SignedIn) => {
  const res = await request(app).get('/api/planner/').set(auth);
  expect(res.status).toBe(200);
  return res.body as PlannerGrid;
};
export const send = (
  session: SignedIn,
  method: 'post' | 'patch' | 'delete',
  path: string,
  body?: unknown,
) => {
  const call = request(session.app)[method](path).set(session.headers);
  return body === undefined ? call : call.send(body as object);
};
export const plan = (session: SignedIn, body: unknown) =>
  send(session, 'post', '/api/planner/checks/', body);
export const bulk = (session: SignedIn, body: unknown) =>
  send(session, 'post', '/api/planner/checks/bulk/', body);
export const patch = (session: SignedIn, id: number, body: unknown) =>
  send(session, 'patch', `/api/planner/checks/${id}/`, body);
export const remove = (session: SignedIn, id: number) =>
  send(session, 'delete', `/api/planner/checks/${id}/`);
export const preview = (session: SignedIn, periodId: number) =>
  request(session.app).get(`/api/planner-periods/${periodId}/start/`).set(session.auth);
export const start = (session: SignedIn, periodId: number) =>
  send(session, 'post', `/api/planner-periods/${periodId}/start/`, {});

/** Projects by what the seed holds: closed ones, and active ones not planned in a period. */
export const closedProject = (session: SignedIn) => {
  const state = stateOf(session);
  const detail = state.projectDetails.find((candidate) => candidate.status === 'closed')!;
  return state.projects.find((project) => project.id === detail.project_id)!;
};
export const unplanned = (session: SignedIn, periodId: number, count: number) => {
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
export const plannedIn = (session: SignedIn, periodId: number) =>
  stateOf(session).plannedChecks.filter((check) => check.period_id === periodId);

export const healthCheck = (projectId: number) => ({
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

export const forbidden = (flag: string) => ({
  detail: `You do not have permission to perform this action (${flag}).`,
});

/** The seed's clock: November 20, 2026 (a Friday), noon UTC. Weeks up to November 9 are over. */
export function withSeedClock() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T12:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
