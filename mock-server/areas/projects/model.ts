import { nowIso, today } from '../../lib/clock';
import { nextId } from '../../lib/ids';
import type { PersonRef } from '../../../src/api/contract/actionRequests';
import type {
  LastCheck,
  Portfolio,
  PortfolioProject,
  ProjectDetail,
  ProjectFile,
  ProjectHistoryEntry,
  StoredFileRef,
} from '../../../src/api/contract/projects';
import { RATINGS, type Rating } from '../../../src/api/contract/risks';
import { isCurrentMember } from '../../../src/api/contract/projectTeam';
import type { StoredProjectDetails } from './state';
import type { MockState } from '../../store/state';
import { personOf } from '../../lib/people';

/** Checks that run: neither finished nor canceled, nor waiting to start. */
const IN_PROGRESS = new Set(['started', 'expert', 'supervisor_review', 'review_completed']);

const highest = (ratings: (Rating | null)[]): Rating | null => {
  let best = -1;
  for (const rating of ratings) if (rating) best = Math.max(best, RATINGS.indexOf(rating));
  return best < 0 ? null : RATINGS[best]!;
};

/** Per project: its open risks and issues, its checks. One pass over each table. */
function projectFacts(state: MockState) {
  const risks = new Map<
    number,
    { ratings: Rating[]; high: number; risks: number; issues: number }
  >();
  for (const risk of state.risks) {
    if (risk.level !== 'project' || risk.status !== 'open') continue;
    const facts = risks.get(risk.scope.id) ?? { ratings: [], high: 0, risks: 0, issues: 0 };
    if (risk.kind === 'issue') facts.issues += 1;
    else {
      facts.risks += 1;
      if (risk.rating) facts.ratings.push(risk.rating);
      if (risk.rating === 'high') facts.high += 1;
    }
    risks.set(risk.scope.id, facts);
  }
  const checks = new Map<number, { last: LastCheck | null; lastAt: string; running: number }>();
  for (const poll of state.polls) {
    if (poll.status === 'canceled' || poll.is_invalid) continue;
    const facts = checks.get(poll.project_id) ?? { last: null, lastAt: '', running: 0 };
    if (IN_PROGRESS.has(poll.status)) facts.running += 1;
    if (poll.created_at > facts.lastAt) {
      facts.lastAt = poll.created_at;
      facts.last = {
        id: poll.id,
        status: poll.status,
        type: poll.type,
        date: poll.finished_at ?? poll.created_at,
      };
    }
    checks.set(poll.project_id, facts);
  }
  return { risks, checks };
}

export function detailsOf(state: MockState, projectId: number): StoredProjectDetails | undefined {
  return state.projectDetails.find((details) => details.project_id === projectId);
}

export function managerOf(state: MockState, projectId: number): PersonRef | null {
  const team = state.projectTeams.find((candidate) => candidate.project_id === projectId);
  return team ? personOf(state, team.pm_id) : null;
}

/** The business line an account belongs to (every account has one). */
export function lineOfAccount(state: MockState, accountId: number) {
  return state.businessLines.find((line) => line.account_ids.includes(accountId));
}

/** `GET /api/portfolio/`: the tree and every project row with its counts. */
export function buildPortfolio(
  state: MockState,
  extra: readonly PortfolioProject[] = [],
): Portfolio {
  const { risks, checks } = projectFacts(state);
  const projects: PortfolioProject[] = state.projects.map((project) => {
    const details = detailsOf(state, project.id);
    const riskFacts = risks.get(project.id);
    const checkFacts = checks.get(project.id);
    return {
      id: project.id,
      name: project.name,
      code: details?.code ?? '',
      account_id: project.account_id,
      manager: managerOf(state, project.id),
      status: details?.status ?? 'active',
      high_ownership: project.high_ownership,
      last_check: checkFacts?.last ?? null,
      open_risk_rating: highest(riskFacts?.ratings ?? []),
      open_risks: riskFacts?.risks ?? 0,
      open_high_risks: riskFacts?.high ?? 0,
      open_issues: riskFacts?.issues ?? 0,
      checks_in_progress: checkFacts?.running ?? 0,
    };
  });
  return { ...portfolioStructure(state), projects: [...projects, ...extra] };
}

/** The segments, lines and accounts the portfolio and the planner group and filter by. */
export function portfolioStructure(state: MockState): Omit<Portfolio, 'projects'> {
  return {
    segments: state.businessSegments.map(({ id, name }) => ({ id, name })),
    lines: state.businessLines.map(({ id, name, segment_id }) => ({ id, name, segment_id })),
    accounts: state.accounts.map((account) => ({
      id: account.id,
      name: account.name,
      line_id: lineOfAccount(state, account.id)?.id ?? 0,
    })),
  };
}

/**
 * `GET /api/projects/{id}/`, or undefined for an unknown project; `linkFile` gives a stored file
 * its download address for the caller.
 */
export function projectDetail(
  state: MockState,
  projectId: number,
  linkFile: (file: StoredFileRef) => ProjectFile,
): ProjectDetail | undefined {
  const project = state.projects.find((candidate) => candidate.id === projectId);
  const details = detailsOf(state, projectId);
  if (!project || !details) return undefined;
  const line = lineOfAccount(state, project.account_id);
  const segment = state.businessSegments.find((candidate) => candidate.id === line?.segment_id);
  const { risks, checks } = projectFacts(state);
  return {
    id: project.id,
    name: project.name,
    code: details.code,
    status: details.status,
    high_ownership: project.high_ownership,
    account: { id: project.account_id, name: project.account_name },
    business_line: { id: line?.id ?? 0, name: line?.name ?? '' },
    business_segment: { id: segment?.id ?? 0, name: segment?.name ?? '' },
    manager: managerOf(state, projectId),
    start_date: details.start_date,
    end_date: details.end_date,
    description: details.description,
    expert_description: details.expert_description,
    exclude_from_kpi: details.exclude_from_kpi,
    ada: details.ada,
    profile_revenue: details.profile_revenue && linkFile(details.profile_revenue),
    open_risks: risks.get(projectId)?.risks ?? 0,
    open_issues: risks.get(projectId)?.issues ?? 0,
    checks_in_progress: checks.get(projectId)?.running ?? 0,
    team_size: state.projectMembers.filter(
      (member) => member.project_id === projectId && isCurrentMember(member, today()),
    ).length,
  };
}

/** Appends one line to the card's History (who, when, where, field, old, new). */
export function recordProjectChange(
  state: MockState,
  projectId: number,
  by: PersonRef,
  change: Omit<ProjectHistoryEntry, 'id' | 'at' | 'by'>,
): void {
  const id = nextId(state.projectHistory);
  state.projectHistory.push({
    id,
    project_id: projectId,
    at: nowIso(),
    by,
    ...change,
  });
}
