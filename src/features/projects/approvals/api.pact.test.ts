import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  APPROVAL_EVENTS,
  APPROVAL_KINDS,
  APPROVAL_MESSAGES,
  APPROVAL_STATES as STATES,
} from '../../../api/contract/approvals';
import { drfDetail, fieldErrors, nonFieldErrors } from '../../../testing/pact/drfShapes';
import { dataFrom, errorFrom, interactionsOf } from '../../../testing/pact/interactions';
import { dateMatcher, oneOf, personShape, timeMatcher } from '../../../testing/pact/pollShapes';
import { createPact } from '../../../testing/pact/provider';
import { APPROVAL_STATES } from '../../../testing/pact/states';
import { approvalsApi } from './api';

const { arrayContaining, eachLike, integer, string, regex, fromProviderState } = MatchersV3;

const OMAR = personShape(5, 'Omar Haddad', 'ohaddad');
const PRIYA = personShape(2, 'Priya Nair', 'pnair');

const eventShape = (by = PRIYA) => ({
  event: oneOf(APPROVAL_EVENTS, 'raised'),
  at: timeMatcher('2026-11-10T09:00:00.000Z'),
  by,
  comment: string(''),
});

const requestShape = (
  state: string,
  decision: unknown,
  history: unknown = eachLike(eventShape()),
  lastReminded: unknown = timeMatcher('2026-11-20T09:00:00.000Z'),
) => ({
  id: integer(1),
  kind: oneOf(APPROVAL_KINDS, 'kpi_exclusion'),
  subject: string('Exclude November 2026 from the on-time delivery KPI'),
  origin: oneOf(['project', 'external'], 'project'),
  requester: PRIYA,
  approver: OMAR,
  state: oneOf(STATES, state),
  raised_at: timeMatcher('2026-11-10T09:00:00.000Z'),
  due_by: dateMatcher('2026-12-03'),
  comment: string('The client froze releases.'),
  decision,
  history,
  last_reminded_at: lastReminded,
});

const decisionShape = (outcome: 'approved' | 'rejected', comment: string) => ({
  outcome,
  comment: string(comment),
  decided_at: timeMatcher('2026-09-05T14:00:00.000Z'),
  decided_by: OMAR,
});

const listPath = () =>
  fromProviderState('/api/projects/${projectId}/approvals/', '/api/projects/1/approvals/');
const actionPath = (id: 'pendingId' | 'decidedId', action: string, example: number) =>
  fromProviderState(
    `/api/projects/\${projectId}/approvals/\${${id}}/${action}/`,
    `/api/projects/1/approvals/${example}/${action}/`,
  );

const fresh = {
  kind: 'scope_change',
  subject: 'Add a second release train',
  approver_id: 5,
  due_by: '2099-12-31',
  comment: 'Asked by the client.',
} as const;
const PENDING = { projectId: 1, requestId: 1 };
const DECIDED = { projectId: 1, requestId: 4 };
const REJECT = { decision: 'reject', comment: 'The freeze was agreed in the SOW.' } as const;

