import { memo, useMemo } from 'react';
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
import { useUrlText } from '../../../shared/lib/useDebounced';
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

/** A person select among the owners of the rows; one the URL names that no row has stays. */
function ownerSelect(
  param: 'owner' | 'action_owner',
  label: string,
  owners: readonly PersonRef[],
): Select {
  return {
    param,
    label,
    anyLabel: 'Anyone',
    options: owners.map((owner) => String(owner.id)),
    labels: Object.fromEntries(owners.map((owner) => [owner.id, personLabel(owner)])),
    unknownLabel: (id) => `Person ${id}`,
  };
}

/** A day filter's chip ('Due on or before: 12/31/2026') when the URL holds it. */
function dateFilterInForce(param: FilterKey, label: string, day: string | undefined) {
  return textFilterInForce(param, label, day && formatDate(day));
}

/** The search box asks the server this long after the last key (as Linear's and Jira's, about). */
export const RISK_SEARCH_DEBOUNCE_MS = 120;

/**
 * The filters of the risk list. Each writes its URL param at once, the search box
 * RISK_SEARCH_DEBOUNCE_MS after its last key (its text is this bar's own state, so a key redraws
 * the bar, never the list); 'Reset to default' clears them all. The owners and labels on offer are
 * those of the rows; one the URL names that no row has any more stays on offer. Below 600 px the
 * form waits behind a "Filters" button and the filters in force show as removable chips.
 */
export const RiskFilterBar = memo(function RiskFilterBar({
  filters,
  onSearch,
  owners,
  labels,
  onChange,
  onReset,
}: {
  filters: ListFilters;
  /** Writes the search to the URL (the box's trimmed text, after the debounce). */
  onSearch: (search: string) => void;
  owners: readonly PersonRef[];
  labels: readonly string[];
  onChange: (changes: ParamChanges) => void;
  onReset: () => void;
}) {
  const selects = useMemo(
    (): Select[] => [
      ...RATING_SELECTS,
      ownerSelect('owner', 'Owner', owners),
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
  // "My work"'s action items open the list with these; they show only while the URL holds them.
  const byActionItems = filters.action_owner !== undefined || !!filters.action_due_before;
  const actionSelects = useMemo(
    () => [ownerSelect('action_owner', 'Action items owned by', owners)],
    [owners],
  );
  const [searchText, setSearchText] = useUrlText(
    filters.search ?? '',
    onSearch,
    RISK_SEARCH_DEBOUNCE_MS,
  );
  // Text typed and not yet written to the URL is cleared too.
  const reset = () => {
    setSearchText('');
    onReset();
  };
  const active = Object.values(filters).some((value) => value !== undefined) || !!searchText;
  const inForce: ActiveFilter[] = [
    ...textFilterInForce('search', 'Search', filters.search),
    ...selectFiltersInForce(selects, filters),
    ...dateFilterInForce('due_after', 'Due on or after', filters.due_after),
    ...dateFilterInForce('due_before', 'Due on or before', filters.due_before),
    ...selectFiltersInForce(actionSelects, filters),
    ...dateFilterInForce(
      'action_due_before',
      'Action items due on or before',
      filters.action_due_before,
    ),
    ...textFilterInForce('poll', 'Created during check', filters.poll),
  ];
  return (
    <FilterPanel
      className={listStyles.riskFilters}
      label="Filter risks and issues"
      resetLabel="Reset to default"
      canReset={active}
      onReset={reset}
      active={inForce}
      onChange={onChange}
    >
      <SearchFilter
        id="risk-search"
        hint="Statement, labels or owner"
        value={searchText}
        onChange={setSearchText}
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
      {byActionItems && (
        <>
          <SelectFilters
            idPrefix="risk"
            filters={actionSelects}
            values={filters}
            onChange={onChange}
          />
          <DateFilter
            id="risk-action-due"
            label="Action items due on or before"
            value={filters.action_due_before ?? ''}
            onChange={(action_due_before) => onChange({ action_due_before })}
          />
        </>
      )}
    </FilterPanel>
  );
});
