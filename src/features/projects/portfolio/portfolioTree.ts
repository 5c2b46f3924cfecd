import { POLL_STATUSES, type PollStatus } from '../../../api/contract/polls';
import type { Portfolio, PortfolioProject } from '../../../api/contract/projects';
import type { NamedRef } from '../../../api/contract/risks';
import { structureMatcher } from './structureFilters';
import { codeIn, positiveInt, readParams, trimmed } from '../../../shared/lib/searchParams';

/** The last check's status filter: a status, or 'none' for projects never checked. */
export const CHECK_FILTERS = [...POLL_STATUSES, 'none'] as const;
export type CheckFilter = (typeof CHECK_FILTERS)[number];

const yes = (value: string | null) => (value === '1' ? true : undefined);

const READERS = {
  search: trimmed,
  segment: positiveInt,
  line: positiveInt,
  account: positiveInt,
  high_ownership: yes,
  high_risks: yes,
  check: codeIn(CHECK_FILTERS),
};

export type PortfolioFilters = ReturnType<typeof readPortfolioFilters>;
export const FILTER_PARAMS = Object.keys(READERS);

/** What the URL says (`?search=apollo&segment=1&high_risks=1`); unknown values are left out. */
export const readPortfolioFilters = (params: URLSearchParams) => readParams(params, READERS);

export const isFiltered = (filters: PortfolioFilters) => Object.keys(filters).length > 0;

export type NodeKind = 'segment' | 'line' | 'account' | 'project';

export interface Counts {
  projects: number;
  open_risks: number;
  open_issues: number;
  checks_in_progress: number;
}

export interface GroupNode {
  kind: Exclude<NodeKind, 'project'>;
  key: string;
  ref: NamedRef;
  counts: Counts;
  children: TreeNode[];
}
export interface ProjectNode {
  kind: 'project';
  key: string;
  project: PortfolioProject;
}
export type TreeNode = GroupNode | ProjectNode;

/** One visible row of the flattened tree, with what ARIA needs to place it. */
export interface TreeRow {
  node: TreeNode;
  level: number;
  posinset: number;
  setsize: number;
  parentKey: string | null;
}

const lower = (text: string) => text.toLocaleLowerCase('en-US');

/** The projects the filters keep. Search looks through name, code and the manager's name and login. */
export function filterProjects(
  portfolio: Portfolio,
  filters: PortfolioFilters,
): PortfolioProject[] {
  const inStructure = structureMatcher(portfolio, filters);
  const needle = filters.search ? lower(filters.search) : '';
  return portfolio.projects.filter((project) => {
    if (!inStructure(project.account_id)) return false;
    if (filters.high_ownership && !project.high_ownership) return false;
    if (filters.high_risks && project.open_high_risks === 0) return false;
    if (filters.check) {
      const status: PollStatus | 'none' = project.last_check?.status ?? 'none';
      if (status !== filters.check) return false;
    }
    if (!needle) return true;
    return (
      lower(project.name).includes(needle) ||
      lower(project.code).includes(needle) ||
      (project.manager !== null &&
        (lower(project.manager.name).includes(needle) ||
          lower(project.manager.login).includes(needle)))
    );
  });
}

const emptyCounts = (): Counts => ({
  projects: 0,
  open_risks: 0,
  open_issues: 0,
  checks_in_progress: 0,
});

function addTo(counts: Counts, project: PortfolioProject) {
  counts.projects += 1;
  counts.open_risks += project.open_risks;
  counts.open_issues += project.open_issues;
  counts.checks_in_progress += project.checks_in_progress;
}

const byName = (a: { ref: NamedRef }, b: { ref: NamedRef }) =>
  a.ref.name.localeCompare(b.ref.name, 'en-US');

/**
 * Segment → line → account → project, holding only the given projects (and the groups above
 * them), each group with the counts of the projects under it; groups and projects by name.
 */
export function buildTree(
  portfolio: Portfolio,
  projects: readonly PortfolioProject[],
): GroupNode[] {
  const group = (kind: GroupNode['kind'], ref: NamedRef): GroupNode => ({
    kind,
    key: `${kind[0]}${ref.id}`,
    ref,
    counts: emptyCounts(),
    children: [],
  });
  const segments = new Map(
    portfolio.segments.map((segment) => [segment.id, group('segment', segment)]),
  );
  const lines = new Map(
    portfolio.lines.map((line) => [line.id, { line, node: group('line', line) }]),
  );
  const accounts = new Map(
    portfolio.accounts.map((account) => [account.id, { account, node: group('account', account) }]),
  );
  for (const project of projects) {
    const account = accounts.get(project.account_id);
    const line = account && lines.get(account.account.line_id);
    const segment = line && segments.get(line.line.segment_id);
    if (!account || !line || !segment) continue;
    account.node.children.push({ kind: 'project', key: `p${project.id}`, project });
    for (const node of [account.node, line.node, segment]) addTo(node.counts, project);
  }
  for (const { account, node } of accounts.values())
    if (node.counts.projects > 0) lines.get(account.line_id)!.node.children.push(node);
  for (const { line, node } of lines.values())
    if (node.counts.projects > 0) segments.get(line.segment_id)!.children.push(node);
  const sortNodes = (nodes: TreeNode[]) =>
    nodes.sort((a, b) =>
      a.kind === 'project' && b.kind === 'project'
        ? a.project.name.localeCompare(b.project.name, 'en-US')
        : a.kind !== 'project' && b.kind !== 'project'
          ? byName(a, b)
          : 0,
    );
  const roots = [...segments.values()].filter((segment) => segment.counts.projects > 0);
  const walk = (nodes: TreeNode[]) => {
    sortNodes(nodes);
    for (const node of nodes) if (node.kind !== 'project') walk(node.children);
  };
  walk(roots);
  return roots;
}

/** The rows on screen: every root, and the children of each expanded group, depth first. */
export function flattenTree(roots: readonly GroupNode[], expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const visit = (nodes: readonly TreeNode[], level: number, parentKey: string | null) => {
    nodes.forEach((node, index) => {
      rows.push({ node, level, posinset: index + 1, setsize: nodes.length, parentKey });
      if (node.kind !== 'project' && expanded.has(node.key))
        visit(node.children, level + 1, node.key);
    });
  };
  visit(roots, 1, null);
  return rows;
}

/** Every group's key: 'Expand all', and the view of a search (every match in sight). */
export function groupKeys(roots: readonly GroupNode[]): string[] {
  const keys: string[] = [];
  const visit = (nodes: readonly TreeNode[]) => {
    for (const node of nodes)
      if (node.kind !== 'project') {
        keys.push(node.key);
        visit(node.children);
      }
  };
  visit(roots);
  return keys;
}

/** The first view: segments and lines open, accounts closed. */
export function defaultExpanded(roots: readonly GroupNode[]): string[] {
  return groupKeys(roots).filter((key) => key.startsWith('s') || key.startsWith('l'));
}
