import {
  ISSUE_GRADES,
  RATINGS,
  RISK_KINDS,
  RISK_LEVELS,
  RISK_STATUSES,
  VISIBILITY_TAGS,
  type Rating,
  type RiskFilters,
  type RiskLevel,
  type RiskListItem,
} from '../../../api/contract/risks';
import { codeIn, oneOf, positiveInt, readParams, trimmed } from '../../../shared/lib/searchParams';

/**
 * The risk list's state as the URL holds it: the page kind (level tab or duplicates), the scope,
 * the filters, and the ordering. Everything here is pure, so the page, the heat map, the export
 * and the tests share one definition of "what the filters show".
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
  'priority',
  'severity',
  'owner',
  'tag',
  'label',
  'due_before',
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
    priority: codeIn(ISSUE_GRADES),
    severity: codeIn(ISSUE_GRADES),
    owner: positiveInt,
    tag: codeIn(VISIBILITY_TAGS),
    label: trimmed,
    due_before: isoDate,
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

export interface FilterResult<Row> {
  /** The rows the filters show, in the order given. */
  rows: Row[];
  /**
   * Open risks that pass every filter but probability and impact, by probability × impact: the heat
   * map shows where the rest lie while one cell is picked.
   */
  heat: HeatCounts;
}

/**
 * Applies the filters to rows already sorted, in one pass: sorting happens once per ordering
 * change, filtering on every keystroke, so 10 000 rows filter well within a frame.
 * `searchTexts[i]` is `searchTextOf` of the row `at(row)` whose `indexOf(row)` is i.
 */
export function applyFilters<Row>(
  sorted: readonly Row[],
  at: (row: Row) => RiskListItem,
  filters: ListFilters,
  searchText: (row: Row) => string,
): FilterResult<Row> {
  const passes = compile(filters);
  const terms = searchTerms(filters.search);
  const { probability, impact } = filters;
  const heat = emptyHeat();
  const rows: Row[] = [];
  for (const row of sorted) {
    const risk = at(row);
    if (!passes(risk)) continue;
    if (terms.length > 0) {
      const text = searchText(row);
      if (!terms.every((term) => text.includes(term))) continue;
    }
    if (risk.status === 'open' && risk.probability && risk.impact) {
      heat[risk.probability][risk.impact] += 1;
    }
    if (probability && risk.probability !== probability) continue;
    if (impact && risk.impact !== impact) continue;
    rows.push(row);
  }
  return { rows, heat };
}

export function searchTerms(search: string | undefined): string[] {
  return (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

/** One predicate for every filter but search, probability and impact (applied by the caller). */
function compile(filters: ListFilters): (risk: RiskListItem) => boolean {
  const checks: ((risk: RiskListItem) => boolean)[] = [];
  const { kind, status, priority, severity, owner, tag, label, due_before } = filters;
  if (kind) checks.push((risk) => risk.kind === kind);
  if (status) checks.push((risk) => risk.status === status);
  if (priority) checks.push((risk) => risk.priority === priority);
  if (severity) checks.push((risk) => risk.severity === severity);
  if (owner) checks.push((risk) => risk.owner.id === owner);
  if (tag) checks.push((risk) => risk.visibility_tags.includes(tag));
  if (label) {
    const wanted = label.toLowerCase();
    checks.push((risk) => risk.labels.some((candidate) => candidate.toLowerCase() === wanted));
  }
  if (due_before) checks.push((risk) => !!risk.due_date && risk.due_date <= due_before);
  return (risk) => checks.every((check) => check(risk));
}

/** The owners of the rows, by name, for the owner filter. */
export function ownersOf(risks: readonly RiskListItem[]): RiskListItem['owner'][] {
  const byId = new Map<number, RiskListItem['owner']>();
  for (const risk of risks) byId.set(risk.owner.id, risk.owner);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The labels used on the rows, alphabetically, for the label filter. */
export function labelsOf(risks: readonly RiskListItem[]): string[] {
  const labels = new Set<string>();
  for (const risk of risks) for (const label of risk.labels) labels.add(label);
  return [...labels].sort((a, b) => a.localeCompare(b));
}

/** An open risk or issue whose due date has passed. */
export function isOverdue(risk: RiskListItem, today: string): boolean {
  return risk.status === 'open' && !!risk.due_date && risk.due_date < today;
}

/** A day as the date input writes it, YYYY-MM-DD. */
function isoDate(value: string | null): string | undefined {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}
