import { useMemo } from 'react';
import {
  ISSUE_GRADES,
  RATINGS,
  RISK_KINDS,
  RISK_STATUSES,
  VISIBILITY_TAGS,
  type PersonRef,
} from '../../../api/contract/risks';
import { formatDate, personLabel } from '../../../api/contract/display';
import type { ParamChanges } from '../../../shared/lib/searchParams';
import {
  DateFilter,
  SearchFilter,
  SelectFilters,
  type SelectFilterSpec,
} from '../../../shared/ui/FilterField';
import {
  FilterPanel,
  selectFiltersInForce,
  textFilterInForce,
  type ActiveFilter,
} from '../../../shared/ui/FilterPanel';
import {
  ISSUE_GRADE_LABELS,
  RATING_LABELS,
  RISK_KIND_LABELS,
  RISK_STATUS_LABELS,
  VISIBILITY_TAG_LABELS,
} from '../labels';
import type { FilterKey, ListFilters } from './riskFilters';
import listStyles from '../risksList.module.css';

type Select = SelectFilterSpec<FilterKey>;

/** The selects before the owner: risk or issue, status and the ratings. */
const RATING_SELECTS: Select[] = [
  {
    param: 'kind',
    label: 'Risk or issue',
    anyLabel: 'Risks and issues',
    options: RISK_KINDS,
    labels: RISK_KIND_LABELS,
  },
  {
    param: 'status',
    label: 'Status',
    anyLabel: 'Any status',
    options: RISK_STATUSES,
    labels: RISK_STATUS_LABELS,
  },
  {
    param: 'probability',
    label: 'Probability',
    anyLabel: 'Any',
    options: RATINGS,
    labels: RATING_LABELS,
  },
  { param: 'impact', label: 'Impact', anyLabel: 'Any', options: RATINGS, labels: RATING_LABELS },
  // Probability × impact (ratingOf); issues have none, so a rating lists risks only.
  { param: 'rating', label: 'Rating', anyLabel: 'Any', options: RATINGS, labels: RATING_LABELS },
  {
    param: 'priority',
    label: 'Priority',
    anyLabel: 'Any',
    options: ISSUE_GRADES,
    labels: ISSUE_GRADE_LABELS,
  },
  {
    param: 'severity',
    label: 'Severity',
    anyLabel: 'Any',
    options: ISSUE_GRADES,
    labels: ISSUE_GRADE_LABELS,
  },
];

const TAG_SELECT: Select = {
  param: 'tag',
  label: 'Visibility tag',
  anyLabel: 'Any tag',
  options: VISIBILITY_TAGS,
  labels: VISIBILITY_TAG_LABELS,
};

/** A day filter's chip ('Due on or before: 12/31/2026') when the URL holds it. */
function dateFilterInForce(param: FilterKey, label: string, day: string | undefined) {
  return textFilterInForce(param, label, day && formatDate(day));
}

/**
 * The filters of the risk list. Each writes its URL param at once (the search box through the
 * page's debounced text); 'Reset to default' clears them all. The owners and labels on offer are
 * those of the rows; one the URL names that no row has any more stays on offer. Below 600 px the
 * form waits behind a "Filters" button and the filters in force show as removable chips.
 */
export function RiskFilterBar({
  filters,
  searchText,
  onSearchText,
  owners,
  labels,
  onChange,
  onReset,
}: {
  filters: ListFilters;
  searchText: string;
  onSearchText: (text: string) => void;
  owners: readonly PersonRef[];
  labels: readonly string[];
  onChange: (changes: ParamChanges) => void;
  onReset: () => void;
}) {
  const selects = useMemo(
    (): Select[] => [
      ...RATING_SELECTS,
      {
        param: 'owner',
        label: 'Owner',
        anyLabel: 'Anyone',
        options: owners.map((owner) => String(owner.id)),
        labels: Object.fromEntries(owners.map((owner) => [owner.id, personLabel(owner)])),
        unknownLabel: (id) => `Person ${id}`,
      },
      TAG_SELECT,
      {
        param: 'label',
        label: 'Label',
        anyLabel: 'Any label',
        options: labels,
        labels: {},
        unknownLabel: (label) => label,
      },
    ],
    [owners, labels],
  );
  const active = Object.values(filters).some((value) => value !== undefined) || !!searchText;
  const inForce: ActiveFilter[] = [
    ...textFilterInForce('search', 'Search', filters.search),
    ...selectFiltersInForce(selects, filters),
    ...dateFilterInForce('due_after', 'Due on or after', filters.due_after),
    ...dateFilterInForce('due_before', 'Due on or before', filters.due_before),
    ...textFilterInForce('poll', 'Created during check', filters.poll),
  ];
  return (
    <FilterPanel
      className={listStyles.riskFilters}
      label="Filter risks and issues"
      resetLabel="Reset to default"
      canReset={active}
      onReset={onReset}
      active={inForce}
      onChange={onChange}
    >
      <SearchFilter
        id="risk-search"
        hint="Statement, labels or owner"
        value={searchText}
        onChange={onSearchText}
        autoComplete="off"
      />
      <SelectFilters idPrefix="risk" filters={selects} values={filters} onChange={onChange} />
      <DateFilter
        id="risk-due-after"
        label="Due on or after"
        value={filters.due_after ?? ''}
        onChange={(due_after) => onChange({ due_after })}
      />
      <DateFilter
        id="risk-due"
        label="Due on or before"
        value={filters.due_before ?? ''}
        onChange={(due_before) => onChange({ due_before })}
      />
    </FilterPanel>
  );
}
