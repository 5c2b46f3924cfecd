import { describe, expect, it } from 'vitest';
import type { Portfolio, PortfolioProject } from '../../../api/contract/projects';
import {
  buildTree,
  defaultExpanded,
  filterProjects,
  flattenTree,
  groupKeys,
  readPortfolioFilters,
} from './portfolioTree';

const row = (id: number, account_id: number, extra: Partial<PortfolioProject> = {}) =>
  ({
    id,
    name: `Project ${String.fromCharCode(64 + id)}`,
    code: `PRJ-${id}`,
    account_id,
    manager: { id: 100 + id, name: `Manager ${id}`, login: `m${id}` },
    status: 'active',
    high_ownership: false,
    last_check: null,
    open_risk_rating: null,
    open_risks: 1,
    open_high_risks: 0,
    open_issues: 2,
    checks_in_progress: 0,
    ...extra,
  }) satisfies PortfolioProject;

const PORTFOLIO: Portfolio = {
  segments: [
    { id: 1, name: 'Public Sector' },
    { id: 2, name: 'Financial Services' },
  ],
  lines: [
    { id: 10, name: 'Banking', segment_id: 2 },
    { id: 11, name: 'Government', segment_id: 1 },
    { id: 12, name: 'Empty line', segment_id: 1 },
  ],
  accounts: [
    { id: 100, name: 'Bank A', line_id: 10 },
    { id: 101, name: 'Agency B', line_id: 11 },
  ],
  projects: [
    row(3, 100, { high_ownership: true, open_high_risks: 1, open_risks: 4 }),
    row(1, 100, {
      checks_in_progress: 1,
      last_check: { id: 7, status: 'expert', type: 'health_check', date: '2026-11-01' },
    }),
    row(2, 101, { name: 'Tax portal', manager: { id: 9, name: 'Priya Nair', login: 'pnair' } }),
  ],
};

const filters = (query: string) => readPortfolioFilters(new URLSearchParams(query));

describe('readPortfolioFilters', () => {
  it('reads known filters and leaves out unknown or malformed values', () => {
    expect(filters('search=%20tax%20&segment=1&high_risks=1&check=expert')).toEqual({
      search: 'tax',
      segment: 1,
      high_risks: true,
      check: 'expert',
    });
    expect(filters('segment=abc&check=bogus&high_ownership=yes&line=-2')).toEqual({});
  });
});

describe('filterProjects', () => {
  const ids = (query: string) => filterProjects(PORTFOLIO, filters(query)).map((p) => p.id);

  it('searches names, codes and the manager, whatever the case', () => {
    expect(ids('search=TAX')).toEqual([2]);
    expect(ids('search=prj-3')).toEqual([3]);
    expect(ids('search=pnair')).toEqual([2]);
    expect(ids('search=manager 1')).toEqual([1]);
  });

  it('narrows by segment, line and account through the tree', () => {
    expect(ids('segment=2')).toEqual([3, 1]);
    expect(ids('line=11')).toEqual([2]);
    expect(ids('account=100&segment=1')).toEqual([]);
  });

  it('keeps high ownership, open high risks and a last-check status, or never checked', () => {
    expect(ids('high_ownership=1')).toEqual([3]);
    expect(ids('high_risks=1')).toEqual([3]);
    expect(ids('check=expert')).toEqual([1]);
    expect(ids('check=none')).toEqual([3, 2]);
  });
});

describe('buildTree and flattenTree', () => {
  it('nests projects under their account, line and segment, by name, with counts of what is under', () => {
    const roots = buildTree(PORTFOLIO, PORTFOLIO.projects);
    expect(roots.map((root) => root.ref.name)).toEqual(['Financial Services', 'Public Sector']);
    const [finance] = roots;
    expect(finance!.counts).toEqual({
      projects: 2,
      open_risks: 5,
      open_issues: 4,
      checks_in_progress: 1,
    });
    // A line without projects is left out.
    expect(roots[1]!.children.map((node) => node.key)).toEqual(['l11']);
    const rows = flattenTree(roots, new Set(groupKeys(roots)));
    expect(rows.map((r) => r.node.key)).toEqual([
      's2',
      'l10',
      'a100',
      'p1',
      'p3',
      's1',
      'l11',
      'a101',
      'p2',
    ]);
    const p3 = rows.find((r) => r.node.key === 'p3')!;
    expect(p3).toMatchObject({ level: 4, posinset: 2, setsize: 2, parentKey: 'a100' });
  });

  it('shows only the children of expanded groups; the first view opens segments and lines', () => {
    const roots = buildTree(PORTFOLIO, PORTFOLIO.projects);
    expect(flattenTree(roots, new Set()).map((r) => r.node.key)).toEqual(['s2', 's1']);
    const first = flattenTree(roots, new Set(defaultExpanded(roots)));
    expect(first.map((r) => r.node.key)).toEqual(['s2', 'l10', 'a100', 's1', 'l11', 'a101']);
  });

  it('keeps only the groups above the projects given (a search)', () => {
    const roots = buildTree(PORTFOLIO, filterProjects(PORTFOLIO, filters('search=tax')));
    expect(groupKeys(roots)).toEqual(['s1', 'l11', 'a101']);
    expect(roots[0]!.counts.projects).toBe(1);
  });
});
