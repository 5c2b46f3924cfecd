import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { dateTime, nonFieldErrors, pageLike } from '../../testing/pact/drfShapes';
import { statePath } from '../../testing/pact/inject';
import { dataFrom, errorFrom, interactionsOf } from '../../testing/pact/interactions';
import { createPact } from '../../testing/pact/provider';
import { ACTION_REQUEST_STATES } from '../../testing/pact/states';
import { actionRequestsApi } from './api';

const { integer, string, like, regex, fromProviderState } = MatchersV3;

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
  created_at: dateTime('2026-10-12T00:00:00.000Z'),
});
const decisionPath = () =>
  statePath('/api/risk-action-requests/${requestId}/decision/', { requestId: 1 });

describe('risk action request calls', () => {
  const interaction = interactionsOf(createPact());
  const { decideActionRequest } = actionRequestsApi.endpoints;
  const acceptance = { id: 1, decision: 'accepted' } as const;

  it("GET /api/risk-action-requests/?status=pending lists the user's pending requests", () =>
    interaction(ACTION_REQUEST_STATES.pending, 'a request for the pending risk action requests')
      .get('/api/risk-action-requests/', { status: 'pending', page: '1', page_size: '20' })
      .willRespondWith(200, (b) =>
        b.jsonBody(pageLike({ ...actionRequest('pending'), decided_at: null }, 1)),
      )
      .executeTest(async (mock) => {
        const page = await dataFrom(mock, actionRequestsApi.endpoints.getActionRequests, {
          status: 'pending',
          page: 1,
          page_size: 20,
        });
        expect(page.results[0]?.status).toBe('pending');
      }));

  it('POST /api/risk-action-requests/{id}/decision/ accepts a pending request', () =>
    interaction(ACTION_REQUEST_STATES.pending, 'an acceptance of a pending risk action request')
      .post(decisionPath(), { decision: 'accepted' })
      .willRespondWith(200, (b) =>
        b.jsonBody(
          like({
            ...actionRequest('accepted'),
            id: fromProviderState('${requestId}', 1),
            decided_at: dateTime('2026-11-22T10:00:00.000Z'),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const decided = await dataFrom(mock, decideActionRequest, acceptance);
        expect(decided.status).toBe('accepted');
      }));

  it('POST …/decision/ on a decided request answers 400 with non_field_errors', () =>
    interaction(
      ACTION_REQUEST_STATES.decided,
      'a decision on a risk action request already decided',
    )
      .post(decisionPath(), { decision: 'accepted' })
      .willRespondWith(400, (b) => b.jsonBody(nonFieldErrors('This request was already rejected.')))
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, decideActionRequest, acceptance))?.status).toBe(400);
      }));
});
