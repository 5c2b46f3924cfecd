import { describe, expect, it } from 'vitest';
import type { RiskListItem } from '../../../api/contract/risks';
import { readOrdering, writeOrdering } from './riskColumns';
import {
  applyFilters,
  hasFilters,
  labelsOf,
  ownersOf,
  readFilters,
  readLevel,
  readPageKind,
  readScope,
  searchTextOf,
  type ListFilters,
} from './riskFilters';
import { makeIssue, makeRisk, RAVI } from './listTesting';

const RISKS: RiskListItem[] = [
  makeRisk({ id: 1, labels: ['Staffing', 'budget'], due_date: '2026-12-15' }),
  makeIssue({
    id: 2,
    owner: RAVI,
    labels: [],
    due_date: '2026-11-30',
    visibility_tags: ['client'],
  }),
  makeRisk({
    id: 3,
    status: 'closed',
    probability: 'low',
    impact: 'low',
    due_date: null,
    statement: 'Scope creep from the client',
  }),
];
const texts = RISKS.map(searchTextOf);
const ids = (filters: ListFilters) =>
  applyFilters(
    RISKS,
    (risk) => risk,
    filters,
    (risk) => texts[RISKS.indexOf(risk)]!,
  ).rows.map((risk) => risk.id);

describe('the URL of the risk list', () => {
  it('reads only valid values', () => {
    const params = new URLSearchParams(
      'kind=issue&status=bogus&probability=high&impact=x&priority=critical&severity=low' +
        '&owner=-3&tag=client&label=%20vip%20&due_before=12/31/2026&search=%20a%20b%20&poll=7',
    );
    expect(readFilters(params)).toEqual({
      kind: 'issue',
      probability: 'high',
      priority: 'critical',
      severity: 'low',
      tag: 'client',
      label: 'vip',
      search: 'a b',
      poll: 7,
    });
    expect(hasFilters(readFilters(new URLSearchParams('level=account&scope=3')))).toBe(false);
  });

  it('reads the page kind, the level (project by default) and the scope', () => {
    expect(readPageKind(new URLSearchParams('view=duplicates&level=account'))).toBe('duplicates');
    expect(readPageKind(new URLSearchParams('level=business_segment'))).toBe('business_segment');
    expect(readLevel(new URLSearchParams('level=galaxy'))).toBe('project');
    expect(readScope(new URLSearchParams('scope=12'))).toBe(12);
    expect(readScope(new URLSearchParams('scope=all'))).toBeUndefined();
  });

  it('keeps one sort column, descending with a minus, and ignores unknown columns', () => {
    expect(readOrdering('-due_date')).toEqual([{ id: 'due_date', desc: true }]);
    expect(readOrdering('statement')).toEqual([{ id: 'statement', desc: false }]);
    expect(readOrdering('password')).toEqual([]);
    expect(writeOrdering([{ id: 'rating', desc: true }])).toBe('-rating');
    expect(writeOrdering([])).toBe('');
  });
});

describe('applyFilters', () => {
  it('applies each filter', () => {
    expect(ids({})).toEqual([1, 2, 3]);
    expect(ids({ kind: 'issue' })).toEqual([2]);
    expect(ids({ status: 'closed' })).toEqual([3]);
    expect(ids({ probability: 'moderate', impact: 'high' })).toEqual([1]);
    expect(ids({ priority: 'high' })).toEqual([2]);
    expect(ids({ severity: 'moderate' })).toEqual([2]);
    expect(ids({ owner: RAVI.id })).toEqual([2]);
    expect(ids({ tag: 'client' })).toEqual([2]);
    expect(ids({ label: 'staffing' })).toEqual([1, 3]);
    expect(ids({ due_before: '2026-12-01' })).toEqual([2]);
    expect(ids({ due_before: '2026-12-15' })).toEqual([1, 2]);
  });

  it('searches statement, labels and owner, every word, in any case', () => {
    expect(ids({ search: 'BUDGET' })).toEqual([1]);
    expect(ids({ search: 'rpatel' })).toEqual([2]);
    expect(ids({ search: 'scope client' })).toEqual([3]);
    expect(ids({ search: 'scope budget' })).toEqual([]);
  });

  it('counts open risks by probability and impact, whatever cell is picked', () => {
    const { heat } = applyFilters(
      RISKS,
      (risk) => risk,
      { probability: 'low', impact: 'low' },
      (risk) => texts[RISKS.indexOf(risk)]!,
    );
    expect(heat.moderate.high).toBe(1);
    expect(heat.low.low).toBe(0);
  });

  it('lists the owners and labels to choose from', () => {
    expect(ownersOf(RISKS).map((owner) => owner.name)).toEqual(['Lucia Romero', 'Ravi Patel']);
    expect(labelsOf(RISKS)).toEqual(['budget', 'staffing', 'Staffing']);
  });
});
