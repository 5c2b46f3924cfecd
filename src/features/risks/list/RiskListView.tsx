import { functionalUpdate, useTable, type SortingState, type Updater } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import type { Rating, RiskLevel, RiskListItem } from '../../../api/contract/risks';
import { LEVEL_LABELS } from '../../../api/contract/display';
import { clearing } from '../../../shared/lib/searchParams';
import { TableSkeleton } from '../../../shared/ui/TableSkeleton';
import { ExportButton } from './ExportButton';
import { HeatMap } from './HeatMap';
import {
  DEFAULT_HIDDEN_RISK_COLUMNS,
  FIXED_SCOPE_HIDDEN_COLUMNS_KEY,
  FIXED_SCOPE_HIDDEN_RISK_COLUMNS,
  fixedScopeHiddenColumns,
  HIDDEN_COLUMNS_KEY,
  PICKABLE_RISK_COLUMNS,
  readOrdering,
  riskColumns,
  riskTableFeatures,
  writeOrdering,
} from './riskColumns';
import { emptyHeat, FILTER_KEYS, hasFilters, heatCounts } from './riskFilters';
import { RiskFilterBar } from './RiskFilterBar';
import { RiskTable } from './RiskTable';
import { useRiskRegister } from './registerPages';
import { ScopePicker } from './ScopePicker';
import { Button } from '../../../shared/ui/Button';
import { EmptyState, LoadFailed } from '../../../shared/ui/EmptyState';
import listStyles from '../risksList.module.css';
import { ColumnPicker } from '../../../shared/ui/ColumnPicker';
import { useStoredState } from '../../../shared/lib/storedState';

const NO_OWNERS: never[] = [];

/**
 * One level's risks and issues, searched, filtered, ordered, counted and paged by the server, so a
 * register of any size reads the same: the URL holds the filters and the order, the table scrolls
 * over every row the server counts and fetches the pages that come into view, and the heat map,
 * the owner and label choices and the count come from the server's summary of the same query.
 */
