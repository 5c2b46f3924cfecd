import { useMemo } from 'react';
import type { ParamChanges } from '../../../shared/lib/searchParams';
import {
  CheckboxFilter,
  SearchFilter,
  SelectFilters,
  type SelectFilterSpec,
} from '../../../shared/ui/FilterField';
import {
  FilterPanel,
  selectFiltersInForce,
  textFilterInForce,
} from '../../../shared/ui/FilterPanel';
import {
  narrowing,
  structureSelects,
  type Structure,
  type StructureFilters,
} from './structureFilters';

/** A yes-or-no filter kept in the URL as `param=1`. */
export interface FlagFilter {
  param: string;
  label: string;
  checked: boolean;
}

/**
 * The filters of a list of projects in the business structure (the portfolio, the planner): a
 * search on name, code or manager, the segment → line → account selects (a wider choice clears
 * the narrower ones), the list's own selects after them and its yes-or-no flags, with the chips
 * of what is in force on a phone.
 */
export function StructureFilterPanel({
  idPrefix,
  label,
  className,
  structure,
  filters,
  searchText,
  onSearchText,
  selects: ownSelects = [],
  values,
  flags = [],
  canReset,
  onChange,
  onReset,
}: {
  /** The fields' ids: `{idPrefix}-search`, `{idPrefix}-segment`, `{idPrefix}-high-risks`… */
  idPrefix: string;
  /** The panel's name ('Filter the portfolio'). */
  label: string;
  className?: string;
  structure: Structure;
  filters: StructureFilters & { search?: string };
  /** What the search box holds (the URL gets it once typing pauses). */
  searchText: string;
  onSearchText: (text: string) => void;
  /** The list's own selects, after the structure's. */
  selects?: readonly SelectFilterSpec[];
  /** The values of those selects, by param. */
  values?: Partial<Record<string, string | number>>;
  flags?: readonly FlagFilter[];
  canReset: boolean;
  onChange: (changes: ParamChanges) => void;
  onReset: () => void;
}) {
  const selects = useMemo(
    () => [...structureSelects(structure, filters), ...ownSelects],
    [structure, filters, ownSelects],
  );
  const selectValues = {
    segment: filters.segment,
    line: filters.line,
    account: filters.account,
    ...values,
  };
  const inForce = [
    ...textFilterInForce('search', 'Search', filters.search),
    ...selectFiltersInForce(selects, selectValues),
    ...flags.filter((flag) => flag.checked).map(({ param, label }) => ({ param, label })),
  ];
  const narrow = (changes: ParamChanges) => onChange(narrowing(changes));
  return (
    <FilterPanel
      className={className}
      label={label}
      resetLabel="Reset filters"
      canReset={canReset || searchText !== ''}
      onReset={onReset}
      active={inForce}
      onChange={narrow}
    >
      <SearchFilter
        id={`${idPrefix}-search`}
        hint="Project name, code or manager"
        value={searchText}
        onChange={onSearchText}
      />
      <SelectFilters
        idPrefix={idPrefix}
        filters={selects}
        values={selectValues}
        onChange={narrow}
      />
      {flags.map((flag) => (
        <CheckboxFilter
          key={flag.param}
          id={`${idPrefix}-${flag.param.replaceAll('_', '-')}`}
          label={flag.label}
          checked={flag.checked}
          onChange={(checked) => onChange({ [flag.param]: checked ? '1' : undefined })}
        />
      ))}
    </FilterPanel>
  );
}
