/**
 * A register the tests' server answers from, by query, as the contract says the backend does:
 * `GET /api/risks/` filtered, searched, ordered and paged (DRF), `GET /api/risks/summary/` counted
 * over the same filters. A brute-force scan over a handful of rows: imported by the tests only.
 */
import { HttpResponse } from 'msw';
import type { Paginated } from '../../../api/contract/drf';
import {
  ISSUE_GRADES,
  RATINGS,
  RISK_ORDERING_FIELDS,
  RISK_PAGE_SIZE,
  RISK_PAGE_SIZE_MAX,
  type RiskListItem,
  type RiskSummary,
} from '../../../api/contract/risks';
import { searchTextOf } from './riskFilters';

type Query = URLSearchParams;

/** The rows the query's filters show (all of them, or all but probability, impact and rating). */
export function filterRows(rows: readonly RiskListItem[], query: Query, forHeat = false) {
  const get = (name: string) => query.get(name) ?? undefined;
  const terms = (get('search') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const label = get('label')?.toLowerCase();
  return rows.filter((risk) => {
    const checks: [string | undefined, () => boolean][] = [
      [get('level'), () => risk.level === get('level')],
      [get('scope'), () => String(risk.scope.id) === get('scope')],
      [get('poll'), () => String(risk.poll_id) === get('poll')],
      [get('kind'), () => risk.kind === get('kind')],
      [get('status'), () => risk.status === get('status')],
      [get('priority'), () => risk.priority === get('priority')],
      [get('severity'), () => risk.severity === get('severity')],
      [get('owner'), () => String(risk.owner.id) === get('owner')],
      [get('tag'), () => risk.visibility_tags.some((tag) => tag === get('tag'))],
      [label, () => risk.labels.some((one) => one.toLowerCase() === label)],
      [get('due_before'), () => !!risk.due_date && risk.due_date <= get('due_before')!],
      [get('due_after'), () => !!risk.due_date && risk.due_date >= get('due_after')!],
      [
        terms.length ? 'search' : undefined,
        () => terms.every((term) => searchTextOf(risk).includes(term)),
      ],
      ...(forHeat
        ? []
        : ([
            [get('probability'), () => risk.probability === get('probability')],
            [get('impact'), () => risk.impact === get('impact')],
            [get('rating'), () => risk.rating === get('rating')],
          ] as [string | undefined, () => boolean][])),
    ];
    return checks.every(([value, passes]) => value === undefined || passes());
  });
}

/** `ordering` as the contract has it: graded fields Low → High, empty values last either way. */
export function orderRows(rows: readonly RiskListItem[], ordering: string | null) {
  const field = (ordering ?? '-created_at').replace(/^-/, '');
  const descending = (ordering ?? '-created_at').startsWith('-');
  const valueOf = (risk: RiskListItem): string | number | undefined => {
    switch (field) {
      case 'probability':
      case 'impact':
      case 'rating': {
        const rating = risk[field];
        return rating ? RATINGS.indexOf(rating) : undefined;
      }
      case 'priority':
      case 'severity': {
        const grade = risk[field];
        return grade ? ISSUE_GRADES.length - 1 - ISSUE_GRADES.indexOf(grade) : undefined;
      }
      case 'scope':
        return risk.scope.name;
      case 'owner':
        return risk.owner.name;
      case 'labels':
        return risk.labels.join(', ') || undefined;
      default: {
        const value = risk[field as keyof RiskListItem];
        return typeof value === 'string' || typeof value === 'number' ? value : undefined;
      }
    }
  };
  const newest = (a: RiskListItem, b: RiskListItem) =>
    b.created_at.localeCompare(a.created_at) || b.id - a.id;
  return [...rows].sort((a, b) => {
    const x = valueOf(a);
    const y = valueOf(b);
    if (x === undefined || y === undefined) {
      return x === y ? newest(a, b) : x === undefined ? 1 : -1;
    }
    const order =
      typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return (descending ? -order : order) || newest(a, b);
  });
}

/** The answer of `GET /api/risks/` (or its 400 and 404) over these rows. */
export function answerList(rows: readonly RiskListItem[], url: URL): Response {
  const query = url.searchParams;
  const ordering = query.get('ordering');
  if (ordering && !RISK_ORDERING_FIELDS.some((field) => field === ordering.replace(/^-/, ''))) {
    return HttpResponse.json({ ordering: ['Unknown ordering.'] }, { status: 400 });
  }
  const size = Number(query.get('page_size') ?? RISK_PAGE_SIZE);
  if (size > RISK_PAGE_SIZE_MAX) {
    return HttpResponse.json({ page_size: ['Too large.'] }, { status: 400 });
  }
  const shown = orderRows(filterRows(rows, query), ordering);
  const page = Number(query.get('page') ?? 1);
  const lastPage = Math.max(1, Math.ceil(shown.length / size));
  if (page > lastPage) return HttpResponse.json({ detail: 'Invalid page.' }, { status: 404 });
  const next = new URL(url);
  next.searchParams.set('page', String(page + 1));
  const body: Paginated<RiskListItem> = {
    count: shown.length,
    next: page < lastPage ? next.toString() : null,
    previous: null,
    results: shown.slice((page - 1) * size, page * size),
  };
  return HttpResponse.json(body);
}

/** The answer of `GET /api/risks/summary/` over these rows. */
export function answerSummary(rows: readonly RiskListItem[], url: URL): Response {
  const query = url.searchParams;
  const inScope = filterRows(rows, new URLSearchParams(scopeOnly(query)));
  const open = filterRows(rows, query, true).filter((risk) => risk.status === 'open');
  const owners = new Map(inScope.map((risk) => [risk.owner.id, risk.owner]));
  const body: RiskSummary = {
    count: filterRows(rows, query).length,
    heat: RATINGS.flatMap((probability) =>
      RATINGS.map((impact) => ({
        probability,
        impact,
        count: open.filter((risk) => risk.probability === probability && risk.impact === impact)
          .length,
      })),
    ),
    owners: [...owners.values()].sort((a, b) => a.name.localeCompare(b.name)),
    labels: [...new Set(inScope.flatMap((risk) => risk.labels))].sort((a, b) => a.localeCompare(b)),
  };
  return HttpResponse.json(body);
}

function scopeOnly(query: Query): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of ['level', 'scope', 'poll']) {
    const value = query.get(name);
    if (value !== null) kept[name] = value;
  }
  return kept;
}
