import {
  ISSUE_GRADES,
  RATINGS,
  type PersonRef,
  type Rating,
  type RiskHeatCell,
  type RiskLevel,
  type RiskOrdering,
  type RiskOrderingField,
  RISK_ORDERING_FIELDS,
} from '../../../src/api/contract/risks';
import { personLabel } from '../../../src/api/contract/display';
import type { StoredRisk } from './model';
import type { RegisterQuery } from './query';

/**
 * The register's indexes, built once per version of the risks: the lower-cased search texts of
 * every risk end to end in one string, one order per `ordering` (sorted the first time it is asked
 * for), the rows of each level and each scope in each order, and each row's heat-map cell. A
 * request filters one bucket in its order and slices a page; it never sorts nor lower-cases the
 * register itself, and a search word is looked up once for the list and the summary beside it.
 */

/** What a row sorts on for one ordering field; null (no value) sorts last in both directions. */
type SortKey = (risk: StoredRisk) => string | number | null;

const ratingRank = (rating: Rating | null) => (rating ? RATINGS.indexOf(rating) : null);
/** Low 0 … Critical 3: ascending runs Low → Critical, as the ratings run Low → High. */
const gradeRank = (grade: StoredRisk['priority']) =>
  grade ? ISSUE_GRADES.length - 1 - ISSUE_GRADES.indexOf(grade) : null;

/**
 * The key of each ordering field: texts case-insensitively (the owner as 'Name (login)', the
 * status with its resolution, the labels joined), graded fields by rank, dates as written.
 */
export const ORDER_KEYS: Record<RiskOrderingField, SortKey> = {
  id: (risk) => risk.id,
  kind: (risk) => risk.kind,
  statement: (risk) => risk.statement.toLowerCase(),
  scope: (risk) => risk.scope.name.toLowerCase(),
  status: (risk) => `${risk.status} ${risk.resolution ?? ''}`,
  probability: (risk) => ratingRank(risk.probability),
  impact: (risk) => ratingRank(risk.impact),
  rating: (risk) => ratingRank(risk.rating),
  priority: (risk) => gradeRank(risk.priority),
  severity: (risk) => gradeRank(risk.severity),
  owner: (risk) => personLabel(risk.owner).toLowerCase(),
  due_date: (risk) => risk.due_date,
  labels: (risk) => (risk.labels.length > 0 ? risk.labels.join(', ').toLowerCase() : null),
  created_at: (risk) => risk.created_at,
  updated_at: (risk) => risk.updated_at,
};

/**
 * The descending twin of an ascending order, in one pass: the runs of equal keys in reverse, each
 * run still newest first, the rows without a value still last.
 */
function descending(ascending: Int32Array, keys: (string | number | null)[]): Int32Array {
  const order = new Int32Array(ascending.length);
  let valued = ascending.length;
  while (valued > 0 && keys[ascending[valued - 1]!] === null) valued -= 1;
  order.set(ascending.subarray(valued), valued);
  let at = 0;
  for (let end = valued; end > 0;) {
    let start = end - 1;
    while (start > 0 && keys[ascending[start - 1]!] === keys[ascending[end - 1]!]) start -= 1;
    order.set(ascending.subarray(start, end), at);
    at += end - start;
    end = start;
  }
  return order;
}

/** The default order and every tie's: newest first. */
export const newestFirst = (a: StoredRisk, b: StoredRisk) =>
  a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1;

/** What the search looks through: statement, description, labels, the owner's name and login. */
export const searchTextOf = (risk: StoredRisk) =>
  [risk.statement, risk.description, ...risk.labels, risk.owner.name, risk.owner.login ?? '']
    .join('\n')
    .toLowerCase();

export interface Selection {
  /** Every row the query shows, in its order: positions in `RegisterIndex.risks`. */
  rows: Int32Array;
  /** Open risks passing every filter but probability, impact and rating (when asked for). */
  heat: RiskHeatCell[];
}

export interface ScopeChoices {
  owners: PersonRef[];
  labels: string[];
}

/** Search words whose matches an index keeps (the list and the summary ask the same ones). */
const KEPT_TERMS = 16;
/** Ends each row's text in the corpus: no search word holds it (words split on whitespace). */
const ROW_END = '\n';
/** The heat map's cell of a row that is not an open risk rated on probability and impact. */
const NO_CELL = -1;

export class RegisterIndex {
  readonly risks: readonly StoredRisk[];
  /** Every row's search text, each ended by ROW_END, in the order of `risks`. */
  private readonly corpus: string;
  /** Where each row's text starts in `corpus`, and (last) the corpus's length. */
  private readonly textStarts: Int32Array;
  /** Rows each recent search word occurs in (1) or not (0), the most recent last. */
  private readonly termRows = new Map<string, Uint8Array>();
  /** Each row's heat-map cell (probability × 3 + impact), NO_CELL outside the heat map. */
  private readonly heatCells: Int8Array;
  private readonly byId = new Map<number, number>();
  /** Position of each row in the default order (the tie-break of every other order). */
  private readonly defaultRank: Int32Array;
  private readonly orders = new Map<RiskOrdering, Int32Array>();
  private readonly buckets = new Map<string, Int32Array>();
  private readonly choices = new Map<string, ScopeChoices>();

