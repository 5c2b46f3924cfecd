import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import type { UsageStatsRequest } from '../../api/contract/stats';
import { dataFrom, interactionsOf } from '../../testing/pact/interactions';
import { STATES, createPact } from '../../testing/pact/provider';
import { statsApi } from './api';

const { integer, string, like, timestamp } = MatchersV3;

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
    return interaction(STATES.signedIn, 'a usage statistics event')
      .post('/api/stats/', event)
      .willRespondWith(201, (b) =>
        b.jsonBody({
          id: integer(1),
          user_id: integer(1),
          created_at: timestamp("yyyy-MM-dd'T'HH:mm:ss.SSSX", '2026-11-22T10:00:00.000Z'),
          data: like({ action: string('page_navigation') }),
        }),
      )
      .executeTest(async (mock) => {
        const stored = await dataFrom(mock, statsApi.endpoints.sendUserActionStats, event);
        expect(stored.data.action).toBe('page_navigation');
      });
  });
});
