import {
  SCORE_LEVELS,
  type DashboardAccountRow,
  type DashboardQuery,
} from '../../api/contract/dashboard';
import { codeIn, positiveInt, readParams, trimmed } from '../../shared/lib/searchParams';

/** The URL params that filter the dashboard on the server; `sort` orders it here. */
export const FILTER_PARAMS = ['search', 'segment', 'line', 'riskiness', 'issueness'] as const;

const READERS = {
  search: trimmed,
  segment: positiveInt,
  line: positiveInt,
  riskiness: codeIn(SCORE_LEVELS),
  issueness: codeIn(SCORE_LEVELS),
};

/** The call the URL describes; values it does not know are left out rather than sent. */
export function readDashboardQuery(params: URLSearchParams): DashboardQuery {
  return readParams(params, READERS);
}

/** The columns the table sorts by, in the order it shows them. */
export const SORT_KEYS = [
  'account',
  'line',
  'segment',
  'riskiness',
  'issueness',
  'high_risks',
  'overdue',
  'last_check',
  'actual',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface DashboardSort {
  key: SortKey;
  descending: boolean;
}

/** With no `sort` in the URL, the riskiest accounts come first. */
export const DEFAULT_SORT: DashboardSort = { key: 'riskiness', descending: true };

/** `sort=-issueness` → issueness, descending; a missing or unknown key gives the default. */
export function readSort(value: string | null): DashboardSort {
  const key = SORT_KEYS.find((candidate) => candidate === value?.replace(/^-/, ''));
  return key ? { key, descending: value?.startsWith('-') ?? false } : DEFAULT_SORT;
}

/** The URL value of a sort; the default is left out. */
export function writeSort(sort: DashboardSort): string | undefined {
  if (sort.key === DEFAULT_SORT.key && sort.descending === DEFAULT_SORT.descending)
    return undefined;
  return sort.descending ? `-${sort.key}` : sort.key;
}

/** Pressing a column's sort button: ascending first, then descending, then ascending again. */
export function nextSort(current: DashboardSort, key: SortKey): DashboardSort {
  return { key, descending: current.key === key && !current.descending };
}

const LEVEL_RANK = { low: 1, moderate: 2, high: 3 } as const;
const byText = (a: string, b: string) => a.localeCompare(b, 'en-US', { sensitivity: 'base' });

/** Each column's order, ascending; rows without a value (no check, no actual) sort first. */
const COMPARE: Record<SortKey, (a: DashboardAccountRow, b: DashboardAccountRow) => number> = {
  account: (a, b) => byText(a.name, b.name),
  line: (a, b) => byText(a.business_line.name, b.business_line.name),
  segment: (a, b) => byText(a.business_segment.name, b.business_segment.name),
  riskiness: (a, b) => a.riskiness.score - b.riskiness.score,
  issueness: (a, b) => a.issueness.score - b.issueness.score,
  high_risks: (a, b) => a.open_high_risks - b.open_high_risks,
  overdue: (a, b) => a.overdue_action_items - b.overdue_action_items,
  last_check: (a, b) => byText(a.last_check?.due_date ?? '', b.last_check?.due_date ?? ''),
  actual: (a, b) =>
    (a.actual_riskiness ? LEVEL_RANK[a.actual_riskiness.level] : 0) -
    (b.actual_riskiness ? LEVEL_RANK[b.actual_riskiness.level] : 0),
};

/** The rows in the order asked, ties by account name; the answer itself stays as it was. */
export function sortRows(
  rows: readonly DashboardAccountRow[],
  { key, descending }: DashboardSort,
): DashboardAccountRow[] {
  const compare = COMPARE[key];
  const sign = descending ? -1 : 1;
  return [...rows].sort((a, b) => sign * compare(a, b) || byText(a.name, b.name));
}
