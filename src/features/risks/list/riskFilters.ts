import {
  ISSUE_GRADES,
  RATINGS,
  RISK_KINDS,
  RISK_LEVELS,
  RISK_STATUSES,
  VISIBILITY_TAGS,
  type Rating,
  type RiskFilters,
  type RiskHeatCell,
  type RiskLevel,
  type RiskListItem,
} from '../../../api/contract/risks';
import { codeIn, oneOf, positiveInt, readParams, trimmed } from '../../../shared/lib/searchParams';

/**
 * The risk list's state as the URL holds it: the page kind (level tab or duplicates), the scope,
 * the filters, and the ordering. The URL's names are the API's (RiskFilters), so the list hands
 * them to the server as they are.
 */

/** The filters of the list page; `poll` narrows to the risks created during one check. */
export type ListFilters = RiskFilters & { poll?: number };

export type FilterKey = keyof ListFilters;

/** Every URL param that narrows the rows ('Reset to default' clears them all). */
export const FILTER_KEYS = [
  'kind',
  'status',
  'probability',
  'impact',
  'rating',
  'priority',
  'severity',
  'owner',
  'tag',
  'label',
  'due_before',
  'due_after',
  'action_owner',
  'action_due_before',
  'search',
  'poll',
] as const satisfies readonly FilterKey[];

export type PageKind = RiskLevel | 'duplicates';

/** The list page's view: `?view=duplicates`, otherwise the level tab (project by default). */
export function readPageKind(params: URLSearchParams): PageKind {
  return params.get('view') === 'duplicates' ? 'duplicates' : readLevel(params);
}

export function readLevel(params: URLSearchParams): RiskLevel {
  return oneOf(RISK_LEVELS, params.get('level')) ?? 'project';
}

/** The scope id in the URL, or undefined for "All". */
export function readScope(params: URLSearchParams): number | undefined {
  return positiveInt(params.get('scope'));
}

/** The filters the URL describes; unknown values are ignored rather than applied. */
export function readFilters(params: URLSearchParams): ListFilters {
  return readParams(params, {
    kind: codeIn(RISK_KINDS),
    status: codeIn(RISK_STATUSES),
    probability: codeIn(RATINGS),
    impact: codeIn(RATINGS),
    rating: codeIn(RATINGS),
    priority: codeIn(ISSUE_GRADES),
    severity: codeIn(ISSUE_GRADES),
    owner: positiveInt,
    tag: codeIn(VISIBILITY_TAGS),
    label: trimmed,
    due_before: isoDate,
    due_after: isoDate,
    action_owner: positiveInt,
    action_due_before: isoDate,
    search: trimmed,
    poll: positiveInt,
  });
}

export function hasFilters(filters: ListFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key] !== undefined);
}

/** What the search box looks through: statement, labels and owner ('Name (login)'). */
export function searchTextOf(risk: RiskListItem): string {
  return `${risk.statement}\n${risk.labels.join('\n')}\n${risk.owner.name} (${risk.owner.login})`.toLowerCase();
}

/** Probability × impact counts of the open risks, indexed [probability][impact]. */
export type HeatCounts = Record<Rating, Record<Rating, number>>;

export function emptyHeat(): HeatCounts {
  return {
    low: { low: 0, moderate: 0, high: 0 },
    moderate: { low: 0, moderate: 0, high: 0 },
    high: { low: 0, moderate: 0, high: 0 },
  };
}

/** The summary's nine cells as the heat map reads them, [probability][impact]. */
export function heatCounts(cells: readonly RiskHeatCell[]): HeatCounts {
  const heat = emptyHeat();
  for (const { probability, impact, count } of cells) heat[probability][impact] = count;
  return heat;
}

/** An open risk or issue whose due date has passed. */
export function isOverdue(risk: RiskListItem, today: string): boolean {
  return risk.status === 'open' && !!risk.due_date && risk.due_date < today;
}

/** A day as the date input writes it, YYYY-MM-DD. */
function isoDate(value: string | null): string | undefined {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}
