import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { COMMITMENT_STATES as STATE_NAMES } from '../../../api/contract/commitments';
import { drfDetail, fieldErrors, nonFieldErrors, notFound } from '../../../testing/pact/drfShapes';
import { stateId, statePath } from '../../../testing/pact/inject';
import { dataFrom, errorFrom, interactionsOf } from '../../../testing/pact/interactions';
import { dateMatcher, oneOf, personShape, timeMatcher } from '../../../testing/pact/pollShapes';
import { createPact } from '../../../testing/pact/provider';
import { COMMITMENT_STATES } from '../../../testing/pact/states';
import { commitmentsApi } from './api';

const { arrayContaining, boolean, integer, string } = MatchersV3;

const commitmentShape = (state: string, suggestedBy: unknown = null) => ({
  id: integer(1),
  title: string('Encrypt the backups of the project databases'),
  description: string('AES-256 at rest.'),
  owner: personShape(2, 'Priya Nair', 'pnair'),
  due_date: dateMatcher('2026-12-20'),
  state: state === 'any' ? oneOf(STATE_NAMES, 'open') : state,
  overdue: boolean(false),
  suggested_by: suggestedBy,
  created_at: timeMatcher('2026-10-02T09:00:00.000Z'),
  updated_at: timeMatcher('2026-10-02T09:00:00.000Z'),
});

const listPath = () => statePath('/api/projects/${projectId}/commitments/', { projectId: 1 });
/** A commitment of the state's project: the one it returns as `name`. */
const onePath = (
  name: 'commitmentId' | 'suggestionId' | 'pmSuggestionId' | 'missingCommitmentId',
  suffix = '',
) =>
  statePath(`/api/projects/\${projectId}/commitments/\${${name}}/${suffix}`, {
    projectId: 1,
    [name]: 4,
  });

const fresh = {
  title: 'Run a penetration test before go-live',
  description: '',
  owner_id: 3,
  due_date: '2027-03-31',
} as const;
/** A new commitment's body, owned by the user the state names (or one it says does not exist). */
const freshOf = (change: { title?: string; state: string }, owner = 'ownerId') => ({
  ...fresh,
  ...change,
  owner_id: stateId(owner, fresh.owner_id),
});
/** Erik Lindqvist, the owner the bodies name, as the state returns him. */
const owner = () => ({
  ...personShape(3, 'Erik Lindqvist', 'elindqvist'),
  id: stateId('ownerId', 3),
});
const ONE = { projectId: 1, commitmentId: 4 };

