/** The provider states of the contract, one file per area. */
export { STATES } from './session';
export { ACTION_REQUEST_STATES } from './actionRequests';
export { POLL_STATES } from './polls';
export { RISK_STATES } from './risks';
export { PROJECT_STATES } from './projects';
export { ACCOUNT_STATES } from './accounts';
export { PROJECT_TEAM_STATES } from './team';
export { RACI_STATES } from './raci';
export { TARGET_STATES } from './targets';
export { COMMITMENT_STATES } from './commitments';
export { GEN_AI_STATES } from './genAi';
export { AGREEMENT_STATES } from './agreements';
export { METRICS_STATES } from './metricsApprovals';
export { ATTRIBUTE_STATES } from './attributes';
export { PLANNER_PERIOD_STATES } from './plannerPeriods';
export { PLANNER_STATES } from './planner';
export { CHECKLIST_STATES } from './checklists';
export { CHECK_VIEW_STATES } from './checkViews';
export { DASHBOARD_STATES } from './dashboard';
export { COMPARE_STATES } from './compare';
export { REPORT_STATES } from './reports';
export { APPROVAL_STATES } from './approvals';
export { TOOL_STATES } from './tools';
export { PLACEMENT_STATES } from './placement';
export { CASE_STUDY_STATES } from './caseStudy';
export { DEX_SETUP_STATES } from './dexSetup';
export { ISO_9001_STATES } from './iso9001';
export { CALENDAR_STATES } from './calendar';
export { SEARCH_STATES } from './search';
export { MY_WORK_STATES } from './myWork';

import type { ProviderStateDefinition, StateGroup } from '../state';
import * as groups from './groups';

/** Every state the contract defines, with the area whose file defines it. */
export function stateDefinitions(): { area: string; definition: ProviderStateDefinition }[] {
  return Object.entries(groups as Record<string, StateGroup>).flatMap(([area, group]) =>
    Object.values(group).map((definition) => ({ area, definition })),
  );
}
