/**
 * Every screen behind sign-in: the route table the router patches in under its root on the first
 * navigation that needs it (src/app/router.tsx), so that `/login` loads none of it.
 */
import type { RouteObject } from 'react-router';
import { CASE_STUDY_VIEW_FLAG } from '../api/contract/caseStudy';
import { CHECKLIST_FLAGS } from '../api/contract/checklists';
import { NAV_PERMISSIONS as P } from '../api/contract/permissions';
import { PLANNER_PERIOD_FLAGS } from '../api/contract/plannerPeriods';
import { CREATE_PERMISSIONS, LIST_PERMISSIONS } from '../api/contract/pollRules';
import { RequireAuth } from '../features/auth/RequireAuth';
import { RouteErrorScreen } from '../features/errors/ErrorScreen';
import { NOT_FOUND_TITLE, NotFoundPage } from '../features/errors/NotFoundPage';
import { UserRouteGuard, type GuardRule } from '../features/shell/RouteGuard';
import { HELP_PATH } from '../shared/config/links';
import { loadChunk } from '../shared/lib/chunk';
import type { RouteTitle, TitledHandle } from '../shared/lib/documentTitle';

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

const only = (...allowed: string[]): GuardRule => ({ allowed });

/** A route's `handle` naming its page in the browser tab (shell/AppLayout reads it). */
const titled = (title: RouteTitle): TitledHandle => ({ title });

