import type { BannerResponse } from '../../../src/api/contract/banner';
import type { Area } from '../../lib/area';
import { json } from '../../lib/http';
import { route } from '../../lib/routes';
import fixture from '../../../fixtures/banner.json' with { type: 'json' };

/** The admin banner (spec §2, §7): `GET /api/admin_extensions/banner/`. */
export const banner: Area = {
  feature: 'banner',
  seed: [{ name: 'banner', build: () => ({ banner: { html_text: fixture.html_text } }) }],
  routes: ({ db }) => [
    route.get('/admin_extensions/banner/', () => {
      const body: BannerResponse = { html_text: db.getState().banner.html_text };
      return json(body);
    }),
  ],
};

declare module '../../store/state' {
  interface AreaStates {
    banner: { banner: BannerResponse };
  }
}
