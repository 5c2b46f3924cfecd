import { nowIso } from '../../lib/clock';
import { nextId } from '../../lib/ids';
import type {
  AccountDetail,
  AccountHistoryEntry,
  AccountProject,
  AccountRow,
  BusinessLineDetail,
  BusinessLineRow,
  BusinessSegmentDetail,
  OpenRiskCounts,
} from '../../../src/api/contract/accounts';
import type { PersonRef } from '../../../src/api/contract/actionRequests';
import type { AccountListItem } from '../../../src/api/contract/directory';
import { ISSUE_GRADES, RATINGS, type RiskLevel } from '../../../src/api/contract/risks';
import { detailsOf, lineOfAccount, managerOf } from '../projects/model';
import type { MockState } from '../../store/state';
import type { StoredAccountTeam } from './state';
import { personOf } from '../../lib/people';

export type { AccountsState, StoredAccountTeam } from './state';

const emptyCounts = (): OpenRiskCounts => ({
  risks: 0,
  issues: 0,
  risks_by_rating: Object.fromEntries(RATINGS.map((rating) => [rating, 0])) as Record<
    (typeof RATINGS)[number],
    number
  >,
  issues_by_severity: Object.fromEntries(ISSUE_GRADES.map((grade) => [grade, 0])) as Record<
    (typeof ISSUE_GRADES)[number],
    number
  >,
});

function addCounts(into: OpenRiskCounts, from: OpenRiskCounts): void {
  into.risks += from.risks;
  into.issues += from.issues;
  for (const rating of RATINGS) into.risks_by_rating[rating] += from.risks_by_rating[rating];
  for (const grade of ISSUE_GRADES)
    into.issues_by_severity[grade] += from.issues_by_severity[grade];
}

/** Open risks and issues per level and scope id, in one pass over the risks. */
export function openRiskIndex(state: MockState) {
  const index = new Map<string, OpenRiskCounts>();
  for (const risk of state.risks) {
    if (risk.status !== 'open') continue;
    const key = `${risk.level}:${risk.scope.id}`;
    let counts = index.get(key);
    if (!counts) {
      counts = emptyCounts();
      index.set(key, counts);
    }
    if (risk.kind === 'issue') {
      counts.issues += 1;
      if (risk.severity) counts.issues_by_severity[risk.severity] += 1;
    } else {
      counts.risks += 1;
      if (risk.rating) counts.risks_by_rating[risk.rating] += 1;
    }
  }
  return (level: RiskLevel, id: number): OpenRiskCounts => {
    const counts = emptyCounts();
    const found = index.get(`${level}:${id}`);
    if (found) addCounts(counts, found);
    return counts;
  };
}

type CountsOf = ReturnType<typeof openRiskIndex>;

export const teamOf = (state: MockState, accountId: number): StoredAccountTeam | undefined =>
  state.accountTeams.find((team) => team.account_id === accountId);

export const accountOf = (state: MockState, accountId: number): AccountListItem | undefined =>
  state.accounts.find((account) => account.id === accountId);

const personOrNull = (state: MockState, id: number | null | undefined): PersonRef | null =>
  id === null || id === undefined ? null : personOf(state, id);

/** The line and segment an account sits in. */
function placeOf(state: MockState, accountId: number) {
  const line = lineOfAccount(state, accountId);
  const segment = state.businessSegments.find((candidate) => candidate.id === line?.segment_id);
  return {
    business_line: { id: line?.id ?? 0, name: line?.name ?? '' },
    business_segment: { id: segment?.id ?? 0, name: segment?.name ?? '' },
  };
}

const projectsOf = (state: MockState, accountId: number) =>
  state.projects.filter((project) => project.account_id === accountId);

/** Everything open under the account: its own level and its projects'. */
function accountTotals(state: MockState, accountId: number, countsOf: CountsOf): OpenRiskCounts {
  const total = countsOf('account', accountId);
  for (const project of projectsOf(state, accountId))
    addCounts(total, countsOf('project', project.id));
  return total;
}

function accountRow(state: MockState, account: AccountListItem, countsOf: CountsOf): AccountRow {
  const totals = accountTotals(state, account.id, countsOf);
  return {
    id: account.id,
    name: account.name,
    ...placeOf(state, account.id),
    delivery_owner: personOrNull(state, teamOf(state, account.id)?.delivery_owner_id),
    nps_status: account.nps_status,
    csat_status: account.csat_status,
    projects_count: projectsOf(state, account.id).length,
    open_risks: totals.risks,
    open_issues: totals.issues,
  };
}

