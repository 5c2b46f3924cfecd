import type { PersonRef } from '../../../src/api/contract/actionRequests';
import {
  RATING_POINTS,
  SCORE_LEVELS,
  SCORE_THRESHOLDS,
  contributorKey,
  levelOf,
  type ActualRiskiness,
  type Contributor,
  type DashboardAccountDetail,
  type DashboardAccountRow,
  type DashboardChange,
  type DashboardCheck,
  type DashboardProject,
  type DashboardRisk,
  type DashboardTrendPoint,
  type LevelCounts,
  type Month,
  type PointsBy,
  type Score,
  type ScoreExplanation,
  type ScoreKind,
  type ScoreLevel,
} from '../../../src/api/contract/dashboard';
import { RISK_CATEGORY_LABELS, type NamedRef } from '../../../src/api/contract/risks';
import type { StoredAccountTeam } from '../accounts/state';
import { today as clockToday } from '../../lib/clock';
import type { MockState } from '../../store/state';
import { scoreIndex, type AccountScores, type ScoredContributor } from './scores';
import type { StoredActualRiskiness, StoredScoreSnapshot } from './state';

export type { DashboardState, StoredActualRiskiness, StoredScoreSnapshot } from './state';

/** Months shown: the 11 before the current one, then the current one (live). */
export const MONTHS_SHOWN = 12;
/** The changes an account page lists. */
export const RECENT_CHANGES = 20;

