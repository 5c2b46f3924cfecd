import { functionalUpdate, useTable, type SortingState, type Updater } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import type { Rating, RiskLevel, RiskListItem } from '../../../api/contract/risks';
import { LEVEL_LABELS } from '../../../api/contract/display';
import { clearing, useUrlParams } from '../../../shared/lib/searchParams';
import { useUrlText } from '../../../shared/lib/useDebounced';
import { TableSkeleton } from '../../../shared/ui/TableSkeleton';
import { useGetRisksQuery } from '../api';
import { ExportButton } from './ExportButton';
import { HeatMap } from './HeatMap';
import {
  DEFAULT_HIDDEN_RISK_COLUMNS,
  PICKABLE_RISK_COLUMNS,
  readOrdering,
  riskColumns,
  riskTableFeatures,
  writeOrdering,
} from './riskColumns';
import {
  applyFilters,
  FILTER_KEYS,
  labelsOf,
  ownersOf,
  readFilters,
  searchTextOf,
} from './riskFilters';
import { RiskFilterBar } from './RiskFilterBar';
import { RiskTable, type RiskRow } from './RiskTable';
import { SCOPE_LABELS, ScopePicker } from './ScopePicker';
import { Button } from '../../../shared/ui/Button';
import { EmptyState, LoadFailed } from '../../../shared/ui/EmptyState';
import listStyles from '../risksList.module.css';
import { ColumnPicker } from '../../../shared/ui/ColumnPicker';
import { useStoredState } from '../../../shared/lib/storedState';

const NO_RISKS: RiskListItem[] = [];
const riskOf = (row: RiskRow) => row.original;

/**
 * One level's risks and issues: every row of the scope is fetched once, then sorted by TanStack
 * Table and filtered here in the browser, so each key typed in the search box filters 10 000 rows
 * within a frame. The heat map, the count and the export read the same filtered rows.
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
  const { params, update } = useUrlParams();
  const urlFilters = useMemo(() => readFilters(params), [params]);
  const commitSearch = useCallback((search: string) => update({ search }), [update]);
  const [searchText, setSearchText] = useUrlText(urlFilters.search ?? '', commitSearch);
  const search = searchText.trim();
  const filters = useMemo(
    () => ({ ...urlFilters, search: search || undefined }),
    [urlFilters, search],
  );

  const { data, isLoading, isError, isFetching, refetch } = useGetRisksQuery({
    level,
    ...(scope ? { scope } : {}),
    ...(urlFilters.poll ? { poll: urlFilters.poll } : {}),
  });
  const risks = data?.results ?? NO_RISKS;

  const ordering = params.get('ordering');
  const sorting = useMemo(() => readOrdering(ordering), [ordering]);
  const onSortingChange = useCallback(
    (updater: Updater<SortingState>) =>
      update({ ordering: writeOrdering(functionalUpdate(updater, sorting)) }),
    [update, sorting],
  );
  // The columns shown are the user's choice, kept on this device.
  const [hiddenColumns, setHiddenColumns] = useStoredState<readonly string[]>(
    'pep.risk-list.hidden-columns',
    DEFAULT_HIDDEN_RISK_COLUMNS,
  );
  const columnVisibility = useMemo(
    () => Object.fromEntries(hiddenColumns.map((id) => [id, false])),
    [hiddenColumns],
  );
  const table = useTable({
    features: riskTableFeatures,
    columns: riskColumns,
    data: risks,
    getRowId: (risk) => String(risk.id),
    state: { sorting, columnVisibility },
    onSortingChange,
    enableMultiSort: false,
    enableSortingRemoval: false,
  });
  const sortedRows = table.getRowModel().rows;
  const searchTexts = useMemo(() => risks.map(searchTextOf), [risks]);
  const { rows, heat } = useMemo(
    () => applyFilters(sortedRows, riskOf, filters, (row) => searchTexts[row.index] ?? ''),
    [sortedRows, filters, searchTexts],
  );
  const shown = useMemo(() => rows.map(riskOf), [rows]);
  const owners = useMemo(() => ownersOf(risks), [risks]);
  const labels = useMemo(() => labelsOf(risks), [risks]);

  const resetFilters = () => {
    update(clearing(FILTER_KEYS));
    setSearchText('');
  };
  const toggleCell = (probability: Rating, impact: Rating) =>
    urlFilters.probability === probability && urlFilters.impact === impact
      ? update({ probability: undefined, impact: undefined })
      : update({ probability, impact });

  const levelName = LEVEL_LABELS[level].replace(/ level$/, '');
  const sortedBy = sorting[0];
  const sortedColumn = sortedBy ? table.getColumn(sortedBy.id)?.columnDef.header : undefined;
  const caption = `${levelName} risks and issues${
    typeof sortedColumn === 'string'
      ? `, sorted by ${sortedColumn}, ${sortedBy?.desc ? 'descending' : 'ascending'}`
      : ''
  }`;

  const knownScopeName = risks.find((risk) => risk.scope.id === scope)?.scope.name;

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
          searchText={searchText}
          onSearchText={setSearchText}
          owners={owners}
          labels={labels}
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
      {data && (
        <HeatMap
          heat={heat}
          probability={urlFilters.probability}
          impact={urlFilters.impact}
          onToggle={toggleCell}
        />
      )}
      <div className={listStyles.riskListMain}>
        {isLoading ? (
          <TableSkeleton label="Loading risks and issues…" rows={10} columns={7} />
        ) : isError && !data ? (
          <LoadFailed
            title="The risks and issues could not be loaded"
            onRetry={() => void refetch()}
          />
        ) : (
          <>
            <div className={listStyles.riskListBar}>
              <p className={listStyles.riskCount} role="status" data-search={search}>
                {countText(rows.length, risks.length)}
              </p>
              <div className={listStyles.riskListTools}>
                <ColumnPicker
                  columns={PICKABLE_RISK_COLUMNS}
                  hidden={hiddenColumns}
                  onChange={setHiddenColumns}
                  onReset={() => setHiddenColumns(DEFAULT_HIDDEN_RISK_COLUMNS)}
                />
                <ExportButton risks={shown} fileStem={`${levelName.toLowerCase()}-risks`} />
              </div>
            </div>
            {data && data.count > data.results.length && (
              <p className={listStyles.riskNotice}>
                The list holds the first {data.results.length.toLocaleString('en-US')} of{' '}
                {data.count.toLocaleString('en-US')} risks and issues, the newest. Pick a{' '}
                {SCOPE_LABELS[level].one.toLowerCase()} to see all of its own.
              </p>
            )}
            {risks.length === 0 ? (
              <EmptyState title={<>No {levelName.toLowerCase()} risks or issues here yet</>}>
                <p>Risks and issues raised at this level appear here.</p>
              </EmptyState>
            ) : rows.length === 0 ? (
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
                rows={rows}
                caption={caption}
                busy={isFetching}
                scrollResetKey={`${JSON.stringify(filters)}|${ordering ?? ''}|${level}|${scope ?? ''}`}
              />
            )}
          </>
        )}
      </div>
    </div>
  );
}

/** Spells out what the list shows: '12 of 340 risks and issues', '1 risk or issue'. */
function countText(shown: number, total: number): string {
  const noun = total === 1 ? 'risk or issue' : 'risks and issues';
  const number = (value: number) => value.toLocaleString('en-US');
  return shown === total
    ? `${number(total)} ${noun}`
    : `${number(shown)} of ${number(total)} ${noun}`;
}