export function RiskListView({
  level,
  scope,
  fixedScope = false,
}: {
  level: RiskLevel;
  scope: number | undefined;
  /** Inside a page that is the scope (the project card): no scope picker. */
  fixedScope?: boolean;
}) {
  const {
    filters: urlFilters,
    listQuery,
    register,
    summary,
    search,
    update,
  } = useRiskRegister(level, scope);
  const ordering = listQuery.ordering;

  const sorting = useMemo(() => readOrdering(ordering ?? null), [ordering]);
  const onSortingChange = useCallback(
    (updater: Updater<SortingState>) =>
      update({ ordering: writeOrdering(functionalUpdate(updater, sorting)) }),
    [update, sorting],
  );
  // The columns shown are the user's choice, kept on this device; a page that is the scope keeps
  // its own (no scope column by default: every row has the same).
  const defaultHidden = fixedScope ? FIXED_SCOPE_HIDDEN_RISK_COLUMNS : DEFAULT_HIDDEN_RISK_COLUMNS;
  const firstHidden = useMemo(
    () => (fixedScope ? fixedScopeHiddenColumns() : DEFAULT_HIDDEN_RISK_COLUMNS),
    [fixedScope],
  );
  const [hiddenColumns, setHiddenColumns] = useStoredState<readonly string[]>(
    fixedScope ? FIXED_SCOPE_HIDDEN_COLUMNS_KEY : HIDDEN_COLUMNS_KEY,
    firstHidden,
  );
  const columnVisibility = useMemo(
    () => Object.fromEntries(hiddenColumns.map((id) => [id, false])),
    [hiddenColumns],
  );
  const table = useTable({
    features: riskTableFeatures,
    columns: riskColumns,
    data: register.rows as RiskListItem[],
    getRowId: (risk) => String(risk.id),
    state: { sorting, columnVisibility },
    onSortingChange,
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
  });
  const tableRows = table.getRowModel().rows;
  const { indexOf } = register;
  const rowAt = useCallback(
    (index: number) => {
      const at = indexOf(index);
      return at === undefined ? undefined : tableRows[at];
    },
    [indexOf, tableRows],
  );

  // Stable, so the filter bar and the heat map draw again only when what they show changes.
  const resetFilters = useCallback(() => update(clearing(FILTER_KEYS)), [update]);
  // A cell counts open risks: picking it lists those (status open), so the list's count is the cell's.
  const toggleCell = useCallback(
    (probability: Rating, impact: Rating) =>
      urlFilters.probability === probability && urlFilters.impact === impact
        ? update({ probability: undefined, impact: undefined })
        : update({ probability, impact, status: 'open' }),
    [urlFilters, update],
  );

  const levelName = LEVEL_LABELS[level].replace(/ level$/, '');
  const sortedBy = sorting[0];
  const sortedColumn = sortedBy ? table.getColumn(sortedBy.id)?.columnDef.header : undefined;
  const caption = `${levelName} risks and issues, ${
    typeof sortedColumn === 'string'
      ? `sorted by ${sortedColumn}, ${sortedBy?.desc ? 'descending' : 'ascending'}`
      : 'newest first'
  }`;

  const knownScopeName = register.rows.find((risk) => risk.scope.id === scope)?.scope.name;
  const heat = useMemo(
    () => (summary.data ? heatCounts(summary.data.heat) : emptyHeat()),
    [summary.data],
  );
  const count = register.count;

  return (
    <div className={listStyles.riskListLayout}>
      <div className={listStyles.riskListControls}>
        {!fixedScope && (
          <div className={listStyles.riskToolbar}>
            <ScopePicker
              level={level}
              scope={scope}
              knownName={knownScopeName}
              onChange={(next) => update({ scope: next })}
            />
          </div>
        )}
        <RiskFilterBar
          filters={urlFilters}
          onSearch={search}
          owners={summary.data?.owners ?? NO_OWNERS}
          labels={summary.data?.labels ?? NO_OWNERS}
          onChange={update}
          onReset={resetFilters}
        />
        {urlFilters.poll && (
          <p className={listStyles.riskNotice}>
            Showing the risks and issues created during check {urlFilters.poll}. To see every actual
            risk and issue of this scope, select Reset to default.
          </p>
        )}
      </div>
      {summary.data && (
        <HeatMap
          heat={heat}
          probability={urlFilters.probability}
          impact={urlFilters.impact}
          onToggle={toggleCell}
        />
      )}
      <div className={listStyles.riskListMain}>
        {register.isLoading ? (
          <TableSkeleton label="Loading risks and issues…" rows={10} columns={7} />
        ) : register.isError && count === undefined ? (
          <LoadFailed title="The risks and issues could not be loaded" onRetry={register.refetch} />
        ) : (
          <>
            <div className={listStyles.riskListBar}>
              <p
                className={listStyles.riskCount}
                role="status"
                data-search={register.isFetching ? undefined : register.appliedSearch}
              >
                {countText(count ?? 0)}
              </p>
              <div className={listStyles.riskListTools}>
                <ColumnPicker
                  columns={PICKABLE_RISK_COLUMNS}
                  hidden={hiddenColumns}
                  onChange={setHiddenColumns}
                  onReset={() => setHiddenColumns(defaultHidden)}
                />
                <ExportButton
                  query={listQuery}
                  count={register.isFetching ? undefined : count}
                  fileStem={`${levelName.toLowerCase()}-risks`}
                />
              </div>
            </div>
            {count === 0 && !register.isFetching && !hasFilters(urlFilters) ? (
              <EmptyState title={<>No {levelName.toLowerCase()} risks or issues here yet</>}>
                <p>Risks and issues raised at this level appear here.</p>
              </EmptyState>
            ) : count === 0 && !register.isFetching ? (
              <EmptyState
                title="No risk or issue matches these filters"
                actions={
                  <Button type="button" onClick={resetFilters}>
                    Reset to default
                  </Button>
                }
              >
                <p>Change the filters or reset them to see every risk and issue of this scope.</p>
              </EmptyState>
            ) : (
              <RiskTable
                table={table}
                count={count ?? 0}
                rowAt={rowAt}
                onRangeChange={register.onRangeChange}
                caption={caption}
                busy={register.isFetching}
                scrollResetKey={JSON.stringify(listQuery)}
              />
            )}
          </>
        )}
      </div>
    </div>
  );
}

/** Spells out what the list shows, as the server counted it: '340 risks and issues', '1 risk or issue'. */
function countText(total: number): string {
  const noun = total === 1 ? 'risk or issue' : 'risks and issues';
  return `${total.toLocaleString('en-US')} ${noun}`;
}
