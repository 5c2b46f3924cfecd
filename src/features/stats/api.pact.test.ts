import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import type { UsageStatsRequest } from '../../api/contract/stats';
import { dateTime } from '../../testing/pact/drfShapes';
import { stateId } from '../../testing/pact/inject';
import { dataFrom, interactionsOf } from '../../testing/pact/interactions';
import { STATES, createPact } from '../../testing/pact/provider';
import { statsApi } from './api';

const { integer, string, like } = MatchersV3;

describe('usage statistics call (spec §7)', () => {
  const interaction = interactionsOf(createPact());

  it('POST /api/stats/ stores a usage event', () => {
    const event = {
      data: {
        action: 'page_navigation',
        id: null,
        project_id: 12,
        selected_object_id: null,
        tab: '/checks',
        newMetrics: false,
      },
    } satisfies UsageStatsRequest;
    return interaction(STATES.signedInWithProject, 'a usage statistics event')
      .post('/api/stats/', { data: { ...event.data, project_id: stateId('projectId', 12) } })
      .willRespondWith(201, (b) =>
        b.jsonBody({
          id: integer(1),
          user_id: integer(1),
          created_at: dateTime('2026-11-22T10:00:00.000Z'),
          data: like({ action: string('page_navigation') }),
        }),
      )
      .executeTest(async (mock) => {
        const stored = await dataFrom(mock, statsApi.endpoints.sendUserActionStats, event);
        expect(stored.data.action).toBe('page_navigation');
      });
  });
});
