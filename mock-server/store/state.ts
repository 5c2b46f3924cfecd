import type { ActionRequest } from '../../src/api/contract/actionRequests';
import type { AccountListItem, ProjectListItem } from '../../src/api/contract/directory';
import type { UsageStatsResponse } from '../../src/api/contract/stats';
import type { PollsState } from '../polls/model';
import type { AttributesState } from '../projects/attributes';
import type { ProjectsState } from '../projects/model';
import type { RisksState } from '../risks/model';

/** Everything the mock backend stores. Bump schemaVersion when the shape changes. */
export interface MockState extends PollsState, RisksState, ProjectsState, AttributesState {
  meta: { schemaVersion: number };
  banner: { html_text: string };
  stats: UsageStatsResponse[];
  /** Session ids revoked by logout; their refresh tokens are refused. */
  revokedSessions: string[];
  accounts: AccountListItem[];
  projects: ProjectListItem[];
  actionRequests: ActionRequest[];
}

export const SCHEMA_VERSION = 10;
