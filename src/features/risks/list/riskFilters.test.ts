import { describe, expect, it } from 'vitest';
import { readOrdering, riskOrdering, writeOrdering } from './riskColumns';
import {
  hasFilters,
  heatCounts,
  readFilters,
  readLevel,
  readPageKind,
  readScope,
} from './riskFilters';

describe('the URL of the risk list', () => {
  it('reads only valid values', () => {
    const params = new URLSearchParams(
      'kind=issue&status=bogus&probability=high&impact=x&priority=critical&severity=low' +
        '&owner=-3&tag=client&label=%20vip%20&due_before=12/31/2026&search=%20a%20b%20&poll=7' +
        '&rating=moderate&due_after=2026-02-01&action_owner=2&action_due_before=2026-12-05',
    );
    expect(readFilters(params)).toEqual({
      kind: 'issue',
      probability: 'high',
      priority: 'critical',
      severity: 'low',
      tag: 'client',
      label: 'vip',
      rating: 'moderate',
      due_after: '2026-02-01',
      action_owner: 2,
      action_due_before: '2026-12-05',
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
    expect(readOrdering('-created_at')).toEqual([]);
    expect(riskOrdering('-created_at')).toBe('-created_at');
    expect(riskOrdering('password')).toBeUndefined();
    expect(writeOrdering([{ id: 'rating', desc: true }])).toBe('-rating');
    expect(writeOrdering([])).toBe('');
  });
});

describe('the heat map of the summary', () => {
  it('reads the nine cells into probability × impact counts', () => {
    const heat = heatCounts([
      { probability: 'moderate', impact: 'high', count: 4 },
      { probability: 'low', impact: 'low', count: 0 },
    ]);
    expect(heat.moderate.high).toBe(4);
    expect(heat.high.high).toBe(0);
  });
});
