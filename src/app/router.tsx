import { createBrowserRouter, type RouteObject } from 'react-router';
import { NAV_PERMISSIONS as P } from '../api/contract/permissions';
import { RequireAuth } from '../features/auth/RequireAuth';
import { RouteErrorScreen } from '../features/errors/ErrorScreen';
import { AppLayout } from '../features/shell/AppLayout';
import { UserRouteGuard, type GuardRule } from '../features/shell/RouteGuard';
import { HELP_PATH } from '../shared/config/links';
import { loadChunk } from '../shared/lib/chunk';

type PageModule = { default: React.ComponentType };

/** A lazily loaded page (default export), under the 120 000 ms chunk timeout, behind its guard. */
const page = (load: () => Promise<PageModule>, guard?: GuardRule) => async () => {
  const { default: Page } = await loadChunk(load);
  if (!guard) return { Component: Page };
  return {
    Component: () => (
      <UserRouteGuard {...guard}>
        <Page />
      </UserRouteGuard>
    ),
  };
};

/** An area whose screens a later issue builds: its page names what it will hold. */
const area = (path: string, guard?: GuardRule): RouteObject => ({
  path: path.slice(1),
  lazy: async () => {
    const { AreaPage } = await loadChunk(() => import('../features/shell/AreaPage'));
    const Page = () => <AreaPage path={path} />;
    if (!guard) return { Component: Page };
    return {
      Component: () => (
        <UserRouteGuard {...guard}>
          <Page />
        </UserRouteGuard>
      ),
    };
  },
});

const only = (...allowed: string[]): GuardRule => ({ allowed });

/** Spec §2 route patterns, each with the permission it needs (spec §6). */
const SURVEY_STEPS = ['overview', 'summary', 'risks', 'results', 'drivers/:driverSlug'];

/** The hidden internal route (spec §2): diagnostics for platform administrators. */
export const DIAGNOSTICS_PATH = '/_/k7q2x9v4';

export const appRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('../features/welcome/WelcomePage')) },
  { path: 'welcome', lazy: page(() => import('../features/welcome/WelcomePage')) },
  {
    path: 'notifications',
    lazy: page(() => import('../features/notifications/NotificationsPage')),
  },
  { path: HELP_PATH.slice(1), lazy: page(() => import('../features/help/HelpPage')) },
  area('/projects', only(P.projectCard)),
  area('/accounts', only('CAN_VIEW_ACCOUNT_TAB')),
  area('/accounts/:accountId', only('CAN_VIEW_ACCOUNT_TAB')),
  area('/dashboard', only(P.riskDashboard)),
  area('/dashboard/account/:accountId', only(P.riskDashboard)),
  area('/dashboard/account/:accountId/riskiness', only(P.riskDashboard)),
  area('/dashboard/account/:accountId/issueness', only(P.riskDashboard)),
  area('/risks'),
  area('/create-risk/:riskType', { allowed: ['CAN_CREATE_RISK'], redirectTo: '/risks' }),
  area('/create-issue/:riskType', { allowed: ['CAN_CREATE_ISSUE'], redirectTo: '/risks' }),
  area('/checks'),
  area(
    '/checks/configure_new',
    only(
      'CAN_CREATE_POLL',
      'CAN_CREATE_SELF_CHECK_POLL',
      'CAN_CREATE_QMO_HEALTH_CHECK_POLL',
      'CAN_CREATE_CHECK_CONFIG',
    ),
  ),
  area('/checks/models', only('CAN_SET_POLL_MODEL', 'CAN_CREATE_CHECK_CONFIG')),
  area('/checks/:pollId'),
  area('/survey/:pollId'),
  ...SURVEY_STEPS.map((step) => area(`/survey/:pollId/${step}`)),
  area('/audit-survey/:pollId'),
  ...[...SURVEY_STEPS, 'outcomes', 'welcome', 'report'].map((step) =>
    area(`/audit-survey/:pollId/${step}`),
  ),
  area('/project-checklists', only(P.checklists)),
  area('/calendar', only(P.scheduler)),
  area('/planning', only(P.checkPlanner)),
  area('/planning/periods', only('CAN_VIEW_PLANNER_PERIODS')),
  area('/reports', only(P.reports)),
  area('/overview', only(P.projectDetails)),
  area('/summary', only(P.summary)),
  area('/outcomes', only(P.pollOutcomes)),
  {
    path: DIAGNOSTICS_PATH.slice(1),
    lazy: page(() => import('../features/shell/DiagnosticsPage'), only('CAN_PERFORM_ALL_ACTIONS')),
  },
  { path: '*', element: <RouteErrorScreen inLayout /> },
];

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    children: [
      { path: 'login', lazy: page(() => import('../features/auth/LoginPage')) },
      { path: 'fake-auth', lazy: page(() => import('../features/auth/FakeAuthPage')) },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            // Render errors and failed chunks keep the header and sidebar around the error screen.
            children: [{ errorElement: <RouteErrorScreen inLayout />, children: appRoutes }],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
