import {
  CONTRIBUTOR_TYPES,
  FINDING_POINTS,
  GRADE_POINTS,
  OVERDUE_ACTION_ITEM_POINTS,
  RATING_POINTS,
  type Contributor,
} from '../../../src/api/contract/dashboard';
import { OUTCOME_SEVERITY_LABELS } from '../../../src/api/contract/pollLabels';
import type { PollStatus } from '../../../src/api/contract/polls';
import { ISSUE_GRADE_LABELS, RATING_LABELS, type NamedRef } from '../../../src/api/contract/risks';
import type { StoredPoll } from '../checks/state';
import type { StoredRisk } from '../risks/model';
import type { MockState } from '../../store/state';

/**
 * The two scores of every account, exactly as the header of src/api/contract/dashboard.ts defines
 * them, from one pass over each table (a Map by account, never a scan per account). Pure: the
 * seed uses it for the snapshots' starting point, the routes for every answer.
 */

/** What the dashboard knows of one account, live. */
export interface AccountScores {
  accountId: number;
  riskiness: number;
  issueness: number;
  /** Every record adding riskiness points, most points first. */
  riskinessContributors: ScoredContributor[];
  /** Every record adding issueness points, most points first. */
  issuenessContributors: ScoredContributor[];
  /** Open risks rated High. */
  openHighRisks: number;
  /** Not-done action items of open risks and issues due before today. */
  overdueActionItems: number;
  /** The latest check of its projects by due date. */
  lastCheck: StoredPoll | null;
  /** Its risks and issues at its level and its projects', open or closed. */
  risks: StoredRisk[];
}

/** A contributor with the project it counts under (null: the account's own level). */
export interface ScoredContributor extends Contributor {
  projectId: number | null;
}

/** Closed statuses in which an audit's findings stand: its report is done. */
const FINISHED_AUDIT: readonly PollStatus[] = ['finished', 'review_completed'];

/** `YYYY-MM-DD` as spec §9 shows a date, MM/DD/YYYY. */
export const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

const TYPE_RANK = Object.fromEntries(CONTRIBUTOR_TYPES.map((type, index) => [type, index]));

/** Most points first, then risks before issues, findings and action items, then by id. */
export const byPoints = (a: Contributor, b: Contributor) =>
  b.points - a.points || TYPE_RANK[a.type]! - TYPE_RANK[b.type]! || a.id - b.id;

/** The tables the scores read. */
export type ScoredState = Pick<
  MockState,
  'accounts' | 'projects' | 'risks' | 'riskActionItems' | 'polls' | 'outcomes'
>;

