import request from 'supertest';
import type { HistoryEntry, Risk, RiskCreateRequest } from '../../../src/api/contract/risks';
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
