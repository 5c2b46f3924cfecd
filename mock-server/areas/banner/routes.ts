import { Router } from 'express';
import type { BannerResponse } from '../../../src/api/contract/banner';
import type { MockDb } from '../../store/db';

export function bannerRoutes(db: MockDb): Router {
  const router = Router({ strict: true });
  router.get('/admin_extensions/banner/', (_req, res) => {
    const body: BannerResponse = { html_text: db.getState().banner.html_text };
    res.json(body);
  });
  return router;
}
