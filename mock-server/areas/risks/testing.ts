import request from 'supertest';
import type { Paginated } from '../../../src/api/contract/drf';
import type {
  HistoryEntry,
  Risk,
  RiskCreateRequest,
  RiskListItem,
} from '../../../src/api/contract/risks';
import { NEW_RISK as PACT_NEW_RISK } from '../../../src/testing/pact/requests';
import type { SignedIn } from '../../testing/signIn';

/** Helpers of the risk tests (mock-server/risk*.test.ts). */

/** The pact's new risk, without a description and raised from poll 1. */
export const NEW_RISK: RiskCreateRequest = { ...PACT_NEW_RISK, description: '', poll_id: 1 };

export const getRisk = async ({ app, auth }: SignedIn, id: number) =>
  (await request(app).get(`/api/risks/${id}/`).set(auth)).body as Risk;

export const getHistory = async ({ app, auth }: SignedIn, id: number) =>
  (await request(app).get(`/api/risks/${id}/history/`).set(auth)).body as HistoryEntry[];

/** An unsafe call with the JWT and CSRF headers. */
export const post = (user: SignedIn, path: string, body: object = {}) =>
  request(user.app).post(path).set(user.headers).send(body);

/** The whole stored state, to prove a refused call changed nothing. */
export const snapshot = (user: SignedIn) => JSON.stringify(user.app.mock.db.getState());

/** `GET /api/risks/` in one page of up to 10 000, with the query's filters. */
export const listRisks = async (
  { app, auth }: SignedIn,
  query: Record<string, string | number> = {},
) =>
  (
    await request(app)
      .get('/api/risks/')
      .query({ page_size: 10000, ...query })
      .set(auth)
  ).body as Paginated<RiskListItem>;
