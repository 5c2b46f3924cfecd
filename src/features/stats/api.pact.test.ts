import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import type { UsageStatsRequest } from '../../api/contract/stats';
import {
  EXAMPLE_ACCESS,
  EXAMPLE_REFRESH,
  STATES,
  authorizedWith,
  createPact,
  storeAgainst,
} from '../../testing/pact/provider';
import { statsApi } from './api';

const { integer, string, like, timestamp } = MatchersV3;

describe('usage statistics call (spec §7)', () => {
  const pact = createPact();

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
    return pact
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a usage statistics event')
      .withRequest('POST', '/api/stats/', (builder) =>
        builder.headers(authorizedWith()).jsonBody(event),
      )
      .willRespondWith(201, (builder) =>
        builder.jsonBody({
          id: integer(1),
          user_id: integer(1),
          created_at: timestamp("yyyy-MM-dd'T'HH:mm:ss.SSSX", '2026-11-22T10:00:00.000Z'),
          data: like({ action: string('page_navigation') }),
        }),
      )
      .executeTest(async (mock) => {
        const store = storeAgainst(mock.url, { access: EXAMPLE_ACCESS, refresh: EXAMPLE_REFRESH });
        const stored = await store
          .dispatch(statsApi.endpoints.sendUserActionStats.initiate(event))
          .unwrap();
        expect(stored.data.action).toBe('page_navigation');
      });
  });
});
