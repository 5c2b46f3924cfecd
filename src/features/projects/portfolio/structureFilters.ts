import type { PortfolioAccount, PortfolioLine } from '../../../api/contract/projects';
import type { NamedRef } from '../../../api/contract/risks';
import type { ParamChanges } from '../../../shared/lib/searchParams';
import type { SelectFilterSpec } from '../../../shared/ui/FilterField';

/** The business structure the portfolio and the planner filter by. */
export interface Structure {
  segments: readonly NamedRef[];
  lines: readonly PortfolioLine[];
  accounts: readonly PortfolioAccount[];
}

export interface StructureFilters {
  segment?: number;
  line?: number;
  account?: number;
}

const spec = (
  param: string,
  label: string,
  anyLabel: string,
  items: readonly NamedRef[],
): SelectFilterSpec => ({
  param,
  label,
  anyLabel,
  options: items.map((item) => String(item.id)),
  labels: Object.fromEntries(items.map((item) => [String(item.id), item.name])),
});

/**
 * The segment, line and account selects: each narrower one offers only what fits the wider
 * choice, accounts by name.
 */
export function structureSelects(
  structure: Structure,
  filters: StructureFilters,
): SelectFilterSpec[] {
  const lines = structure.lines.filter(
    (line) => !filters.segment || line.segment_id === filters.segment,
  );
  const lineIds = new Set(lines.map((line) => line.id));
  const accounts = structure.accounts
    .filter(
      (account) =>
        lineIds.has(account.line_id) && (!filters.line || account.line_id === filters.line),
    )
    .sort((a, b) => a.name.localeCompare(b.name, 'en-US'));
  return [
    spec('segment', 'Business segment', 'Any segment', structure.segments),
    spec('line', 'Business line', 'Any line', lines),
    spec('account', 'Account', 'Any account', accounts),
  ];
}

/** A change of a wider level clears the narrower ones that may no longer fit it. */
export function narrowing(changes: ParamChanges): ParamChanges {
  if ('segment' in changes) return { ...changes, line: undefined, account: undefined };
  if ('line' in changes) return { ...changes, account: undefined };
  return changes;
}

/** Whether a project of `accountId` lies within the chosen segment, line and account. */
export function structureMatcher(structure: Structure, filters: StructureFilters) {
  const lineOf = new Map(structure.accounts.map((account) => [account.id, account.line_id]));
  const segmentOf = new Map(structure.lines.map((line) => [line.id, line.segment_id]));
  return (accountId: number) => {
    const line = lineOf.get(accountId);
    if (filters.account && accountId !== filters.account) return false;
    if (filters.line && line !== filters.line) return false;
    if (filters.segment && (line === undefined || segmentOf.get(line) !== filters.segment))
      return false;
    return true;
  };
}
