import { Router } from 'express';
import { comparisonsFor } from './model';
import { allowed, expressVisiblePoll as visiblePoll } from '../checks/access';
import type { MockDb } from '../../store/db';

/**
 * Compare checks: `GET /api/polls/{id}/comparable/`, what a check may be compared with (the
 * answers themselves come from each side's results). 404 for a check the user may not see, 403
 * without its results page.
 */
export function compareRoutes(db: MockDb): Router {
  const router = Router({ strict: true });

  router.get('/polls/:id/comparable/', (req, res) => {
    const access = visiblePoll(db, req, res);
    if (!access || !allowed(res, access, 'CAN_VIEW_POLL_RESULTS_PAGE')) return;
    res.json(comparisonsFor(access.state, access.persona)(access.poll));
  });

  return router;
}
