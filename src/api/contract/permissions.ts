/** Permission strings named by spec §6 (the server supplies more; these are the ones the SPA checks). */
export const NAV_PERMISSIONS = {
  projectCard: 'CAN_VIEW_PROJECT_CARD',
  scheduler: 'CAN_VIEW_SCHEDULER',
  checkPlanner: 'CAN_VIEW_CHECK_PLANNER',
  riskDashboard: 'CAN_VIEW_RISK_DASHBOARD',
  reports: 'CAN_VIEW_REPORTS',
  checklists: 'CAN_VIEW_CHECKLISTS',
  projectDetails: 'CAN_VIEW_PROJECT_DETAILS',
  pollOutcomes: 'CAN_VIEW_POLL_OUTCOMES',
  risk: 'CAN_VIEW_RISK',
  issue: 'CAN_VIEW_ISSUE',
  summary: 'CAN_VIEW_SUMMARY',
  checks: 'CAN_VIEW_CHECKS',
} as const;

export type NavPermission = (typeof NAV_PERMISSIONS)[keyof typeof NAV_PERMISSIONS];