  constructor(risks: readonly StoredRisk[]) {
    this.risks = risks;
    const texts = risks.map(searchTextOf);
    this.textStarts = new Int32Array(risks.length + 1);
    let at = 0;
    texts.forEach((text, row) => {
      this.textStarts[row] = at;
      at += text.length + ROW_END.length;
    });
    this.textStarts[risks.length] = at;
    this.corpus = texts.map((text) => text + ROW_END).join('');
    this.heatCells = Int8Array.from(risks, (risk) =>
      risk.status === 'open' && risk.probability && risk.impact
        ? RATINGS.indexOf(risk.probability) * RATINGS.length + RATINGS.indexOf(risk.impact)
        : NO_CELL,
    );
    risks.forEach((risk, index) => this.byId.set(risk.id, index));
    const newest = Int32Array.from(risks.keys()).sort((a, b) => newestFirst(risks[a]!, risks[b]!));
    this.defaultRank = new Int32Array(risks.length);
    newest.forEach((row, rank) => (this.defaultRank[row] = rank));
    this.orders.set('-created_at', newest);
  }

  /** What the store's verify mode compares (the rest is derived from the risks). */
  toJSON(): readonly StoredRisk[] {
    return this.risks;
  }

  byIdOf(id: number): StoredRisk | undefined {
    const at = this.byId.get(id);
    return at === undefined ? undefined : this.risks[at];
  }

  /** Every row in this ordering: missing values last in both directions, ties newest first. */
  order(ordering: RiskOrdering): Int32Array {
    let order = this.orders.get(ordering);
    if (order) return order;
    const field = ordering.replace(/^-/, '') as RiskOrderingField;
    const keys = this.risks.map(ORDER_KEYS[field]);
    const ascending = this.orders.get(field) ?? this.ascending(keys);
    this.orders.set(field, ascending);
    order = ordering === field ? ascending : descending(ascending, keys);
    this.orders.set(ordering, order);
    return order;
  }

  /** Every order sorted now rather than at its first request (the volume's start). */
  warm(): void {
    for (const field of RISK_ORDERING_FIELDS) this.order(`-${field}`);
  }

  private ascending(keys: (string | number | null)[]): Int32Array {
    const rank = this.defaultRank;
    return Int32Array.from(this.risks.keys()).sort((a, b) => {
      const left = keys[a]!;
      const right = keys[b]!;
      if (left !== right) {
        if (left === null) return 1;
        if (right === null) return -1;
        return left < right ? -1 : 1;
      }
      return rank[a]! - rank[b]!;
    });
  }

  /** The rows of a level, or of one entity of it, in this ordering. */
  bucket(level: RiskLevel, scope: number | undefined, ordering: RiskOrdering): Int32Array {
    const key = `${ordering}|${level}|${scope ?? ''}`;
    let bucket = this.buckets.get(key);
    if (bucket) return bucket;
    const { risks } = this;
    bucket =
      scope === undefined
        ? this.order(ordering).filter((row) => risks[row]!.level === level)
        : this.bucket(level, undefined, ordering).filter((row) => risks[row]!.scope.id === scope);
    this.buckets.set(key, bucket);
    return bucket;
  }

  /**
   * The rows the query shows to this persona, in its order; with `heat`, the heat map's counts of
   * the open risks that pass every filter but probability, impact and rating. `only`, when given,
   * holds the ids of the risks the action-item filters keep (the action plans are not indexed).
   */
  select(
    query: RegisterQuery,
    seesAll: boolean,
    userId: number,
    heat = false,
    only?: ReadonlySet<number>,
  ): Selection {
    const { risks, heatCells } = this;
    const bucket = this.bucket(query.level, query.scope, query.ordering);
    const inScope = scopeTest(query, seesAll, userId);
    const { probability, impact, rating, terms, ...rest } = query.filters;
    const base = filterTests(rest);
    const found = terms.map((term) => this.rowsFound(term));
    const cells = new Int32Array(RATINGS.length * RATINGS.length);
    const rows = new Int32Array(bucket.length);
    let count = 0;
    rows: for (const row of bucket) {
      for (const has of found) if (!has[row]) continue rows;
      const risk = risks[row]!;
      if (!inScope(risk) || (only && !only.has(risk.id))) continue;
      for (const test of base) if (!test(risk)) continue rows;
      const cell = heatCells[row]!;
      if (heat && cell !== NO_CELL) cells[cell]! += 1;
      if (probability && risk.probability !== probability) continue;
      if (impact && risk.impact !== impact) continue;
      if (rating && risk.rating !== rating) continue;
      rows[count++] = row;
    }
    return {
      rows: rows.subarray(0, count),
      heat: RATINGS.flatMap((p, i) =>
        RATINGS.map((im, j) => ({ probability: p, impact: im, count: cells[i * 3 + j]! })),
      ),
    };
  }