/** The scores of every stored account, keyed by account id, as of `today` (`YYYY-MM-DD`). */
export function scoreIndex(state: ScoredState, today: string): Map<number, AccountScores> {
  const scores = new Map<number, AccountScores>();
  for (const account of state.accounts) {
    scores.set(account.id, {
      accountId: account.id,
      riskiness: 0,
      issueness: 0,
      riskinessContributors: [],
      issuenessContributors: [],
      openHighRisks: 0,
      overdueActionItems: 0,
      lastCheck: null,
      risks: [],
    });
  }
  const projects = new Map<number, { accountId: number; ref: NamedRef }>();
  for (const project of state.projects)
    projects.set(project.id, {
      accountId: project.account_id,
      ref: { id: project.id, name: project.name },
    });

  // Risks and issues at the account's level and at its projects'.
  const riskAccount = new Map<number, { risk: StoredRisk; scores: AccountScores }>();
  for (const risk of state.risks) {
    const accountId =
      risk.level === 'account'
        ? risk.scope.id
        : risk.level === 'project'
          ? projects.get(risk.scope.id)?.accountId
          : undefined;
    const account = accountId === undefined ? undefined : scores.get(accountId);
    if (!account) continue;
    account.risks.push(risk);
    riskAccount.set(risk.id, { risk, scores: account });
    if (risk.status !== 'open') continue;
    const projectId = risk.level === 'project' ? risk.scope.id : null;
    const project = projectId === null ? null : (projects.get(projectId)?.ref ?? risk.project);
    const contributor = (type: 'risk' | 'issue', reason: string, points: number) => ({
      type,
      id: risk.id,
      title: risk.statement,
      reason,
      points,
      project,
      category: risk.category,
      path: `/risks/${risk.id}`,
      projectId,
    });
    if (risk.kind === 'risk') {
      if (risk.rating === 'high') account.openHighRisks += 1;
      if (!risk.probability || !risk.impact) continue;
      const points = RATING_POINTS[risk.probability] * RATING_POINTS[risk.impact];
      account.riskiness += points;
      account.riskinessContributors.push(
        contributor(
          'risk',
          `${RATING_LABELS[risk.probability]} × ${RATING_LABELS[risk.impact]} = ${points}`,
          points,
        ),
      );
    } else {
      if (!risk.priority || !risk.severity) continue;
      const points = GRADE_POINTS[risk.priority] * GRADE_POINTS[risk.severity];
      account.issueness += points;
      account.issuenessContributors.push(
        contributor(
          'issue',
          `${ISSUE_GRADE_LABELS[risk.priority]} × ${ISSUE_GRADE_LABELS[risk.severity]} = ${points}`,
          points,
        ),
      );
    }
  }

  // Overdue action items: counted for open risks and issues, points for the issues' only.
  for (const item of state.riskActionItems) {
    if (item.done || item.due_date === null || item.due_date >= today) continue;
    const owner = riskAccount.get(item.risk_id);
    if (!owner || owner.risk.status !== 'open') continue;
    const { risk, scores: account } = owner;
    account.overdueActionItems += 1;
    if (risk.kind !== 'issue') continue;
    const projectId = risk.level === 'project' ? risk.scope.id : null;
    account.issueness += OVERDUE_ACTION_ITEM_POINTS;
    account.issuenessContributors.push({
      type: 'action_item',
      id: item.id,
      title: item.title,
      reason: `Overdue since ${usDate(item.due_date)} = ${OVERDUE_ACTION_ITEM_POINTS}`,
      points: OVERDUE_ACTION_ITEM_POINTS,
      project: projectId === null ? null : (projects.get(projectId)?.ref ?? risk.project),
      projectId,
      category: risk.category,
      path: `/risks/${risk.id}`,
    });
  }

  // Each project's latest finished audit, and each account's latest check.
  const latestAudit = new Map<number, StoredPoll>();
  for (const poll of state.polls) {
    const project = projects.get(poll.project_id);
    const account = project && scores.get(project.accountId);
    if (!account) continue;
    if (!account.lastCheck || later(poll, account.lastCheck)) account.lastCheck = poll;
    if (poll.type !== 'audit_check' || !FINISHED_AUDIT.includes(poll.status)) continue;
    const current = latestAudit.get(poll.project_id);
    if (!current || later(poll, current)) latestAudit.set(poll.project_id, poll);
  }
  const audits = new Map([...latestAudit.values()].map((poll) => [poll.id, poll]));
  for (const outcome of state.outcomes) {
    const poll = audits.get(outcome.poll_id);
    if (!poll || outcome.done_at !== null) continue;
    const points = FINDING_POINTS[outcome.severity];
    if (points === 0) continue;
    const project = projects.get(poll.project_id)!;
    const account = scores.get(project.accountId)!;
    account.riskiness += points;
    account.riskinessContributors.push({
      type: 'finding',
      id: outcome.id,
      title: outcome.title,
      reason: `${OUTCOME_SEVERITY_LABELS[outcome.severity]} = ${points}`,
      points,
      project: project.ref,
      projectId: poll.project_id,
      category: null,
      path: `/checks/${poll.id}`,
    });
  }

  for (const account of scores.values()) {
    account.riskinessContributors.sort(byPoints);
    account.issuenessContributors.sort(byPoints);
  }
  return scores;
}

/** The later of two checks: by due date, then by finish, then the newer record. */
function later(a: StoredPoll, b: StoredPoll): boolean {
  if (a.due_date !== b.due_date) return a.due_date > b.due_date;
  if ((a.finished_at ?? '') !== (b.finished_at ?? ''))
    return (a.finished_at ?? '') > (b.finished_at ?? '');
  return a.id > b.id;
}
