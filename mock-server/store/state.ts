import type { ActionRequest } from '../../src/api/contract/actionRequests';
import type { AccountListItem, ProjectListItem } from '../../src/api/contract/directory';
import type { UsageStatsResponse } from '../../src/api/contract/stats';
import type { AccountsState } from '../accounts/state';
import type { ApprovalsState } from '../approvals/state';
import type { AgreementsState } from '../projects/agreements';
import type { ChecklistsState } from '../areas/checklists/state';
import type { DashboardState } from '../dashboard/state';
import type { DexSetupsState } from '../areas/dexSetup/state';
import type { GenAiState } from '../areas/genAi/state';
import type { PlacementState } from '../areas/placement/state';
import type { MetricsApprovalsState } from '../metrics/state';
import type { IsoState } from '../iso9001/state';
import type { PlannerPeriodsState } from '../areas/planning/state';
import type { PollsState } from '../polls/model';
import type { AttributesState } from '../projects/attributes';
import type { ProjectsState, ProjectTeamState } from '../projects/state';
import type { RaciState } from '../raci/state';
import type { RisksState } from '../risks/model';
import type { TargetsState } from '../targets/state';
import type { ToolsState } from '../areas/tools/state';
import type { CaseStudiesState } from '../areas/caseStudy/state';

/** Everything the mock backend stores. Bump schemaVersion when the shape changes. */
export interface MockState
  extends
    PollsState,
    RisksState,
    ProjectsState,
    ProjectTeamState,
    AccountsState,
    RaciState,
    TargetsState,
    AttributesState,
    AgreementsState,
    PlannerPeriodsState,
    ChecklistsState,
    DashboardState,
    GenAiState,
    ToolsState,
    PlacementState,
    CaseStudiesState,
    DexSetupsState,
    MetricsApprovalsState,
    ApprovalsState,
    IsoState {
  meta: { schemaVersion: number };
  banner: { html_text: string };
  stats: UsageStatsResponse[];
  /** Session ids revoked by logout; their refresh tokens are refused. */
  revokedSessions: string[];
  accounts: AccountListItem[];
  projects: ProjectListItem[];
  actionRequests: ActionRequest[];
}

export const SCHEMA_VERSION = 21;
