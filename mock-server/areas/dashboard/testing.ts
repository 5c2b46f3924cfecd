import request from 'supertest';
import { expect } from 'vitest';
import type { DashboardResponse, ScoreExplanation } from '../../../src/api/contract/dashboard';
import type { MockState } from '../../store/state';
import type { SignedIn } from '../../testing/signIn';
import { today as todayOnServer } from '../../lib/clock';

/** What the dashboard's tests share: the seed's accounts, the calls, a hand count of the scores. */

/** Account A: the account of canonical projects 1 (and 19, 47…), owned by account_owner. */
export const ACCOUNT_A = 18;
/** Account B: the account of canonical project 2, owned by account_owner. */
export const ACCOUNT_B = 40;
/** The account of project 10, whose approved audit 10 has open findings. */
export const AUDITED = 27;

export async function get<Body>(user: SignedIn, path: string, query: Record<string, string> = {}) {
  const res = await request(user.app).get(path).query(query).set(user.auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Body;
}
export const dashboard = (user: SignedIn, query: Record<string, string> = {}) =>
  get<DashboardResponse>(user, '/api/dashboard/', query);
export const explanation = (user: SignedIn, id: number, kind: 'riskiness' | 'issueness') =>
  get<ScoreExplanation>(user, `/api/dashboard/accounts/${id}/${kind}/`);
export const recordActual = (user: SignedIn, id: number, body: unknown) =>
  request(user.app)
    .post(`/api/dashboard/accounts/${id}/actual-riskiness/`)
    .set(user.headers)
    .send(body as object);

/**
 * The scores counted by hand from the stored records, as the contract's header words them,
 * without the mock's model: a second reading of the same definition.
 */
export function handCount(state: MockState, accountId: number) {
  const today = todayOnServer();
  const rating = { low: 1, moderate: 2, high: 3 } as const;
  const grade = { low: 1, moderate: 2, high: 3, critical: 4 } as const;
  const projects = state.projects.filter((p) => p.account_id === accountId).map((p) => p.id);
  const open = state.risks.filter(
    (risk) =>
      risk.status === 'open' &&
      ((risk.level === 'account' && risk.scope.id === accountId) ||
        (risk.level === 'project' && projects.includes(risk.scope.id))),
  );
  let riskiness = 0;
  let issueness = 0;
  for (const risk of open) {
    if (risk.kind === 'risk') riskiness += rating[risk.probability!] * rating[risk.impact!];
    else issueness += grade[risk.priority!] * grade[risk.severity!];
  }
  const issueIds = open.filter((risk) => risk.kind === 'issue').map((risk) => risk.id);
  const overdue = state.riskActionItems.filter(
    (item) =>
      issueIds.includes(item.risk_id) && !item.done && item.due_date && item.due_date < today,
  );
  issueness += 3 * overdue.length;
  let findings = 0;
  for (const projectId of projects) {
    const audits = state.polls
      .filter(
        (poll) =>
          poll.project_id === projectId &&
          poll.type === 'audit_check' &&
          (poll.status === 'finished' || poll.status === 'review_completed'),
      )
      .sort((a, b) => b.due_date.localeCompare(a.due_date));
    if (!audits[0]) continue;
    for (const outcome of state.outcomes)
      if (outcome.poll_id === audits[0].id && outcome.done_at === null)
        findings += { major: 4, minor: 2, observation: 0 }[outcome.severity];
  }
  return { riskiness: riskiness + findings, issueness, findings };
}