/** The `YYYY-MM` `offset` months after `month` (negative: before). */
export function shiftMonth(month: Month, offset: number): Month {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The months shown, oldest first, ending with `month`. */
export const monthsEndingWith = (month: Month): Month[] =>
  Array.from({ length: MONTHS_SHOWN }, (_, index) => shiftMonth(month, index - MONTHS_SHOWN + 1));

/**
 * Everything one dashboard answer reads, indexed once: the live scores by account, the
 * snapshots and actual riskiness records by account, each account's place and team.
 */
export interface DashboardContext {
  state: MockState;
  today: string;
  month: Month;
  months: Month[];
  scores: Map<number, AccountScores>;
  /** Snapshot by `account:month`. */
  snapshots: Map<string, StoredScoreSnapshot>;
  /** Each account's actual riskiness records, newest first. */
  actual: Map<number, StoredActualRiskiness[]>;
  places: Map<number, { business_line: NamedRef; business_segment: NamedRef }>;
  teams: Map<number, StoredAccountTeam>;
  people: Map<number, PersonRef>;
}

export function dashboardContext(state: MockState, today = clockToday()): DashboardContext {
  const month = today.slice(0, 7);
  const months = monthsEndingWith(month);
  const shown = new Set(months);
  const snapshots = new Map<string, StoredScoreSnapshot>();
  for (const snapshot of state.scoreSnapshots)
    if (shown.has(snapshot.month))
      snapshots.set(`${snapshot.account_id}:${snapshot.month}`, snapshot);
  const actual = new Map<number, StoredActualRiskiness[]>();
  for (const record of state.actualRiskiness) {
    const list = actual.get(record.account_id);
    if (list) list.push(record);
    else actual.set(record.account_id, [record]);
  }
  for (const list of actual.values())
    list.sort((a, b) => b.recorded_at.localeCompare(a.recorded_at) || b.id - a.id);
  const segments = new Map(state.businessSegments.map((segment) => [segment.id, segment]));
  const places = new Map<number, { business_line: NamedRef; business_segment: NamedRef }>();
  for (const line of state.businessLines) {
    const segment = segments.get(line.segment_id);
    for (const accountId of line.account_ids)
      if (!places.has(accountId))
        places.set(accountId, {
          business_line: { id: line.id, name: line.name },
          business_segment: { id: segment?.id ?? 0, name: segment?.name ?? '' },
        });
  }
  return {
    state,
    today,
    month,
    months,
    scores: scoreIndex(state, today),
    snapshots,
    actual,
    places,
    teams: new Map(state.accountTeams.map((team) => [team.account_id, team])),
    people: new Map(state.people.map((person) => [person.id, person])),
  };
}

/**
 * A row with both scores month by month (MONTHS_SHOWN values, the live one last; null for a
 * month without a snapshot), for the trend and the history.
 */
export interface RowSeries {
  row: DashboardAccountRow;
  riskiness: (number | null)[];
  issueness: (number | null)[];
}

export const personIn = (context: DashboardContext, id: number): PersonRef =>
  context.people.get(id) ?? { id, name: `User ${id}`, login: '' };

/** A score now and at the end of last month, from its series. */
export function scoreOf(kind: ScoreKind, series: readonly (number | null)[]): Score {
  const score = series[series.length - 1] ?? 0;
  const previous = series[series.length - 2] ?? null;
  return {
    level: levelOf(kind, score),
    score,
    previous_level: previous === null ? null : levelOf(kind, previous),
    previous_score: previous,
  };
}

/** Every stored account as the dashboard lists it, in the stored order. */
export function storedRows(context: DashboardContext): RowSeries[] {
  return context.state.accounts.map((account) => {
    const scores = context.scores.get(account.id)!;
    const series = (kind: ScoreKind) =>
      context.months.map((month, index) =>
        index === MONTHS_SHOWN - 1
          ? scores[kind]
          : (context.snapshots.get(`${account.id}:${month}`)?.[kind] ?? null),
      );
    const riskiness = series('riskiness');
    const issueness = series('issueness');
    const owner = context.teams.get(account.id)?.delivery_owner_id;
    const actual = actualOf(context, account.id);
    const riskinessScore = scoreOf('riskiness', riskiness);
    return {
      riskiness,
      issueness,
      row: {
        id: account.id,
        name: account.name,
        ...placeOf(context, account.id),
        delivery_owner: owner === null || owner === undefined ? null : personIn(context, owner),
        riskiness: riskinessScore,
        issueness: scoreOf('issueness', issueness),
        open_high_risks: scores.openHighRisks,
        overdue_action_items: scores.overdueActionItems,
        last_check: checkOf(context, scores),
        actual_riskiness: actual,
        disagrees: actual !== null && actual.level !== riskinessScore.level,
      },
    };
  });
}

export const placeOf = (context: DashboardContext, accountId: number) =>
  context.places.get(accountId) ?? {
    business_line: { id: 0, name: '' },
    business_segment: { id: 0, name: '' },
  };

/** This month's actual riskiness of the account, the latest recorded; null when none. */
function actualOf(context: DashboardContext, accountId: number): ActualRiskiness | null {
  const record = context.actual.get(accountId)?.find((entry) => entry.month === context.month);
  return record ? toActual(context, record) : null;
}

export const toActual = (
  context: DashboardContext,
  { id, month, level, reason, recorded_by_id, recorded_at }: StoredActualRiskiness,
): ActualRiskiness => ({
  id,
  month,
  level,
  reason,
  recorded_by: personIn(context, recorded_by_id),
  recorded_at,
});

function checkOf(context: DashboardContext, scores: AccountScores): DashboardCheck | null {
  const poll = scores.lastCheck;
  if (!poll) return null;
  const project = context.state.projects.find((candidate) => candidate.id === poll.project_id);
  return {
    id: poll.id,
    index: poll.index,
    type: poll.type,
    status: poll.status,
    due_date: poll.due_date,
    project: { id: poll.project_id, name: project?.name ?? `Project ${poll.project_id}` },
  };
}

const emptyCounts = (): LevelCounts => ({ low: 0, moderate: 0, high: 0 });

/** The levels of the rows now. */
export function distributionOf(rows: readonly RowSeries[]) {
  const riskiness = emptyCounts();
  const issueness = emptyCounts();
  for (const { row } of rows) {
    riskiness[row.riskiness.level] += 1;
    issueness[row.issueness.level] += 1;
  }
  return { riskiness, issueness };
}

/** The levels of the rows month by month (an account without a snapshot that month is left out). */
export function trendOf(
  months: readonly Month[],
  rows: readonly RowSeries[],
): DashboardTrendPoint[] {
  return months.map((month, index) => {
    const riskiness = emptyCounts();
    const issueness = emptyCounts();
    for (const series of rows) {
      const risk = series.riskiness[index];
      const issue = series.issueness[index];
      if (risk !== null && risk !== undefined) riskiness[levelOf('riskiness', risk)] += 1;
      if (issue !== null && issue !== undefined) issueness[levelOf('issueness', issue)] += 1;
    }
    return { month, riskiness, issueness };
  });
}

/** `GET /api/dashboard/accounts/{id}/`, or undefined for an account not stored. */
export function accountDetail(
  context: DashboardContext,
  accountId: number,
): DashboardAccountDetail | undefined {
  const series = storedRows(context).find(({ row }) => row.id === accountId);
  const scores = context.scores.get(accountId);
  if (!series || !scores) return undefined;
  const points = new Map<number, { riskiness: number; issueness: number }>();
  const add = (contributors: ScoredContributor[], kind: ScoreKind) => {
    for (const contributor of contributors) {
      if (contributor.projectId === null) continue;
      const entry = points.get(contributor.projectId) ?? { riskiness: 0, issueness: 0 };
      entry[kind] += contributor.points;
      points.set(contributor.projectId, entry);
    }
  };
  add(scores.riskinessContributors, 'riskiness');
  add(scores.issuenessContributors, 'issueness');
  const projects: DashboardProject[] = context.state.projects
    .filter((project) => project.account_id === accountId)
    .map((project) => {
      const open = scores.risks.filter(
        (risk) =>
          risk.status === 'open' && risk.level === 'project' && risk.scope.id === project.id,
      );
      return {
        id: project.id,
        name: project.name,
        riskiness_points: points.get(project.id)?.riskiness ?? 0,
        issueness_points: points.get(project.id)?.issueness ?? 0,
        open_risks: open.filter((risk) => risk.kind === 'risk').length,
        open_issues: open.filter((risk) => risk.kind === 'issue').length,
      };
    })
    .sort(
      (a, b) =>
        b.riskiness_points + b.issueness_points - (a.riskiness_points + a.issueness_points) ||
        a.name.localeCompare(b.name, 'en-US') ||
        a.id - b.id,
    );
  const openRisks: DashboardRisk[] = scores.risks
    .filter((risk) => risk.status === 'open' && risk.kind === 'risk')
    .flatMap((risk) =>
      risk.probability && risk.impact
        ? [
            {
              id: risk.id,
              statement: risk.statement,
              probability: risk.probability,
              impact: risk.impact,
              points: RATING_POINTS[risk.probability] * RATING_POINTS[risk.impact],
              project: risk.level === 'project' ? risk.project : null,
              owner: risk.owner,
            },
          ]
        : [],
    )
    .sort((a, b) => b.points - a.points || a.id - b.id);
  const risks = new Map(scores.risks.map((risk) => [risk.id, risk]));
  const recentChanges: DashboardChange[] = context.state.riskHistory
    .filter((entry) => risks.has(entry.risk_id))
    .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id)
    .slice(0, RECENT_CHANGES)
    .map((entry) => {
      const risk = risks.get(entry.risk_id)!;
      return {
        risk_id: risk.id,
        kind: risk.kind,
        statement: risk.statement,
        field: entry.field,
        old_value: entry.old_value,
        new_value: entry.new_value,
        by: entry.by,
        at: entry.at,
      };
    });
  return {
    ...series.row,
    projects,
    open_risks: openRisks,
    recent_changes: recentChanges,
    history: context.months.flatMap((month, index) => {
      const riskiness = series.riskiness[index];
      const issueness = series.issueness[index];
      return riskiness === null ||
        riskiness === undefined ||
        issueness === null ||
        issueness === undefined
        ? []
        : [{ month, riskiness, issueness }];
    }),
  };
}

