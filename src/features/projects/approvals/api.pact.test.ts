import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  APPROVAL_EVENTS,
  APPROVAL_KINDS,
  APPROVAL_MESSAGES,
  APPROVAL_STATES as STATES,
} from '../../../api/contract/approvals';
import {
  date,
  dateTime,
  drfDetail,
  fieldErrors,
  nonFieldErrors,
} from '../../../testing/pact/drfShapes';
import { stateId, statePath } from '../../../testing/pact/inject';
import { dataFrom, errorFrom, interactionsOf } from '../../../testing/pact/interactions';
import { oneOf, personShape } from '../../../testing/pact/pollShapes';
import { createPact } from '../../../testing/pact/provider';
import { APPROVAL_STATES } from '../../../testing/pact/states';
import { approvalsApi } from './api';

const { eachLike, integer, string } = MatchersV3;

/** The ids the consumer calls with; the pact takes them from the provider state. */
const EXAMPLE = { projectId: 1, pendingId: 1, decidedId: 4, approverId: 5, ownUserId: 1 };
const PERSON = () => personShape(2, 'Priya Nair', 'pnair');
const APPROVER = () => personShape(5, 'Omar Haddad', 'ohaddad');

const eventShape = {
  event: oneOf(APPROVAL_EVENTS, 'raised'),
  at: dateTime('2026-11-10T09:00:00.000Z'),
  by: PERSON(),
  comment: string(''),
};

/** What the caller may do with a request: the server's word, which each state decides. */
const may = (can_decide: boolean, can_withdraw: boolean, can_remind: boolean) => ({
  can_decide,
  can_withdraw,
  can_remind,
});
const NOTHING = may(false, false, false);
/** Its requester on a pending request: withdraw it, remind its approver. */
const REQUESTER = may(false, true, true);

/**
 * A request: pending and never decided unless the interaction says otherwise; the caller may do
 * nothing with it unless `allowed` says so.
 */
const requestShape = (state: unknown, allowed = NOTHING) => ({
  id: integer(EXAMPLE.pendingId),
  kind: oneOf(APPROVAL_KINDS, 'kpi_exclusion'),
  subject: string('Exclude November 2026 from the on-time delivery KPI'),
  origin: oneOf(['project', 'external'], 'project'),
  requester: PERSON(),
  approver: APPROVER(),
  state,
  raised_at: dateTime('2026-11-10T09:00:00.000Z'),
  due_by: date('2026-12-03'),
  comment: string('The client froze releases.'),
  decision: null as unknown,
  history: eachLike(eventShape),
  last_reminded_at: dateTime('2026-11-20T09:00:00.000Z') as unknown,
  ...allowed,
});

const decisionShape = (outcome: 'approved' | 'rejected', comment: unknown) => ({
  outcome,
  comment,
  decided_at: dateTime('2026-09-05T14:00:00.000Z'),
  decided_by: APPROVER(),
});

/** `/api/projects/${projectId}/approvals/…` with the ids the state names. */
const approvalsPath = () => statePath('/api/projects/${projectId}/approvals/', EXAMPLE);
const actionPath = (id: 'pendingId' | 'decidedId', action: string) =>
  statePath(`/api/projects/\${projectId}/approvals/\${${id}}/${action}/`, EXAMPLE);
const listedWith = (request: 'pending' | 'approved') => ({
  state: APPROVAL_STATES.listed,
  params: { request },
});

const fresh = {
  kind: 'scope_change',
  subject: 'Add a second release train',
  approver_id: EXAMPLE.approverId,
  due_by: '2099-12-31',
  comment: 'Asked by the client.',
} as const;
/** The request the state's approver is named in. */
const freshOfState = (change: Partial<typeof fresh> = {}) => ({
  ...fresh,
  ...change,
  approver_id: stateId('approverId', EXAMPLE.approverId),
});
const PENDING = { projectId: EXAMPLE.projectId, requestId: EXAMPLE.pendingId };
const DECIDED = { projectId: EXAMPLE.projectId, requestId: EXAMPLE.decidedId };
const REJECT = { decision: 'reject', comment: 'The freeze was agreed in the SOW.' } as const;

