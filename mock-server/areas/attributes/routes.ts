import type { Area } from '../../lib/area';
import { actionItemRoutes } from './actionItems';
import { profileRevenueRoutes } from './profileRevenue';
import { profileValidationRoutes } from './profileValidation';
import { attributeValueRoutes } from './values';
import { attributesSeed } from './seed';

/**
 * The card's Attributes tab, its profile validation, the Overview's profile revenue sheet, the
 * card's files (`/api/project-files/{id}/`) and the Action items tab. Every write checks its flag
 * (403 naming it), stores nothing when refused and enters the card's History.
 */
export const attributes: Area = {
  feature: 'projects/attributes',
  seed: [attributesSeed],
  routes: (services) => {
    const signer = services.signer('project-files');
    return [
      ...attributeValueRoutes(services),
      ...profileValidationRoutes(services, signer),
      ...profileRevenueRoutes(services, signer),
      ...actionItemRoutes(services),
    ];
  },
};
