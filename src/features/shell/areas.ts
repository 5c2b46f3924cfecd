import { NAV_PERMISSIONS } from '../../api/contract/permissions';

/** The areas of spec §1/§2 with the permission that opens each (null: every signed-in user). */
export interface Area {
  path: string;
  label: string;
  permission: string | null;
  summary: string;
}

export const AREAS: readonly Area[] = [
  {
    path: '/projects',
    label: 'Project Portfolio Structure',
    permission: NAV_PERMISSIONS.projectCard,
    summary:
      'Project cards: overview, team, checks, risks, contacts, targets, RACI matrix and approvals.',
  },
  {
    path: '/dashboard',
    label: 'Dashboard',
    permission: NAV_PERMISSIONS.riskDashboard,
    summary: 'Account riskiness and issueness, per account and over time.',
  },
  {
    path: '/risks',
    label: 'Risks And Issues',
    permission: null,
    summary: 'Risks and issues at project, account, business line and business segment level.',
  },
  {
    path: '/checks',
    label: 'Checks',
    permission: null,
    summary: 'Health checks, self checks and audits, run as surveys, with the audit report flow.',
  },
  {
    path: '/project-checklists',
    label: 'Project Checklists',
    permission: NAV_PERMISSIONS.checklists,
    summary: 'Checklists available to your projects, to fill, submit or decline.',
  },
  {
    path: '/calendar',
    label: 'Calendar',
    permission: NAV_PERMISSIONS.scheduler,
    summary: 'Scheduled checks and deadlines by day, week and month.',
  },
  {
    path: '/planning',
    label: 'Planner',
    permission: NAV_PERMISSIONS.checkPlanner,
    summary: 'Check planning by period: which projects are checked when, and by whom.',
  },
  {
    path: '/reports',
    label: 'Reports',
    permission: NAV_PERMISSIONS.reports,
    summary: 'Reports on checks, risks and delivery quality, with Excel export.',
  },
];

export function areasFor(permissions: readonly string[]): Area[] {
  return AREAS.filter((area) => area.permission === null || permissions.includes(area.permission));
}