/** A survey step's tab title until the step names itself with the project (useStepTitle). */
const surveyTitle =
  (step: string): RouteTitle =>
  ({ pollId }) =>
    `${step} · Check ${pollId ?? ''}`;

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
      handle: titled(surveyTitle('Project overview')),
      lazy: step(() => import('../features/survey/OverviewStep'), [P.projectDetails]),
    },
    {
      path: 'drivers/:driverSlug',
      handle: titled(surveyTitle('Driver')),
      lazy: step(() => import('../features/survey/DriverStep')),
    },
    {
      path: 'risks',
      handle: titled(surveyTitle('Risks and issues')),
      lazy: step(() => import('../features/survey/RisksStep'), [P.risk, P.issue]),
    },
    {
      path: 'summary',
      handle: titled(surveyTitle('Summary')),
      lazy: step(() => import('../features/survey/SummaryStep'), [P.summary]),
    },
    {
      path: 'results',
      handle: titled(surveyTitle('Results')),
      lazy: step(() => import('../features/survey/ResultsPage')),
    },
  ];
  if (audit)
    children.push(
      {
        path: 'outcomes',
        handle: titled(surveyTitle('Audit outcomes')),
        lazy: step(() => import('../features/survey/OutcomesStep'), [P.pollOutcomes]),
      },
      {
        path: 'welcome',
        handle: titled(surveyTitle('Welcome')),
        lazy: step(() => import('../features/survey/AuditWelcome')),
      },
      {
        path: 'report',
        handle: titled(surveyTitle('Audit report')),
        lazy: step(() => import('../features/survey/AuditReport')),
      },
    );
  return {
    path: audit ? 'audit-survey/:pollId' : 'survey/:pollId',
    handle: titled(({ pollId }) => `${audit ? 'Audit' : 'Check'} ${pollId ?? ''}`),
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
  {
    index: true,
    handle: titled('Welcome'),
    lazy: page(() => import('../features/welcome/WelcomePage')),
  },
  {
    path: 'welcome',
    handle: titled('Welcome'),
    lazy: page(() => import('../features/welcome/WelcomePage')),
  },
  {
    path: 'notifications',
    handle: titled('Notifications'),
    lazy: page(() => import('../features/notifications/NotificationsPage')),
  },
  {
    path: HELP_PATH.slice(1),
    handle: titled('Help'),
    lazy: page(() => import('../features/help/HelpPage')),
  },
  {
    path: 'projects',
    handle: titled('Project portfolio'),
    lazy: page(() => import('../features/projects/portfolio/PortfolioPage'), only(P.projectCard)),
  },
  {
    path: 'projects/:projectId/:tab?',
    handle: titled(({ projectId }) => `Project ${projectId ?? ''}`),
    lazy: page(() => import('../features/projects/card/ProjectCardPage'), only(P.projectCard)),
  },
  {
    path: 'accounts',
    handle: titled('Accounts'),
    lazy: page(() => import('../features/accounts/AccountsPage'), only('CAN_VIEW_ACCOUNT_TAB')),
  },
  {
    path: 'accounts/business-lines/:lineId',
    handle: titled(({ lineId }) => `Business line ${lineId ?? ''}`),
    lazy: page(
      () => import('../features/accounts/BusinessLinePage'),
      only('CAN_VIEW_BUSINESS_LINE_TAB'),
    ),
  },
  {
    path: 'accounts/business-segments/:segmentId',
    handle: titled(({ segmentId }) => `Business segment ${segmentId ?? ''}`),
    lazy: page(
      () => import('../features/accounts/BusinessSegmentPage'),
      only('CAN_VIEW_BUSINESS_SEGMENT_TAB'),
    ),
  },
  {
    path: 'accounts/:accountId',
    handle: titled(({ accountId }) => `Account ${accountId ?? ''}`),
    lazy: page(() => import('../features/accounts/AccountPage'), only('CAN_VIEW_ACCOUNT_TAB')),
  },
  {
    path: 'dashboard',
    handle: titled('Dashboard'),
    lazy: page(() => import('../features/dashboard/DashboardPage'), only(P.riskDashboard)),
  },
  {
    path: 'dashboard/account/:accountId',
    handle: titled(({ accountId }) => `Dashboard · account ${accountId ?? ''}`),
    lazy: page(() => import('../features/dashboard/AccountDashboardPage'), only(P.riskDashboard)),
  },
  {
    path: 'dashboard/account/:accountId/riskiness',
    handle: titled(({ accountId }) => `Riskiness · account ${accountId ?? ''}`),
    lazy: page(() => import('../features/dashboard/ScorePage'), only(P.riskDashboard)),
  },
  {
    path: 'dashboard/account/:accountId/issueness',
    handle: titled(({ accountId }) => `Issueness · account ${accountId ?? ''}`),
    lazy: page(() => import('../features/dashboard/ScorePage'), only(P.riskDashboard)),
  },
  {
    path: 'risks',
    handle: titled('Risks and issues'),
    lazy: page(() => import('../features/risks/RisksPage')),
  },
  {
    path: 'risks/:riskId',
    handle: titled(({ riskId }) => `Risk ${riskId ?? ''}`),
    lazy: page(() => import('../features/risks/RiskDetailPage')),
  },
  {
    path: 'create-risk/:riskType',
    handle: titled('New risk'),
    // The page guards itself: it names the flag the kind or the level needs (spec §6 fallback).
    lazy: page(() => import('../features/risks/CreateRiskPage')),
  },
  {
    path: 'create-issue/:riskType',
    handle: titled('New issue'),
    // The page guards itself: it names the flag the kind or the level needs (spec §6 fallback).
    lazy: page(() => import('../features/risks/CreateRiskPage')),
  },
  {
    path: 'checks',
    handle: titled('Checks'),
    lazy: page(() => import('../features/checks/ChecksPage'), only(...LIST_PERMISSIONS)),
  },
  {
    path: 'checks/configure_new',
    handle: titled('Configure a new check'),
    lazy: page(() => import('../features/checks/ConfigureCheckPage'), only(...CREATE_PERMISSIONS)),
  },
  {
    path: 'checks/models',
    handle: titled('Check models'),
    lazy: page(() => import('../features/checks/ModelsPage')),
  },
  {
    path: 'checks/compare',
    handle: titled('Compare checks'),
    lazy: page(() => import('../features/compare/ComparePage')),
  },
  {
    path: 'checks/:pollId',
    handle: titled(({ pollId }) => `Check ${pollId ?? ''}`),
    lazy: page(() => import('../features/checks/CheckDetailsPage')),
  },
  surveyRoutes(false),
  surveyRoutes(true),
  {
    path: 'project-checklists',
    handle: titled('Project checklists'),
    lazy: page(() => import('../features/checklists/ChecklistsPage'), only(CHECKLIST_FLAGS.view)),
  },
  {
    path: 'project-checklists/:checklistId',
    handle: titled(({ checklistId }) => `Checklist ${checklistId ?? ''}`),
    lazy: page(() => import('../features/checklists/ChecklistPage'), only(CHECKLIST_FLAGS.view)),
  },
  {
    path: 'approvals',
    handle: titled('Approvals waiting on you'),
    lazy: page(() => import('../features/approvals/ApprovalsPage'), only(P.projectCard)),
  },
  {
    path: 'calendar',
    handle: titled('Calendar'),
    lazy: page(() => import('../features/calendar/CalendarPage'), only(P.scheduler)),
  },
  {
    path: 'planning',
    handle: titled('Check planner'),
    lazy: page(() => import('../features/planning/PlannerPage'), only(P.checkPlanner)),
  },
  {
    path: 'planning/periods',
    handle: titled('Planner periods'),
    lazy: page(
      () => import('../features/planning/PlannerPeriodsPage'),
      only(PLANNER_PERIOD_FLAGS.view),
    ),
  },
  {
    path: 'reports',
    handle: titled('Reports'),
    lazy: page(() => import('../features/reports/ReportsPage'), only(P.reports)),
  },
  {
    path: 'overview',
    handle: titled('Project overviews'),
    lazy: page(() => import('../features/checkViews/OverviewsPage'), only(P.projectDetails)),
  },
  {
    path: 'summary',
    handle: titled('Check summaries'),
    lazy: page(() => import('../features/checkViews/SummariesPage'), only(P.summary)),
  },
  {
    path: 'outcomes',
    handle: titled('Audit outcomes'),
    lazy: page(() => import('../features/checkViews/OutcomesPage'), only(P.pollOutcomes)),
  },
  {
    path: UI_KIT_PATH.slice(1),
    handle: titled('UI kit'),
    lazy: page(() => import('../features/uikit/UiKitPage')),
  },
  {
    path: DIAGNOSTICS_PATH.slice(1),
    handle: titled('Diagnostics'),
    lazy: page(() => import('../features/shell/DiagnosticsPage'), only('CAN_PERFORM_ALL_ACTIONS')),
  },
  // An address no route knows is a not-found page of its own, with the way home and back.
  { path: '*', handle: titled(NOT_FOUND_TITLE), element: <NotFoundPage /> },
];

/** The signed-in branch: the session check, then the shell around every screen. */
export const signedInRoutes: RouteObject[] = [
  {
    element: <RequireAuth />,
    children: [
      {
        // A printable document: no header nor sidebar around it, its main and title all the same.
        lazy: async () => ({
          Component: (await loadChunk(() => import('../features/shell/DocumentLayout')))
            .DocumentLayout,
        }),
        children: [
          {
            path: 'projects/:projectId/case-study/print',
            handle: titled('Case study'),
            errorElement: <RouteErrorScreen inLayout />,
            lazy: page(
              () => import('../features/projects/caseStudy/CaseStudyPrintPage'),
              only(CASE_STUDY_VIEW_FLAG),
            ),
          },
        ],
      },
      {
        // Lazy, so that the route table's chunk carries neither the shell nor its menus (Radix, icons).
        lazy: signedInLayout,
        // Render errors and failed chunks keep the header and sidebar around the error screen.
        children: [{ errorElement: <RouteErrorScreen inLayout />, children: appRoutes }],
      },
    ],
  },
];
