import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { APPROVAL_KINDS } from '../../api/contract/approvals';
import { date, dateTime, drfDetail, fieldErrors } from '../../testing/pact/drfShapes';
import { stateText } from '../../testing/pact/inject';
import { dataFrom, errorFrom, interactionsOf } from '../../testing/pact/interactions';
import { oneOf, personShape } from '../../testing/pact/pollShapes';
import { createPact } from '../../testing/pact/provider';
import { APPROVAL_STATES } from '../../testing/pact/states';
import { waitingApprovalsApi } from './api';

const { eachLike, integer, string } = MatchersV3;
const api = waitingApprovalsApi.endpoints;

/** The example values the consumer calls with; the pact takes them from the provider state. */
const EXAMPLE = { projectId: 1, requestSearch: 'validate' };
const WAITING = '/api/approvals/';

/** A request waiting on the caller, with its project; never reminded in the state. */
const waitingShape = (kind: unknown = oneOf(APPROVAL_KINDS, 'profile_validation')) => ({
  id: integer(2),
  project: { id: integer(1), name: string('Handmade Ball panel'), code: string('HBP-0001') },
  kind,
  subject: string('Validate the project profile for the Q4 2026 review'),
  origin: oneOf(['project', 'external'], 'external'),
  requester: personShape(5, 'Omar Haddad', 'ohaddad'),
  raised_at: dateTime('2026-11-18T09:00:00.000Z'),
  due_by: date('2026-11-26'),
  comment: string(''),
  last_reminded_at: null,
});

describe('approvals waiting across projects (GET /api/approvals/)', () => {
  const interaction = interactionsOf(createPact());

  it('GET /api/approvals/ lists the requests waiting on the caller, each with its project', () =>
    interaction(
      APPROVAL_STATES.waitingAcross,
      'a request for the approvals waiting on a project manager across projects',
    )
      .get(WAITING)
      .willRespondWith(200, (b) => b.jsonBody(eachLike(waitingShape())))
      .executeTest(async (mock) => {
        const rows = await dataFrom(mock, api.getWaitingApprovals, {});
        expect(rows.length).toBeGreaterThan(0);
        expect(rows[0]?.project.name).toBeTruthy();
        expect(rows[0]?.last_reminded_at).toBeNull();
      }));

  it('GET /api/approvals/?project=&kind=&due=&search= filters them', () =>
    interaction(
      APPROVAL_STATES.waitingAcross,
      'a request for the overdue profile validations waiting on a project manager in one project',
    )
      .get(WAITING, {
        project: stateText('projectId', EXAMPLE.projectId),
        kind: 'profile_validation',
        due: 'overdue',
        search: stateText('requestSearch', EXAMPLE.requestSearch),
      })
      .willRespondWith(200, (b) => b.jsonBody(eachLike(waitingShape('profile_validation'))))
      .executeTest(async (mock) => {
        const rows = await dataFrom(mock, api.getWaitingApprovals, {
          project: EXAMPLE.projectId,
          kind: 'profile_validation',
          due: 'overdue',
          search: EXAMPLE.requestSearch,
        });
        expect(rows.every((row) => row.kind === 'profile_validation')).toBe(true);
      }));

  it('GET /api/approvals/ with bad filter values answers 400 by field', () =>
    interaction(
      APPROVAL_STATES.waitingAcross,
      'a request for the approvals waiting on a project manager with an unknown kind and due filter',
    )
      .get(WAITING, { kind: 'holiday', due: 'later' })
      .willRespondWith(400, (b) =>
        b.jsonBody(
          fieldErrors({
            kind: 'Select a valid choice. holiday is not one of the available choices.',
            due: 'Select a valid choice. later is not one of the available choices.',
          }),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, api.getWaitingApprovals, {
          // What a hand-edited address could send: the SPA reads only known values.
          kind: 'holiday' as never,
          due: 'later' as never,
        });
        expect(error?.status).toBe(400);
      }));

  it('GET /api/approvals/ without CAN_VIEW_PROJECT_CARD answers 403 naming it', () =>
    interaction(
      APPROVAL_STATES.withoutCard,
      'a request for the approvals waiting across projects by someone who may not view cards',
    )
      .get(WAITING)
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail('You do not have permission to perform this action (CAN_VIEW_PROJECT_CARD).'),
        ),
      )
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, api.getWaitingApprovals, {}))?.status).toBe(403);
      }));
});
