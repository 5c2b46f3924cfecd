/**
 * Test scenarios of the create and detail pages: a risk builder for the rules that take a risk
 * (the pages' tests take theirs from the mock backend's seed) and a render helper with their
 * routes and a toast container. Imported by tests only.
 */
import type { Risk, RiskScope } from '../../../api/contract/risks';
import { LUCIA, TEST_RISK_ROW } from '../../../testing/msw/riskFixtures';
import { renderRoutes } from '../../../testing/renderRoutes';
import CreateRiskPage from '../CreateRiskPage';
import RiskDetailPage from '../RiskDetailPage';

export const PRIYA = { id: 2, name: 'Priya Nair', login: 'pnair' };
export const APOLLO: RiskScope = { id: 1, name: 'Apollo Portal', level: 'project' };

/** Every spec §6 flag of a risk owner on an open risk. */
export const OWNER_FLAGS = [
  'CAN_VIEW_RISK',
  'CAN_EDIT_RISK',
  'CAN_EDIT_RISK_STATEMENT',
  'CAN_EDIT_RISK_PROBABILITY',
  'CAN_EDIT_RISK_IMPACT',
  'CAN_EDIT_RISK_RESPONSE_STRATEGY',
  'CAN_EDIT_RISK_DUE_DATE',
  'CAN_EDIT_RISK_LABEL',
  'CAN_EDIT_RISK_INFORMED_PEOPLE',
  'CAN_EDIT_RISK_COMMUNICATION_WITH_CLIENT',
  'CAN_EDIT_RISK_ACTION_PLAN',
  'CAN_EDIT_RISK_RESOLUTION',
  'CAN_EDIT_RISK_TRANSFER_TAB',
  'CAN_EDIT_RISK_AWARENESS',
  'CAN_REOPEN_RISK',
  'CAN_PROPAGATE_RISK',
  'CAN_DELEGATE_RISK',
  'CAN_ESCALATE_RISK',
];

/** The test risk as its owner sees it on the detail page, with every tab's counts and fields. */
export function makeRisk(overrides: Partial<Risk> = {}): Risk {
  return {
    ...TEST_RISK_ROW,
    scope: APOLLO,
    description: 'The only engineer who knows the payment integration has an offer elsewhere.',
    response_decision: null,
    client_communication: '',
    resolution_comment: '',
    informed: [PRIYA],
    created_by: LUCIA,
    awareness_raised: false,
    shared_with: [],
    transfer: null,
    action_items_count: 1,
    comments_count: 1,
    user_permissions: OWNER_FLAGS,
    ...overrides,
  };
}

/** The create and detail routes at `path`, in a fresh signed-in store, with toasts. */
export function renderRiskRoute(path: string) {
  return renderRoutes(
    [
      { path: '/risks/:riskId', element: <RiskDetailPage /> },
      { path: '/create-risk/:riskType', element: <CreateRiskPage /> },
      { path: '/create-issue/:riskType', element: <CreateRiskPage /> },
    ],
    path,
  );
}
