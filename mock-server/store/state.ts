import type { AccountListItem, ProjectListItem } from '../../src/api/contract/directory';
import type { UsageStatsResponse } from '../../src/api/contract/stats';
import type { AccountsState } from '../areas/accounts/state';
import type { ApprovalsState } from '../areas/approvals/state';
import type { AgreementsState } from '../areas/agreements/model';
import type { ChecklistsState } from '../areas/checklists/state';
import type { DashboardState } from '../areas/dashboard/state';
import type { DexSetupsState } from '../areas/dexSetup/state';
import type { GenAiState } from '../areas/genAi/state';
import type { PlacementState } from '../areas/placement/state';
import type { MetricsApprovalsState } from '../areas/metricsApprovals/state';
import type { IsoState } from '../areas/iso9001/state';
import type { PlannerPeriodsState } from '../areas/planning/state';
import type { AttributesState } from '../areas/attributes/model';
import type { ChecksState } from '../areas/checks/state';
import type { SurveyState } from '../areas/survey/state';
import type { RaciState } from '../areas/raci/state';
import type { RisksState } from '../areas/risks/model';
import type { ProjectsState } from '../areas/projects/state';
import type { ProjectTeamState } from '../areas/team/state';
import type { NotificationsState } from '../areas/notifications/state';
import type { TargetsState } from '../areas/targets/state';
import type { CommitmentsState } from '../areas/commitments/state';
import type { ToolsState } from '../areas/tools/state';
import type { CaseStudiesState } from '../areas/caseStudy/state';

/** Everything the mock backend stores. Bump schemaVersion when the shape changes. */
export interface MockState
  extends
    ChecksState,
    SurveyState,
    NotificationsState,
    RisksState,
    ProjectsState,
    ProjectTeamState,
    AccountsState,
    RaciState,
    TargetsState,
    CommitmentsState,
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
}

export const SCHEMA_VERSION = 21;