/** Whether the person looks after the account: its delivery owner, owner assistant or an extra. */
export const looksAfter = (team: StoredAccountTeam | undefined, userId: number) =>
  !!team &&
  (team.delivery_owner_id === userId ||
    team.owner_assistant_id === userId ||
    team.extra_assistant_ids.includes(userId));

/**
 * The fewest contributors, most points first, whose points together bring the score below its
 * level's threshold; null at Low.
 */
export function toLowerLevel(
  kind: ScoreKind,
  score: number,
  contributors: readonly Contributor[],
): ScoreExplanation['to_lower_level'] {
  const level = levelOf(kind, score);
  if (level === 'low') return null;
  const pointsNeeded = score - SCORE_THRESHOLDS[kind][level] + 1;
  const ids: string[] = [];
  let sum = 0;
  for (const contributor of [...contributors].sort((a, b) => b.points - a.points)) {
    if (sum >= pointsNeeded) break;
    ids.push(contributorKey(contributor));
    sum += contributor.points;
  }
  const lower: ScoreLevel = SCORE_LEVELS[SCORE_LEVELS.indexOf(level) - 1]!;
  return { level: lower, points_needed: pointsNeeded, contributor_ids: ids };
}

/** `GET /api/dashboard/accounts/{id}/riskiness/` or `…/issueness/`; undefined: not stored. */
export function scoreExplanation(
  context: DashboardContext,
  accountId: number,
  kind: ScoreKind,
  canRecordActual: boolean,
): ScoreExplanation | undefined {
  const series = storedRows(context).find(({ row }) => row.id === accountId);
  const scores = context.scores.get(accountId);
  if (!series || !scores) return undefined;
  const scored = kind === 'riskiness' ? scores.riskinessContributors : scores.issuenessContributors;
  const contributors: Contributor[] = scored.map(
    ({ projectId: _project, ...contributor }) => contributor,
  );
  const score = series.row[kind];

  const byProject = new Map<string | null, PointsBy>();
  const byCategory = new Map<string | null, PointsBy>();
  const tally = (
    into: Map<string | null, PointsBy>,
    key: string | null,
    name: string,
    points: number,
  ) => {
    const entry = into.get(key);
    if (entry) entry.points += points;
    else into.set(key, { name, key, points });
  };
  for (const contributor of scored) {
    tally(
      byProject,
      contributor.projectId === null ? null : String(contributor.projectId),
      contributor.project?.name ?? 'Account level',
      contributor.points,
    );
    tally(
      byCategory,
      contributor.category,
      contributor.category === null ? 'Audit findings' : RISK_CATEGORY_LABELS[contributor.category],
      contributor.points,
    );
  }
  const ranked = (entries: Map<string | null, PointsBy>) =>
    [...entries.values()].sort(
      (a, b) => b.points - a.points || a.name.localeCompare(b.name, 'en-US'),
    );

  return {
    kind,
    account: { id: series.row.id, name: series.row.name },
    month: context.month,
    score,
    thresholds: SCORE_THRESHOLDS[kind],
    contributors,
    by_project: ranked(byProject),
    by_category: ranked(byCategory),
    to_lower_level: toLowerLevel(kind, score.score, contributors),
    history: context.months.flatMap((month, index) => {
      const value = series[kind][index];
      return value === null || value === undefined
        ? []
        : [{ month, score: value, level: levelOf(kind, value) }];
    }),
    actual:
      kind === 'riskiness'
        ? (context.actual.get(accountId) ?? []).map((record) => toActual(context, record))
        : [],
    can_record_actual: kind === 'riskiness' && canRecordActual,
  };
}
