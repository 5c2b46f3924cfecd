import type { BannerResponse } from '../../../src/api/contract/banner';
import type { Area } from '../../lib/area';
import { json } from '../../lib/http';
import { route } from '../../lib/routes';

/** The admin banner (spec §2, §7): `GET /api/admin_extensions/banner/`. */
export const banner: Area = {
  feature: 'banner',
  routes: ({ db }) => [
    route.get('/admin_extensions/banner/', () => {
      const body: BannerResponse = { html_text: db.getState().banner.html_text };
      return json(body);
    }),
  ],
};