describe('approval calls', () => {
  const interaction = interactionsOf(createPact());
  const endpoints = approvalsApi.endpoints;

  it('GET /api/projects/{id}/approvals/ lists pending and decided requests', () =>
    interaction(APPROVAL_STATES.qcl, 'a request for the approvals of a project')
      .get(listPath())
      .willRespondWith(200, (b) =>
        b.jsonBody(
          arrayContaining(
            requestShape('pending', null),
            requestShape(
              'approved',
              decisionShape('approved', 'Approved: plan the extra checks.'),
              eachLike(eventShape()),
              null,
            ),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const rows = await dataFrom(mock, endpoints.getApprovals, 1);
        expect(rows.some((row) => row.decision === null)).toBe(true);
      }));

  it('POST …/approvals/ raises a pending request', () =>
    interaction(APPROVAL_STATES.admin, 'a new approval request')
      .post(listPath(), fresh)
      .willRespondWith(201, (b) =>
        b.jsonBody({
          ...requestShape(
            'pending',
            null,
            eachLike(eventShape(personShape(1, 'Alex Morgan', 'amorgan'))),
            null,
          ),
          kind: 'scope_change',
          subject: fresh.subject,
          requester: personShape(1, 'Alex Morgan', 'amorgan'),
          state: 'pending',
          due_by: fresh.due_by,
          comment: fresh.comment,
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.raiseApproval, { projectId: 1, request: fresh });
        expect(row.state).toBe('pending');
      }));

  it('POST …/approvals/ without CAN_EDIT_PROJECT_CARD answers 403 naming it', () =>
    interaction(APPROVAL_STATES.pm, 'a new approval request from a user who may not edit the card')
      .post(listPath(), fresh)
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail('You do not have permission to perform this action (CAN_EDIT_PROJECT_CARD).'),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.raiseApproval, {
          projectId: 1,
          request: fresh,
        });
        expect(error?.status).toBe(403);
      }));

  it('POST …/approvals/ with a blank subject naming oneself answers 400 by field', () =>
    interaction(APPROVAL_STATES.admin, 'a new approval request with a blank subject and oneself')
      .post(listPath(), { ...fresh, subject: ' ', approver_id: 1 })
      .willRespondWith(400, (b) =>
        b.jsonBody(
          fieldErrors({
            subject: 'This field may not be blank.',
            approver_id: APPROVAL_MESSAGES.selfApproval,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.raiseApproval, {
          projectId: 1,
          request: { ...fresh, subject: ' ', approver_id: 1 },
        });
        expect(error?.status).toBe(400);
      }));

  it('POST …/decision/ by the approver rejects with a comment', () =>
    interaction(APPROVAL_STATES.qcl, 'the approver rejects a pending request')
      .post(actionPath('pendingId', 'decision', 1), REJECT)
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...requestShape('rejected', decisionShape('rejected', REJECT.comment)),
          id: fromProviderState('${pendingId}', 1),
          state: 'rejected',
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.decideApproval, {
          ...PENDING,
          decision: REJECT,
        });
        expect(row.decision?.outcome).toBe('rejected');
      }));

  it('POST …/decision/ rejecting without a comment answers 400 on comment', () =>
    interaction(APPROVAL_STATES.qcl, 'the approver rejects a pending request without a comment')
      .post(actionPath('pendingId', 'decision', 1), { decision: 'reject', comment: '' })
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ comment: APPROVAL_MESSAGES.rejectComment })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.decideApproval, {
          ...PENDING,
          decision: { decision: 'reject', comment: '' },
        });
        expect(error?.status).toBe(400);
      }));

  it('POST …/decision/ by anyone but the approver answers 403', () =>
    interaction(APPROVAL_STATES.admin, 'someone other than the approver decides a request')
      .post(actionPath('pendingId', 'decision', 1), { decision: 'approve', comment: '' })
      .willRespondWith(403, (b) => b.jsonBody(drfDetail(APPROVAL_MESSAGES.onlyApprover)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.decideApproval, {
          ...PENDING,
          decision: { decision: 'approve', comment: '' },
        });
        expect(error?.status).toBe(403);
      }));

  it('POST …/decision/ on a decided request answers 400 non_field_errors', () =>
    interaction(APPROVAL_STATES.qcl, 'the approver decides a request already decided')
      .post(actionPath('decidedId', 'decision', 4), { decision: 'approve', comment: '' })
      .willRespondWith(400, (b) => b.jsonBody(nonFieldErrors(APPROVAL_MESSAGES.decided)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.decideApproval, {
          ...DECIDED,
          decision: { decision: 'approve', comment: '' },
        });
        expect(error?.status).toBe(400);
      }));

  it('POST …/withdraw/ by the requester withdraws a pending request', () =>
    interaction(APPROVAL_STATES.pm, 'the requester withdraws a pending request')
      .post(actionPath('pendingId', 'withdraw', 1), {})
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...requestShape('withdrawn', null),
          id: fromProviderState('${pendingId}', 1),
          state: 'withdrawn',
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.withdrawApproval, PENDING);
        expect(row.state).toBe('withdrawn');
      }));

  it('POST …/withdraw/ by anyone but the requester answers 403', () =>
    interaction(APPROVAL_STATES.qcl, 'someone other than the requester withdraws a request')
      .post(actionPath('pendingId', 'withdraw', 1), {})
      .willRespondWith(403, (b) => b.jsonBody(drfDetail(APPROVAL_MESSAGES.onlyRequester)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.withdrawApproval, PENDING);
        expect(error?.status).toBe(403);
      }));

  it('POST …/remind/ by the requester records "Reminder sent" and when', () =>
    interaction(APPROVAL_STATES.pm, 'the requester reminds the approver of a pending request')
      .post(actionPath('pendingId', 'remind', 1), {})
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...requestShape('pending', null),
          id: fromProviderState('${pendingId}', 1),
          state: 'pending',
          history: arrayContaining({ ...eventShape(), event: 'reminded' }),
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.remindApprover, PENDING);
        expect(row.last_reminded_at).not.toBeNull();
      }));

  it('POST …/remind/ within a day of the last answers 400 with its time', () =>
    interaction(
      APPROVAL_STATES.remindedNow,
      'the requester reminds the approver again the same day',
    )
      .post(actionPath('pendingId', 'remind', 1), {})
      .willRespondWith(400, (b) =>
        b.jsonBody({
          non_field_errors: [
            APPROVAL_MESSAGES.remindedRecently,
            regex(
              '^Last reminder: \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC\\.$',
              'Last reminder: 2026-11-26 09:00 UTC.',
            ),
          ],
        }),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.remindApprover, PENDING);
        expect(error?.status).toBe(400);
      }));

  it('POST …/remind/ by neither the requester nor a card editor answers 403 naming the rule', () =>
    interaction(APPROVAL_STATES.qcl, 'the approver reminds themself of a request')
      .post(actionPath('pendingId', 'remind', 1), {})
      .willRespondWith(403, (b) => b.jsonBody(drfDetail(APPROVAL_MESSAGES.onlyReminder)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.remindApprover, PENDING);
        expect(error?.status).toBe(403);
      }));

  it('POST …/remind/ on a decided request answers 400 non_field_errors', () =>
    interaction(APPROVAL_STATES.admin, 'a card editor reminds the approver of a decided request')
      .post(actionPath('decidedId', 'remind', 4), {})
      .willRespondWith(400, (b) => b.jsonBody(nonFieldErrors(APPROVAL_MESSAGES.decided)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.remindApprover, DECIDED);
        expect(error?.status).toBe(400);
      }));
});