/** Every account as the list shows it, in the stored order. */
export function accountRows(state: MockState): AccountRow[] {
  const countsOf = openRiskIndex(state);
  return state.accounts.map((account) => accountRow(state, account, countsOf));
}

/** `GET /api/accounts/{id}/details/`, or undefined for an unknown account. */
export function accountDetail(state: MockState, accountId: number): AccountDetail | undefined {
  const account = accountOf(state, accountId);
  if (!account) return undefined;
  const countsOf = openRiskIndex(state);
  const team = teamOf(state, accountId);
  const projectRisks = emptyCounts();
  const projects: AccountProject[] = projectsOf(state, accountId).map((project) => {
    const counts = countsOf('project', project.id);
    addCounts(projectRisks, counts);
    const details = detailsOf(state, project.id);
    return {
      id: project.id,
      name: project.name,
      code: details?.code ?? '',
      status: details?.status ?? 'active',
      high_ownership: project.high_ownership,
      manager: managerOf(state, project.id),
      open_risks: counts.risks,
      open_issues: counts.issues,
    };
  });
  return {
    id: account.id,
    name: account.name,
    ...placeOf(state, accountId),
    delivery_owner: personOrNull(state, team?.delivery_owner_id),
    owner_assistant: personOrNull(state, team?.owner_assistant_id),
    extra_assistants: (team?.extra_assistant_ids ?? []).map((id) => personOf(state, id)),
    nps_status: account.nps_status,
    csat_status: account.csat_status,
    projects,
    account_risks: countsOf('account', accountId),
    project_risks: projectRisks,
  };
}

const lineAccounts = (state: MockState, lineId: number) => {
  const line = state.businessLines.find((candidate) => candidate.id === lineId);
  const ids = new Set(line?.account_ids ?? []);
  return state.accounts.filter((account) => ids.has(account.id));
};

/** `GET /api/business-lines/{id}/`, or undefined for an unknown line. */
export function businessLineDetail(
  state: MockState,
  lineId: number,
): BusinessLineDetail | undefined {
  const line = state.businessLines.find((candidate) => candidate.id === lineId);
  if (!line) return undefined;
  const segment = state.businessSegments.find((candidate) => candidate.id === line.segment_id);
  const countsOf = openRiskIndex(state);
  const accounts = lineAccounts(state, lineId).map((account) =>
    accountRow(state, account, countsOf),
  );
  return {
    id: line.id,
    name: line.name,
    business_segment: { id: segment?.id ?? 0, name: segment?.name ?? '' },
    accounts,
    projects_count: accounts.reduce((sum, account) => sum + account.projects_count, 0),
    line_risks: countsOf('business_line', lineId),
  };
}

/** `GET /api/business-segments/{id}/`, or undefined for an unknown segment. */
export function businessSegmentDetail(
  state: MockState,
  segmentId: number,
): BusinessSegmentDetail | undefined {
  const segment = state.businessSegments.find((candidate) => candidate.id === segmentId);
  if (!segment) return undefined;
  const countsOf = openRiskIndex(state);
  const lines: BusinessLineRow[] = [];
  const accounts: AccountRow[] = [];
  for (const line of state.businessLines.filter(
    (candidate) => candidate.segment_id === segmentId,
  )) {
    const rows = lineAccounts(state, line.id).map((account) =>
      accountRow(state, account, countsOf),
    );
    const lineCounts = countsOf('business_line', line.id);
    accounts.push(...rows);
    lines.push({
      id: line.id,
      name: line.name,
      accounts_count: rows.length,
      projects_count: rows.reduce((sum, row) => sum + row.projects_count, 0),
      open_risks: lineCounts.risks + rows.reduce((sum, row) => sum + row.open_risks, 0),
      open_issues: lineCounts.issues + rows.reduce((sum, row) => sum + row.open_issues, 0),
    });
  }
  return {
    id: segment.id,
    name: segment.name,
    lines,
    accounts,
    projects_count: lines.reduce((sum, line) => sum + line.projects_count, 0),
    segment_risks: countsOf('business_segment', segmentId),
  };
}

/** Appends one line to the account's history (who, when, field, old, new). */
export function recordAccountChange(
  state: MockState,
  accountId: number,
  by: PersonRef,
  change: Omit<AccountHistoryEntry, 'id' | 'at' | 'by'>,
): void {
  const id = nextId(state.accountHistory);
  state.accountHistory.push({
    id,
    account_id: accountId,
    at: nowIso(),
    by,
    ...change,
  });
}
