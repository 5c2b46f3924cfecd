import type { CurrentUser } from '../../api/contract/auth';

/** A user as the API answers it, for tests. */
export const TEST_USER = {
  id: 1,
  name: 'Alex Morgan',
  login: 'amorgan',
  permissions: ['CAN_VIEW_PROJECT_CARD', 'CAN_VIEW_REPORTS'],
  risk_action_requests_counter: 3,
  available_checklists_counter: 124,
  banner: { isHideBanner: false, text: '<p>Banner</p>' },
  isPortfolio: false,
} satisfies CurrentUser;
