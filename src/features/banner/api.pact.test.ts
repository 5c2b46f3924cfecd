import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  EXAMPLE_ACCESS,
  EXAMPLE_REFRESH,
  STATES,
  authorizedWith,
  createPact,
  storeAgainst,
} from '../../testing/pact/provider';
import { bannerApi } from './api';

describe('banner call (spec §7)', () => {
  const pact = createPact();

  it('GET /api/admin_extensions/banner/ returns the admin HTML', () =>
    pact
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a request for the banner')
      .withRequest('GET', '/api/admin_extensions/banner/', (builder) =>
        builder.headers(authorizedWith()),
      )
      .willRespondWith(200, (builder) =>
        builder.jsonBody({
          html_text: MatchersV3.string(
            '<p>Plan your checks. <a href="https://example.com">Read more</a></p>',
          ),
        }),
      )
      .executeTest(async (mock) => {
        const store = storeAgainst(mock.url, { access: EXAMPLE_ACCESS, refresh: EXAMPLE_REFRESH });
        const banner = await store.dispatch(bannerApi.endpoints.getBanner.initiate()).unwrap();
        expect(banner.html_text).toContain('<a href=');
      }));
});
