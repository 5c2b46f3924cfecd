import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { dataFrom, interactionsOf } from '../../testing/pact/interactions';
import { STATES, createPact } from '../../testing/pact/provider';
import { bannerApi } from './api';

describe('banner call (spec §7)', () => {
  const interaction = interactionsOf(createPact());

  it('GET /api/admin_extensions/banner/ returns the admin HTML', () =>
    interaction(STATES.signedIn, 'a request for the banner')
      .get('/api/admin_extensions/banner/')
      .willRespondWith(200, (b) =>
        b.jsonBody({
          html_text: MatchersV3.string(
            '<p>Plan your checks. <a href="https://example.com">Read more</a></p>',
          ),
        }),
      )
      .executeTest(async (mock) => {
        const banner = await dataFrom(mock, bannerApi.endpoints.getBanner);
        expect(banner.html_text).toContain('<a href=');
      }));
});
