import request from 'supertest';
import type { Paginated } from '../../../src/api/contract/drf';
import type {
  HistoryEntry,
  Risk,
  RiskCreateRequest,
  RiskListItem,
} from '../../../src/api/contract/risks';
import { RISK_PAGE_SIZE_MAX } from '../../../src/api/contract/risks';
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

/**
 * `GET /api/risks/` with the query's filters, every page of it (RISK_PAGE_SIZE_MAX rows a page)
 * gathered in one answer.
 */
export async function listRisks(
  { app, auth }: SignedIn,
  query: Record<string, string | number> = {},
): Promise<Paginated<RiskListItem>> {
  const results: RiskListItem[] = [];
  for (let page = 1; ; page += 1) {
    const res = await request(app)
      .get('/api/risks/')
      .query({ page_size: RISK_PAGE_SIZE_MAX, ...query, page })
      .set(auth);
    if (res.status !== 200) throw new Error(`GET /api/risks/ answered ${res.status}`);
    const body = res.body as Paginated<RiskListItem>;
    results.push(...body.results);
    if (!body.next) return { count: body.count, next: null, previous: null, results };
  }
}