describe('approval calls', () => {
  const interaction = interactionsOf(createPact());
  const endpoints = approvalsApi.endpoints;

  it('GET /api/projects/{id}/approvals/ lists a pending request with its last reminder', () =>
    interaction(listedWith('pending'), 'a request for the approvals of a project')
      .get(approvalsPath())
      .willRespondWith(200, (b) =>
        b.jsonBody(eachLike(requestShape(oneOf(STATES, 'pending'), may(true, false, false)))),
      )
      .executeTest(async (mock) => {
        const rows = await dataFrom(mock, endpoints.getApprovals, EXAMPLE.projectId);
        expect(rows[0]?.decision).toBeNull();
        expect(rows[0]?.last_reminded_at).not.toBeNull();
        // qcl is its approver: qcl may decide it, neither withdraw it nor remind themself.
        expect(rows[0]).toMatchObject(may(true, false, false));
      }));

  it('GET /api/projects/{id}/approvals/ lists a decided request with its decision', () =>
    interaction(
      listedWith('approved'),
      'a request for the approvals of a project with a decided request',
    )
      .get(approvalsPath())
      .willRespondWith(200, (b) =>
        b.jsonBody(
          eachLike({
            ...requestShape(oneOf(STATES, 'approved')),
            decision: decisionShape('approved', string('Approved: plan the extra checks.')),
            last_reminded_at: null,
          }),
        ),
      )
      .executeTest(async (mock) => {
        const rows = await dataFrom(mock, endpoints.getApprovals, EXAMPLE.projectId);
        expect(rows[0]?.decision?.outcome).toBe('approved');
        expect(rows[0]?.last_reminded_at).toBeNull();
        expect(rows[0]).toMatchObject(NOTHING);
      }));

  it('POST …/approvals/ raises a pending request', () =>
    interaction(APPROVAL_STATES.cardEditor, 'a new approval request')
      .post(approvalsPath(), freshOfState())
      .willRespondWith(201, (b) =>
        b.jsonBody({
          ...requestShape('pending', REQUESTER),
          id: integer(85),
          kind: fresh.kind,
          subject: fresh.subject,
          origin: 'project',
          approver: { ...APPROVER(), id: stateId('approverId', EXAMPLE.approverId) },
          due_by: fresh.due_by,
          comment: fresh.comment,
          last_reminded_at: null,
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.raiseApproval, {
          projectId: EXAMPLE.projectId,
          request: fresh,
        });
        expect(row.state).toBe('pending');
        expect(row.approver.id).toBe(EXAMPLE.approverId);
        expect(row).toMatchObject(REQUESTER);
      }));

  it('POST …/approvals/ without CAN_EDIT_PROJECT_CARD answers 403 naming it', () =>
    interaction(
      APPROVAL_STATES.requester,
      'a new approval request from a user who may not edit the card',
    )
      .post(approvalsPath(), freshOfState())
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail('You do not have permission to perform this action (CAN_EDIT_PROJECT_CARD).'),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.raiseApproval, {
          projectId: EXAMPLE.projectId,
          request: fresh,
        });
        expect(error?.status).toBe(403);
      }));

  it('POST …/approvals/ with a blank subject naming oneself answers 400 by field', () =>
    interaction(
      APPROVAL_STATES.cardEditor,
      'a new approval request with a blank subject and oneself',
    )
      .post(approvalsPath(), {
        ...fresh,
        subject: ' ',
        approver_id: stateId('ownUserId', EXAMPLE.ownUserId),
      })
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
          projectId: EXAMPLE.projectId,
          request: { ...fresh, subject: ' ', approver_id: EXAMPLE.ownUserId },
        });
        expect(error?.status).toBe(400);
      }));

  it('POST …/decision/ by the approver rejects with a comment', () =>
    interaction(APPROVAL_STATES.approver, 'the approver rejects a pending request')
      .post(actionPath('pendingId', 'decision'), REJECT)
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...requestShape('rejected'),
          id: stateId('pendingId', EXAMPLE.pendingId),
          decision: decisionShape('rejected', REJECT.comment),
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.decideApproval, {
          ...PENDING,
          decision: REJECT,
        });
        expect(row.decision?.outcome).toBe('rejected');
        expect(row.decision?.comment).toBe(REJECT.comment);
        expect(row.can_decide).toBe(false);
      }));

  it('POST …/decision/ rejecting without a comment answers 400 on comment', () =>
    interaction(
      APPROVAL_STATES.approver,
      'the approver rejects a pending request without a comment',
    )
      .post(actionPath('pendingId', 'decision'), { decision: 'reject', comment: '' })
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
    interaction(APPROVAL_STATES.cardEditor, 'someone other than the approver decides a request')
      .post(actionPath('pendingId', 'decision'), { decision: 'approve', comment: '' })
      .willRespondWith(403, (b) => b.jsonBody(drfDetail(APPROVAL_MESSAGES.onlyApprover)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.decideApproval, {
          ...PENDING,
          decision: { decision: 'approve', comment: '' },
        });
        expect(error?.status).toBe(403);
      }));

  it('POST …/decision/ on a decided request answers 400 non_field_errors', () =>
    interaction(APPROVAL_STATES.approver, 'the approver decides a request already decided')
      .post(actionPath('decidedId', 'decision'), { decision: 'approve', comment: '' })
      .willRespondWith(400, (b) => b.jsonBody(nonFieldErrors(APPROVAL_MESSAGES.decided)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.decideApproval, {
          ...DECIDED,
          decision: { decision: 'approve', comment: '' },
        });
        expect(error?.status).toBe(400);
      }));

  it('POST …/withdraw/ by the requester withdraws a pending request', () =>
    interaction(APPROVAL_STATES.requester, 'the requester withdraws a pending request')
      .post(actionPath('pendingId', 'withdraw'), {})
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...requestShape('withdrawn'),
          id: stateId('pendingId', EXAMPLE.pendingId),
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.withdrawApproval, PENDING);
        expect(row.state).toBe('withdrawn');
        expect(row).toMatchObject(NOTHING);
      }));

  it('POST …/withdraw/ by anyone but the requester answers 403', () =>
    interaction(APPROVAL_STATES.approver, 'someone other than the requester withdraws a request')
      .post(actionPath('pendingId', 'withdraw'), {})
      .willRespondWith(403, (b) => b.jsonBody(drfDetail(APPROVAL_MESSAGES.onlyRequester)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.withdrawApproval, PENDING);
        expect(error?.status).toBe(403);
      }));

  it('POST …/remind/ by the requester records "Reminder sent" and when', () =>
    interaction(
      APPROVAL_STATES.requester,
      'the requester reminds the approver of a pending request',
    )
      .post(actionPath('pendingId', 'remind'), {})
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...requestShape('pending', REQUESTER),
          id: stateId('pendingId', EXAMPLE.pendingId),
          history: eachLike({ ...eventShape, event: oneOf(APPROVAL_EVENTS, 'reminded') }),
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.remindApprover, PENDING);
        expect(row.last_reminded_at).not.toBeNull();
        expect(row.can_remind).toBe(true);
      }));

  it('POST …/remind/ within a day of the last answers 400 with its time', () =>
    interaction(
      APPROVAL_STATES.remindedNow,
      'the requester reminds the approver again the same day',
    )
      .post(actionPath('pendingId', 'remind'), {})
      .willRespondWith(400, (b) =>
        b.jsonBody({
          non_field_errors: [
            string(APPROVAL_MESSAGES.remindedRecently),
            string('Last reminder: 2026-11-26 09:00 UTC.'),
          ],
        }),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.remindApprover, PENDING);
        expect(error?.status).toBe(400);
      }));

  it('POST …/remind/ by neither the requester nor a card editor answers 403 naming the rule', () =>
    interaction(APPROVAL_STATES.approver, 'the approver reminds themself of a request')
      .post(actionPath('pendingId', 'remind'), {})
      .willRespondWith(403, (b) => b.jsonBody(drfDetail(APPROVAL_MESSAGES.onlyReminder)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.remindApprover, PENDING);
        expect(error?.status).toBe(403);
      }));

  it('POST …/remind/ on a decided request answers 400 non_field_errors', () =>
    interaction(
      APPROVAL_STATES.cardEditor,
      'a card editor reminds the approver of a decided request',
    )
      .post(actionPath('decidedId', 'remind'), {})
      .willRespondWith(400, (b) => b.jsonBody(nonFieldErrors(APPROVAL_MESSAGES.decided)))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.remindApprover, DECIDED);
        expect(error?.status).toBe(400);
      }));
});
