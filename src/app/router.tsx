import { createBrowserRouter, type RouteObject } from 'react-router';
import { NAV_PERMISSIONS as P } from '../api/contract/permissions';
import { CREATE_PERMISSIONS } from '../api/contract/pollRules';
import { RequireAuth } from '../features/auth/RequireAuth';
import { RouteErrorScreen } from '../features/errors/ErrorScreen';
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

/** A survey step (default export), behind the poll's permissions when `allowed` is given. */
const step = (load: () => Promise<PageModule>, allowed?: string[]) => async () => {
  const [{ default: Step }, { PollGuard }] = await Promise.all([
    loadChunk(load),
    loadChunk(() => import('../features/survey/PollGuard')),
  ]);
  if (!allowed) return { Component: Step };
  return {
    Component: () => (
      <PollGuard allowed={allowed}>
        <Step />
      </PollGuard>
    ),
  };
};

/** Spec §2 survey routes; the audit survey adds outcomes, a welcome and a report screen. */
function surveyRoutes(audit: boolean): RouteObject {
  const children: RouteObject[] = [
    {
      index: true,
      lazy: async () => ({
        Component: (await loadChunk(() => import('../features/survey/SurveyLayout'))).SurveyStart,
      }),
    },
    {
      path: 'overview',
      lazy: step(() => import('../features/survey/OverviewStep'), [P.projectDetails]),
    },
    { path: 'drivers/:driverSlug', lazy: step(() => import('../features/survey/DriverStep')) },
    { path: 'risks', lazy: step(() => import('../features/survey/RisksStep'), [P.risk, P.issue]) },
    {
      path: 'summary',
      lazy: step(() => import('../features/survey/SummaryStep'), [P.summary]),
    },
    { path: 'results', lazy: step(() => import('../features/survey/ResultsPage')) },
  ];
  if (audit)
    children.push(
      {
        path: 'outcomes',
        lazy: step(() => import('../features/survey/OutcomesStep'), [P.pollOutcomes]),
      },
      { path: 'welcome', lazy: step(() => import('../features/survey/AuditWelcome')) },
      { path: 'report', lazy: step(() => import('../features/survey/AuditReport')) },
    );
  return {
    path: audit ? 'audit-survey/:pollId' : 'survey/:pollId',
    lazy: async () => {
      const { SurveyLayout } = await loadChunk(() => import('../features/survey/SurveyLayout'));
      return { Component: () => <SurveyLayout audit={audit} /> };
    },
    children,
  };
}

/** The shell around every signed-in screen, with the one tooltip provider they share. */
async function signedInLayout() {
  const [{ AppLayout }, { TooltipProvider }] = await Promise.all([
    loadChunk(() => import('../features/shell/AppLayout')),
    loadChunk(() => import('../shared/ui/Tooltip')),
  ]);
  return {
    Component: () => (
      <TooltipProvider>
        <AppLayout />
      </TooltipProvider>
    ),
  };
}

/** The hidden page that shows every primitive of `src/shared/ui` in its states, for review. */
export const UI_KIT_PATH = '/_/ui';

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
  { path: 'risks', lazy: page(() => import('../features/risks/RisksPage')) },
  { path: 'risks/:riskId', lazy: page(() => import('../features/risks/RiskDetailPage')) },
  {
    path: 'create-risk/:riskType',
    lazy: page(() => import('../features/risks/CreateRiskPage'), {
      allowed: ['CAN_CREATE_RISK'],
      redirectTo: '/risks',
    }),
  },
  {
    path: 'create-issue/:riskType',
    lazy: page(() => import('../features/risks/CreateRiskPage'), {
      allowed: ['CAN_CREATE_ISSUE'],
      redirectTo: '/risks',
    }),
  },
  { path: 'checks', lazy: page(() => import('../features/checks/ChecksPage')) },
  {
    path: 'checks/configure_new',
    lazy: page(() => import('../features/checks/ConfigureCheckPage'), only(...CREATE_PERMISSIONS)),
  },
  { path: 'checks/models', lazy: page(() => import('../features/checks/ModelsPage')) },
  { path: 'checks/:pollId', lazy: page(() => import('../features/checks/CheckDetailsPage')) },
  surveyRoutes(false),
  surveyRoutes(true),
  area('/project-checklists', only(P.checklists)),
  area('/calendar', only(P.scheduler)),
  area('/planning', only(P.checkPlanner)),
  area('/planning/periods', only('CAN_VIEW_PLANNER_PERIODS')),
  area('/reports', only(P.reports)),
  area('/overview', only(P.projectDetails)),
  area('/summary', only(P.summary)),
  area('/outcomes', only(P.pollOutcomes)),
  { path: UI_KIT_PATH.slice(1), lazy: page(() => import('../features/uikit/UiKitPage')) },
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
            // Lazy, so that /login loads neither the shell nor its menus (Radix, icons).
            lazy: signedInLayout,
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