describe('security commitment calls', () => {
  const interaction = interactionsOf(createPact());
  const endpoints = commitmentsApi.endpoints;

  it('GET /api/projects/{id}/commitments/ lists commitments and suggestions', () =>
    interaction(COMMITMENT_STATES.admin, 'a request for the security commitments of a project')
      .get(listPath())
      .willRespondWith(200, (b) =>
        b.jsonBody(
          arrayContaining(
            commitmentShape('open'),
            commitmentShape('suggested', personShape(5, 'Omar Haddad', 'ohaddad')),
          ),
        ),
      )
      .executeTest(async (mock) => {
        const rows = await dataFrom(mock, endpoints.getCommitments, 1);
        expect(rows.some((row) => row.state === 'suggested')).toBe(true);
      }));

  it('POST …/commitments/ adds an open commitment', () =>
    interaction(COMMITMENT_STATES.admin, 'a new security commitment')
      .post(listPath(), freshOf({ state: 'open' }))
      .willRespondWith(201, (b) =>
        b.jsonBody({ ...commitmentShape('open'), title: fresh.title, owner: owner() }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.addCommitment, {
          projectId: 1,
          commitment: { ...fresh, state: 'open' },
        });
        expect(row.state).toBe('open');
      }));

  it('POST …/commitments/ in state suggested is a suggestion (CAN_SUGGEST_COMMITMENTS)', () =>
    interaction(COMMITMENT_STATES.qcl, 'a suggested security commitment')
      .post(listPath(), freshOf({ state: 'suggested' }))
      .willRespondWith(201, (b) =>
        b.jsonBody({
          ...commitmentShape('suggested', personShape(5, 'Omar Haddad', 'ohaddad')),
          owner: owner(),
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.addCommitment, {
          projectId: 1,
          commitment: { ...fresh, state: 'suggested' },
        });
        expect(row.suggested_by?.id).toBe(5);
      }));

  it('POST …/commitments/ to add, without CAN_EDIT_COMMITMENTS, answers 403 naming it', () =>
    interaction(COMMITMENT_STATES.qcl, 'a new security commitment from a user who may only suggest')
      .post(listPath(), freshOf({ state: 'open' }))
      .willRespondWith(403, (b) =>
        b.jsonBody(
          drfDetail('You do not have permission to perform this action (CAN_EDIT_COMMITMENTS).'),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.addCommitment, {
          projectId: 1,
          commitment: { ...fresh, state: 'open' },
        });
        expect(error?.status).toBe(403);
      }));

  it('POST …/commitments/ with a blank title and an unknown owner answers 400 by field', () =>
    interaction(COMMITMENT_STATES.admin, 'a new security commitment with a blank title')
      .post(listPath(), freshOf({ title: ' ', state: 'open' }, 'missingOwnerId'))
      .willRespondWith(400, (b) =>
        b.jsonBody(
          fieldErrors({
            title: 'This field may not be blank.',
            owner_id: 'Invalid pk "999999" - object does not exist.',
          }),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.addCommitment, {
          projectId: 1,
          commitment: { ...fresh, title: ' ', owner_id: 999999, state: 'open' },
        });
        expect(error?.status).toBe(400);
      }));

  it('PATCH …/commitments/{cid}/ changes a commitment', () =>
    interaction(COMMITMENT_STATES.admin, 'a security commitment changed')
      .patch(onePath('commitmentId'), freshOf({ state: 'in_progress' }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...commitmentShape('in_progress'),
          id: stateId('commitmentId', 4),
          title: fresh.title,
          owner: owner(),
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.updateCommitment, {
          ...ONE,
          patch: { ...fresh, state: 'in_progress' },
        });
        expect(row.state).toBe('in_progress');
      }));

  it('PATCH …/commitments/{cid}/ moves the state from the row menu', () =>
    interaction(COMMITMENT_STATES.admin, 'a security commitment marked done')
      .patch(onePath('commitmentId'), { state: 'done' })
      .willRespondWith(200, (b) =>
        b.jsonBody({ ...commitmentShape('done'), id: stateId('commitmentId', 4) }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.moveCommitment, { ...ONE, state: 'done' });
        expect(row.state).toBe('done');
      }));

  it("PATCH …/{cid}/ of a suggestion's state answers 400 on the state", () =>
    interaction(COMMITMENT_STATES.admin, 'a suggestion moved to open by an editor')
      .patch(onePath('pmSuggestionId'), { state: 'open' })
      .willRespondWith(400, (b) =>
        b.jsonBody(
          fieldErrors({
            state: 'A suggestion keeps its state until its owner accepts or declines it.',
          }),
        ),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.moveCommitment, { ...ONE, state: 'open' });
        expect(error?.status).toBe(400);
      }));

  it('DELETE …/commitments/{cid}/ answers 204', () =>
    interaction(COMMITMENT_STATES.admin, 'a security commitment deleted')
      .delete(onePath('commitmentId'))
      .willRespondWith(204)
      .executeTest(async (mock) => {
        expect(await errorFrom(mock, endpoints.deleteCommitment, ONE)).toBeUndefined();
      }));

  it('DELETE …/commitments/{cid}/ of an unknown commitment answers 404', () =>
    interaction(COMMITMENT_STATES.admin, 'a security commitment the project does not have deleted')
      .delete(onePath('missingCommitmentId'))
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.deleteCommitment, {
          projectId: 1,
          commitmentId: 999999,
        });
        expect(error?.status).toBe(404);
      }));

  it('POST …/{cid}/accept/ by the owner opens the suggestion', () =>
    interaction(COMMITMENT_STATES.admin, 'a suggestion accepted by its owner')
      .post(onePath('suggestionId', 'accept/'), {})
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...commitmentShape('open', personShape(5, 'Omar Haddad', 'ohaddad')),
          id: stateId('suggestionId', 4),
          owner: personShape(1, 'Alex Morgan', 'amorgan'),
        }),
      )
      .executeTest(async (mock) => {
        const row = await dataFrom(mock, endpoints.acceptCommitment, ONE);
        expect(row.state).toBe('open');
      }));

  it('POST …/{cid}/accept/ by anyone but the owner answers 403', () =>
    interaction(COMMITMENT_STATES.admin, 'a suggestion accepted by someone who does not own it')
      .post(onePath('pmSuggestionId', 'accept/'), {})
      .willRespondWith(403, (b) =>
        b.jsonBody(drfDetail('Only the owner of this commitment can accept or decline it.')),
      )
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, endpoints.acceptCommitment, ONE))?.status).toBe(403);
      }));

  it('POST …/{cid}/accept/ of a commitment that is no suggestion answers 400', () =>
    interaction(COMMITMENT_STATES.pm, 'an open commitment accepted by its owner')
      .post(onePath('commitmentId', 'accept/'), {})
      .willRespondWith(400, (b) =>
        b.jsonBody(nonFieldErrors('This commitment is not a suggestion waiting for an answer.')),
      )
      .executeTest(async (mock) => {
        expect((await errorFrom(mock, endpoints.acceptCommitment, ONE))?.status).toBe(400);
      }));

  it('POST …/{cid}/decline/ by the owner, with a reason, answers 204', () =>
    interaction(COMMITMENT_STATES.admin, 'a suggestion declined by its owner')
      .post(onePath('suggestionId', 'decline/'), { reason: 'The client runs this control.' })
      .willRespondWith(204)
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.declineCommitment, {
          ...ONE,
          reason: 'The client runs this control.',
        });
        expect(error).toBeUndefined();
      }));

  it('POST …/{cid}/decline/ with a blank reason answers 400 on the reason', () =>
    interaction(COMMITMENT_STATES.admin, 'a suggestion declined without a reason')
      .post(onePath('suggestionId', 'decline/'), { reason: ' ' })
      .willRespondWith(400, (b) =>
        b.jsonBody(fieldErrors({ reason: 'This field may not be blank.' })),
      )
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, endpoints.declineCommitment, { ...ONE, reason: ' ' });
        expect(error?.status).toBe(400);
      }));
});
