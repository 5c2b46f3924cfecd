import type { Area } from '../../lib/area';
import { json } from '../../lib/http';
import { route } from '../../lib/routes';
import { requirePollPermission, visiblePoll } from '../checks/access';
import { comparisonsFor } from './model';

/**
 * Compare checks: `GET /api/polls/{id}/comparable/`, what a check may be compared with (the
 * answers themselves come from each side's results). 404 for a check the user may not see, 403
 * without its results page.
 */
export const compare: Area = {
  feature: 'compare',
  routes: ({ db }) => [
    route.get('/polls/:id/comparable/', (req) => {
      const access = visiblePoll(db, req);
      requirePollPermission(access, 'CAN_VIEW_POLL_RESULTS_PAGE');
      return json(comparisonsFor(access.state, access.persona)(access.poll));
    }),
  ],
};
