import type { Area } from '../../lib/area';
import { actionItemRoutes } from './actionItems';
import { actionRoutes } from './actions';
import { commentRoutes } from './comments';
import { commentUploadRoute } from './commentUpload';
import { draftRoutes } from './drafts';
import { duplicateRoutes } from './duplicates';
import { registerRoutes } from './register';
import { writeRoutes } from './writes';
import { risksSeed } from './seed';

/**
 * The risk register (src/features/risks): reading and exporting risks, writing them, acting on
 * them, their action plans, comments and attachments, each user's drafts and the duplicates
 * groups.
 */
export const risks: Area = {
  feature: 'risks',
  seed: [risksSeed],
  routes: (services) => [
    ...registerRoutes(services),
    ...writeRoutes(services),
    ...actionRoutes(services),
    ...actionItemRoutes(services),
    ...commentRoutes(services),
    commentUploadRoute(services),
    ...draftRoutes(services),
    ...duplicateRoutes(services),
  ],
};
