import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { COMPARABLE_STATUSES } from '../../api/contract/compare';
import { POLL_MODELS, POLL_TYPES } from '../../api/contract/polls';
import { notFound, permissionDenied } from '../../testing/pact/drfShapes';
import { dataFrom, errorFrom, interactionsOf } from '../../testing/pact/interactions';
import { stateId } from '../../testing/pact/inject';
import { dateMatcher, pollPath } from '../../testing/pact/pollShapes';
import { createPact } from '../../testing/pact/provider';
import { COMPARE_STATES, POLL_STATES } from '../../testing/pact/states';
import { compareApi } from './api';

const { boolean, eachLike, integer, string, regex } = MatchersV3;

const oneOf = (values: readonly string[], example: string) =>
  regex(`^(${values.join('|')})$`, example);

/** Compare checks: what a check may be compared with (issue 15). */
describe('compare checks', () => {
  const interaction = interactionsOf(createPact());

  it('GET /api/polls/{id}/comparable/ lists the checks to compare with and the default', () =>
    interaction(COMPARE_STATES.adminTwoFinished, 'a request for the checks a check compares with')
      .get(pollPath('comparable/', 8))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          poll_id: stateId('pollId', 8),
          checks: eachLike({
            id: integer(101),
            index: string('HC_101'),
            type: oneOf(POLL_TYPES, 'health_check'),
            model: oneOf(POLL_MODELS, 'sdo'),
            status: oneOf(COMPARABLE_STATUSES, 'finished'),
            due_date: dateMatcher('2026-06-24'),
          }),
          previous_id: integer(101),
          roles: boolean(true),
        }),
      )
      .executeTest(async (mock) => {
        const comparable = await dataFrom(mock, compareApi.endpoints.getComparable, 8);
        expect(comparable.checks[0]?.index).toBe('HC_101');
        expect(comparable.previous_id).toBe(101);
      }));

  it('GET /api/polls/{id}/comparable/ of a check nothing compares with has no default (null)', () =>
    interaction(
      COMPARE_STATES.adminOnlyCheck,
      'a request for the checks a check without others compares with',
    )
      .get(pollPath('comparable/', 94))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          poll_id: stateId('pollId', 94),
          checks: [],
          previous_id: null,
          roles: boolean(true),
        }),
      )
      .executeTest(async (mock) => {
        const comparable = await dataFrom(mock, compareApi.endpoints.getComparable, 94);
        expect(comparable.checks).toEqual([]);
        expect(comparable.previous_id).toBeNull();
      }));

  it('GET /api/polls/{id}/comparable/ answers 403 before the user may see the results', () =>
    interaction(COMPARE_STATES.expertBeforeResults, 'a request for the checks to compare with')
      .get(pollPath('comparable/', 2))
      .willRespondWith(403, (b) => b.jsonBody(permissionDenied()))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, compareApi.endpoints.getComparable, 2);
        expect(error?.status).toBe(403);
      }));

  it('GET /api/polls/{id}/comparable/ answers 404 for a check the user may not see', () =>
    interaction(POLL_STATES.pmHiddenAudit, 'a request for the checks a hidden check compares with')
      .get(pollPath('comparable/', 3))
      .willRespondWith(404, (b) => b.jsonBody(notFound()))
      .executeTest(async (mock) => {
        const error = await errorFrom(mock, compareApi.endpoints.getComparable, 3);
        expect(error?.status).toBe(404);
      }));
});
