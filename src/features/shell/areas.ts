import { NAV_PERMISSIONS } from '../../api/contract/permissions';
import { LIST_PERMISSIONS } from '../../api/contract/pollRules';

/** The areas of spec §1/§2 with the permissions that open each (any one; null: every signed-in user). */
export interface Area {
  path: string;
  label: string;
  permissions: readonly string[] | null;
  summary: string;
  /** Other path prefixes under which the item shows as active (spec §2). */
  also?: readonly string[];
}

export const AREAS: readonly Area[] = [
  {
    path: '/projects',
    label: 'Project Portfolio Structure',
    permissions: [NAV_PERMISSIONS.projectCard],
    summary:
      'Project cards: overview, team, checks, risks, contacts, targets, RACI matrix and approvals.',
  },
  {
    path: '/dashboard',
    label: 'Dashboard',
    permissions: [NAV_PERMISSIONS.riskDashboard],
    summary: 'Account riskiness and issueness, per account and over time.',
  },
  {
    path: '/risks',
    label: 'Risks And Issues',
    permissions: null,
    summary: 'Risks and issues at project, account, business line and business segment level.',
    also: ['/create-risk', '/create-issue'],
  },
  {
    path: '/checks',
    label: 'Checks',
    permissions: LIST_PERMISSIONS,
    summary: 'Health checks, self checks and audits, run as surveys, with the audit report flow.',
    also: ['/survey', '/audit-survey'],
  },
  {
    path: '/project-checklists',
    label: 'Project Checklists',
    permissions: [NAV_PERMISSIONS.checklists],
    summary: 'Checklists available to your projects, to fill, submit or decline.',
  },
  {
    path: '/calendar',
    label: 'Calendar',
    permissions: [NAV_PERMISSIONS.scheduler],
    summary: 'Scheduled checks and deadlines by day, week and month.',
  },
  {
    path: '/planning',
    label: 'Planner',
    permissions: [NAV_PERMISSIONS.checkPlanner],
    summary: 'Check planning by period: which projects are checked when, and by whom.',
  },
  {
    path: '/reports',
    label: 'Reports',
    permissions: [NAV_PERMISSIONS.reports],
    summary: 'Reports on checks, risks and delivery quality, with Excel export.',
  },
];

export function areasFor(permissions: readonly string[]): Area[] {
  return AREAS.filter(
    (area) =>
      area.permissions === null || area.permissions.some((needed) => permissions.includes(needed)),
  );
}

const under = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

/** Whether the sidebar item of `area` is the active one on `pathname`. */
export function isAreaActive(area: Area, pathname: string): boolean {
  return [area.path, ...(area.also ?? [])].some((prefix) => under(pathname, prefix));
}

/** Spec §2 and §9: the checklist counter shows 99+ above 99. */
export function formatCounter(count: number): string {
  return count > 99 ? '99+' : String(count);
}
