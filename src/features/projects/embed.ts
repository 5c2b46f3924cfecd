/**
 * The project pieces other features show inside their own pages: the account page shows an
 * account's targets with `<TargetsPanel source={{ account: id }} editable={…} />` (editable with
 * CAN_EDIT_ACCOUNT_TARGETS, TARGET_EDIT_FLAGS.account in src/api/contract/targets.ts).
 */
export { TargetsPanel, type TargetsPanelProps } from './targets/TargetsPanel';
export { TargetStatusBadge } from './targets/TargetStatusBadge';
export type { TargetsSource } from './targets/api';
/** Where a project's card opens, and the segment → line → account filters the planner shares. */
export { cardPath } from './card/cardTab';
export {
  structureMatcher,
  type Structure,
  type StructureFilters,
} from './portfolio/structureFilters';
/** The search and segment → line → account filters of the portfolio, for the planner's list. */
export { StructureFilterPanel, type FlagFilter } from './portfolio/StructureFilterPanel';