  /**
   * The rows a search word finds (1) or not (0). A number names a risk too: '123' finds risk 123
   * besides the rows whose text holds 123; '#123' finds risk 123 only.
   */
  private rowsFound(term: string): Uint8Array {
    const number = /^(#?)(\d+)$/.exec(term);
    if (!number) return this.rowsWith(term);
    const has = number[1] ? new Uint8Array(this.risks.length) : this.rowsWith(term).slice();
    const row = this.byId.get(Number(number[2]));
    if (row !== undefined) has[row] = 1;
    return has;
  }

  /**
   * The rows whose search text holds `term` (1) or not (0): one scan of the corpus, each match
   * skipping to the next row's text; the last KEPT_TERMS words are kept, so the summary beside the
   * list, and each next key of a search (its earlier words), find them ready.
   */
  private rowsWith(term: string): Uint8Array {
    const kept = this.termRows.get(term);
    if (kept) {
      this.termRows.delete(term);
      this.termRows.set(term, kept);
      return kept;
    }
    const { corpus, textStarts } = this;
    const has = new Uint8Array(this.risks.length);
    for (let at = corpus.indexOf(term); at !== -1;) {
      const row = rowAtOffset(textStarts, at);
      // A match running past the row's end (over ROW_END) is no match: look on from the next char.
      if (at + term.length < textStarts[row + 1]!) {
        has[row] = 1;
        at = corpus.indexOf(term, textStarts[row + 1]);
      } else at = corpus.indexOf(term, at + 1);
    }
    this.termRows.set(term, has);
    if (this.termRows.size > KEPT_TERMS) this.termRows.delete(this.termRows.keys().next().value!);
    return has;
  }

  /** The owners (by name) and labels (alphabetically) of the scope's rows before the filters. */
  scopeChoices(query: RegisterQuery, seesAll: boolean, userId: number): ScopeChoices {
    const key = `${query.level}|${query.scope ?? ''}`;
    const cacheable = seesAll && query.poll === undefined;
    const cached = cacheable ? this.choices.get(key) : undefined;
    if (cached) return cached;
    const inScope = scopeTest(query, seesAll, userId);
    const owners = new Map<number, PersonRef>();
    const labels = new Set<string>();
    for (const row of this.bucket(query.level, query.scope, '-created_at')) {
      const risk = this.risks[row]!;
      if (!inScope(risk)) continue;
      owners.set(risk.owner.id, risk.owner);
      for (const label of risk.labels) labels.add(label);
    }
    const choices = {
      owners: [...owners.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
      labels: [...labels].sort((a, b) => a.localeCompare(b)),
    };
    if (cacheable) this.choices.set(key, choices);
    return choices;
  }
}

/** The row whose text holds the corpus offset `at`: the last start at or before it. */
function rowAtOffset(starts: Int32Array, at: number): number {
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The scope's test beyond the bucket: the check, and what a persona without viewing flags sees. */
function scopeTest(
  { poll }: RegisterQuery,
  seesAll: boolean,
  userId: number,
): (risk: StoredRisk) => boolean {
  if (seesAll && poll === undefined) return () => true;
  return (risk) =>
    (poll === undefined || risk.poll_id === poll) && (seesAll || risk.transfer?.to.id === userId);
}

/** One test per filter given, but the search, probability, impact and rating. */
function filterTests(
  filters: Omit<RegisterQuery['filters'], 'probability' | 'impact' | 'rating' | 'terms'>,
): ((risk: StoredRisk) => boolean)[] {
  const { kind, status, priority, severity, owner, tag, label, due_before, due_after } = filters;
  const tests: ((risk: StoredRisk) => boolean)[] = [];
  if (kind) tests.push((risk) => risk.kind === kind);
  if (status) tests.push((risk) => risk.status === status);
  if (priority) tests.push((risk) => risk.priority === priority);
  if (severity) tests.push((risk) => risk.severity === severity);
  if (owner !== undefined) tests.push((risk) => risk.owner.id === owner);
  if (tag) tests.push((risk) => risk.visibility_tags.includes(tag));
  if (label) tests.push((risk) => risk.labels.some((it) => it.toLowerCase() === label));
  if (due_before) tests.push((risk) => risk.due_date !== null && risk.due_date <= due_before);
  if (due_after) tests.push((risk) => risk.due_date !== null && risk.due_date >= due_after);
  return tests;
}
