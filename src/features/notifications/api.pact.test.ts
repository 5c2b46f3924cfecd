import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../api/baseQuery';
import {
  EXAMPLE_ACCESS,
  EXAMPLE_REFRESH,
  STATES,
  authorizedWith,
  createPact,
  storeAgainst,
} from '../../testing/pact/provider';
import { ACTION_REQUEST_STATES } from '../../testing/pact/states';
import { actionRequestsApi } from './api';

const { integer, string, eachLike, like, regex, timestamp, fromProviderState } = MatchersV3;

const ISO = "yyyy-MM-dd'T'HH:mm:ss.SSSX";
const person = { id: integer(3), name: string('Priya Nair'), login: string('pnair') };
const actionRequest = (status: string) => ({
  id: integer(1),
  kind: regex('^(propagation|delegation|escalation)$', 'escalation'),
  status: string(status),
  subject: {
    id: integer(1001),
    type: regex('^(risk|issue)$', 'risk'),
    title: string('Key developer may leave before the release'),
    level: regex('^(project|business_line|business_segment|account)$', 'project'),
    scope_name: string('Apollo Portal'),
  },
  target_level: regex('^(project|business_line|business_segment|account)$', 'account'),
  requested_by: person,
  recipient: person,
  comment: string('Needs a decision at the next level.'),
  created_at: timestamp(ISO, '2026-10-12T00:00:00.000Z'),
});
const decisionPath = () =>
  fromProviderState(
    '/api/risk-action-requests/${requestId}/decision/',
    '/api/risk-action-requests/1/decision/',
  );

describe('risk action request calls', () => {
  const pact = createPact();
  const store = (url: string) =>
    storeAgainst(url, { access: EXAMPLE_ACCESS, refresh: EXAMPLE_REFRESH });

  it("GET /api/risk-action-requests/?status=pending lists the user's pending requests", () =>
    pact
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a request for the pending risk action requests')
      .withRequest('GET', '/api/risk-action-requests/', (builder) =>
        builder.headers(authorizedWith()).query({ status: 'pending', page: '1', page_size: '20' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          count: integer(3),
          next: null,
          previous: null,
          results: eachLike({ ...actionRequest('pending'), decided_at: null }),
        }),
      )
      .executeTest(async (mock) => {
        const page = await store(mock.url)
          .dispatch(
            actionRequestsApi.endpoints.getActionRequests.initiate({
              status: 'pending',
              page: 1,
              page_size: 20,
            }),
          )
          .unwrap();
        expect(page.results[0]?.status).toBe('pending');
      }));

  it('POST /api/risk-action-requests/{id}/decision/ accepts a pending request', () =>
    pact
      .addInteraction()
      .given(ACTION_REQUEST_STATES.pending)
      .uponReceiving('an acceptance of a pending risk action request')
      .withRequest('POST', decisionPath(), (builder) =>
        builder.headers(authorizedWith()).jsonBody({ decision: 'accepted' }),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody(
          like({
            ...actionRequest('accepted'),
            id: fromProviderState('${requestId}', 1),
            decided_at: timestamp(ISO, '2026-11-22T10:00:00.000Z'),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const decided = await store(mock.url)
          .dispatch(
            actionRequestsApi.endpoints.decideActionRequest.initiate({
              id: 1,
              decision: 'accepted',
            }),
          )
          .unwrap();
        expect(decided.status).toBe('accepted');
      }));

  it('POST …/decision/ on a decided request answers 400 with non_field_errors', () =>
    pact
      .addInteraction()
      .given(ACTION_REQUEST_STATES.decided)
      .uponReceiving('a decision on a risk action request already decided')
      .withRequest('POST', decisionPath(), (builder) =>
        builder.headers(authorizedWith()).jsonBody({ decision: 'accepted' }),
      )
      .willRespondWith(400, (builder) =>
        builder.jsonBody({ non_field_errors: eachLike('This request was already rejected.') }),
      )
      .executeTest(async (mock) => {
        const result = await store(mock.url).dispatch(
          actionRequestsApi.endpoints.decideActionRequest.initiate({
            id: 1,
            decision: 'accepted',
          }),
        );
        expect((result.error as ApiError).status).toBe(400);
      }));
});
