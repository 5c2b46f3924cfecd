import request from 'supertest';
import type { HistoryEntry, Risk, RiskCreateRequest } from '../../src/api/contract/risks';
import type { SignedIn } from '../testing/signIn';

/** Helpers of the risk tests (mock-server/risk*.test.ts). */

/** A complete, valid project risk for project 1. */
export const NEW_RISK: RiskCreateRequest = {
  kind: 'risk',
  level: 'project',
  scope_id: 1,
  statement: 'Release window may clash with the client freeze',
  description: '',
  category: 'delivery',
  probability: 'high',
  impact: 'moderate',
  priority: null,
  severity: null,
  response_strategy: 'mitigate',
  due_date: '2027-01-15',
  labels: ['release'],
  visibility_tags: ['steering'],
  informed_ids: [2],
  poll_id: 1,
};

export const getRisk = async ({ app, auth }: SignedIn, id: number) =>
  (await request(app).get(`/api/risks/${id}/`).set(auth)).body as Risk;

export const getHistory = async ({ app, auth }: SignedIn, id: number) =>
  (await request(app).get(`/api/risks/${id}/history/`).set(auth)).body as HistoryEntry[];

/** An unsafe call with the JWT and CSRF headers. */
export const post = (user: SignedIn, path: string, body: object = {}) =>
  request(user.app).post(path).set(user.headers).send(body);

/** The whole stored state, to prove a refused call changed nothing. */
export const snapshot = (user: SignedIn) => JSON.stringify(user.app.mock.db.getState());
