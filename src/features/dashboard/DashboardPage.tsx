import { useCallback, useMemo } from 'react';
import type { ApiError } from '../../api/baseQuery';
import {
  DASHBOARD_FLAG,
  SCORE_KIND_LABELS,
  SCORE_LEVEL_LABELS,
  SCORE_LEVELS,
  type DashboardLine,
  type DashboardQuery,
  type DashboardResponse,
  type ScoreKind,
} from '../../api/contract/dashboard';
import type { NamedRef } from '../../api/contract/risks';
import { clearing, useUrlParams, type ParamChanges } from '../../shared/lib/searchParams';
import { useParamText } from '../../shared/lib/useDebounced';
import { DataTable, cellClass } from '../../shared/ui/DataTable';
import { EmptyState, NoMatch, LoadFailed } from '../../shared/ui/EmptyState';
import { SearchFilter, SelectFilters, type SelectFilterSpec } from '../../shared/ui/FilterField';
import { FilterPanel, selectFiltersInForce, textFilterInForce } from '../../shared/ui/FilterPanel';
import { PageHeader } from '../../shared/ui/PageHeader';
import { TableSkeleton } from '../../shared/ui/TableSkeleton';
import { useGetDashboardQuery } from './api';
import { ChartFigure, LevelDistributionChart, LevelTrendChart } from './ChartFigure';
import { countsTotal, levelCountsText, monthLabel } from './chartText';
import { COLUMNS, DashboardTable } from './DashboardTable';
import {
  FILTER_PARAMS,
  nextSort,
  readDashboardQuery,
  readSort,
  sortRows,
  writeSort,
} from './dashboardRows';
import { ExportButton } from './ExportButton';
import styles from './dashboard.module.css';

const NO_PLACES: NamedRef[] = [];
const NO_LINES: DashboardLine[] = [];

/**
 * `/dashboard`: every account the user may see with its riskiness and issueness, their trend
 * against last month, open high risks, overdue action items, last check and actual riskiness.
 * Search, segment, line and the two levels filter on the server; the sort orders the answer
 * here; all of them live in the URL. The levels' distribution and 12-month trend are charted,
 * each with its table; the rows shown export to Excel.
 */
export default function DashboardPage() {
  const { params, update } = useUrlParams();
  const query = useMemo(() => readDashboardQuery(params), [params]);
  const sort = readSort(params.get('sort'));
  const { data, error, isLoading, isError, isFetching, refetch } = useGetDashboardQuery(query);
  const status = (error as ApiError | undefined)?.status;

  const [search, setSearch] = useParamText(params, update, 'search');
  const filtered = FILTER_PARAMS.some((key) => params.get(key));
  const reset = useCallback(() => {
    update(clearing(FILTER_PARAMS));
    setSearch('');
  }, [update, setSearch]);

  const rows = useMemo(() => sortRows(data?.results ?? [], sort), [data, sort]);

  if (status === 403)
    return (
      <section aria-labelledby="dashboard-title" className={styles.page}>
        <PageHeader title="Dashboard" titleId="dashboard-title" />
        <EmptyState title="The dashboard is not part of your role">
          <p>
            Seeing it needs the permission {DASHBOARD_FLAG}. If your work needs it, ask your
            platform administrator.
          </p>
        </EmptyState>
      </section>
    );

  return (
    <section aria-labelledby="dashboard-title" className={styles.page}>
      <PageHeader
        title="Dashboard"
        titleId="dashboard-title"
        subtitle="The riskiness and issueness of every account you may see, and how they move"
        actions={data && <ExportButton rows={rows} />}
      />
      <DashboardFilters
        query={query}
        segments={data?.segments ?? NO_PLACES}
        lines={data?.lines ?? NO_LINES}
        search={search}
        onSearch={setSearch}
        onChange={update}
        canReset={filtered || search !== ''}
        onReset={reset}
      />
      {isLoading ? (
        <TableSkeleton label="Loading the dashboard…" rows={10} columns={COLUMNS.length} />
      ) : isError || !data ? (
        <LoadFailed title="The dashboard could not be loaded" onRetry={() => void refetch()} />
      ) : data.results.length === 0 ? (
        filtered ? (
          <NoMatch title="No account matches these filters" onReset={reset}>
            <p>Search for another name, or widen the filters.</p>
          </NoMatch>
        ) : (
          <EmptyState title="No accounts to show">
            <p>Accounts appear here once you look after one, or your role covers their line.</p>
          </EmptyState>
        )
      ) : (
        <>
          <DashboardCharts data={data} />
          <section aria-labelledby="dashboard-accounts-title" className={styles.section}>
            <div className={styles.listBar}>
              <h2 id="dashboard-accounts-title">Accounts</h2>
              <p role="status" className={styles.count}>
                {countText(rows.length, data.total)}
              </p>
            </div>
            <DashboardTable
              rows={rows}
              busy={isFetching}
              sort={sort}
              onSort={(key) => update({ sort: writeSort(nextSort(sort, key)) })}
            />
          </section>
        </>
      )}
    </section>
  );
}

/** '12 of 40 accounts', or '40 accounts' when the filters keep them all. */
function countText(shown: number, total: number): string {
  const accounts = (n: number) => (n === 1 ? '1 account' : `${n.toLocaleString('en-US')} accounts`);
  if (total === shown) return accounts(shown);
  return `${shown.toLocaleString('en-US')} of ${accounts(total)}`;
}

function DashboardFilters({
  query,
  segments,
  lines,
  search,
  onSearch,
  onChange,
  canReset,
  onReset,
}: {
  query: DashboardQuery;
  segments: readonly NamedRef[];
  lines: readonly DashboardLine[];
  search: string;
  onSearch: (text: string) => void;
  onChange: (changes: ParamChanges) => void;
  canReset: boolean;
  onReset: () => void;
}) {
  const selects = useMemo((): SelectFilterSpec[] => {
    const placeSpec = (
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
      // A value of a shared link that names no place the user sees stays shown.
      unknownLabel: (value) => `${label} ${value}`,
    });
    const levelSpec = (kind: ScoreKind): SelectFilterSpec => ({
      param: kind,
      label: SCORE_KIND_LABELS[kind],
      anyLabel: 'Any level',
      options: SCORE_LEVELS,
      labels: SCORE_LEVEL_LABELS,
    });
    return [
      placeSpec('segment', 'Business segment', 'Any segment', segments),
      placeSpec(
        'line',
        'Business line',
        'Any line',
        lines.filter((line) => !query.segment || line.segment_id === query.segment),
      ),
      levelSpec('riskiness'),
      levelSpec('issueness'),
    ];
  }, [segments, lines, query.segment]);

  /** A line that no longer sits in the chosen segment is cleared with it. */
  const change = (changes: ParamChanges) =>
    onChange('segment' in changes ? { ...changes, line: undefined } : changes);

  // Below 600 px the fields wait behind a "Filters" button, the filters in force shown as chips.
  return (
    <FilterPanel
      className={styles.filters}
      label="Filter the accounts"
      resetLabel="Reset filters"
      canReset={canReset}
      onReset={onReset}
      active={[
        ...textFilterInForce('search', 'Search', query.search),
        ...selectFiltersInForce(selects, { ...query }),
      ]}
      onChange={change}
    >
      <SearchFilter id="dashboard-search" hint="Account name" value={search} onChange={onSearch} />
      <SelectFilters
        idPrefix="dashboard"
        filters={selects}
        values={{ ...query }}
        onChange={change}
      />
    </FilterPanel>
  );
}

/** The levels now and over twelve months, of the accounts the filters keep. */
function DashboardCharts({ data }: { data: DashboardResponse }) {
  const { distribution, trend } = data;
  const accounts = countsTotal(distribution.riskiness);
  const firstMonth = trend[0];
  const lastMonth = trend.at(-1);
  const trendSummary = (kind: ScoreKind) =>
    firstMonth && lastMonth
      ? `From ${monthLabel(firstMonth.month)} to ${monthLabel(lastMonth.month)}, the accounts of ` +
        `each ${kind} level went: ${[...SCORE_LEVELS]
          .reverse()
          .map(
            (level) =>
              `${SCORE_LEVEL_LABELS[level]} from ${firstMonth[kind][level]} to ${lastMonth[kind][level]}`,
          )
          .join(', ')}.`
      : `No month of ${kind} is recorded yet.`;
  return (
    <div className={styles.charts}>
      <ChartFigure
        id="dashboard-distribution"
        title="Levels now"
        summary={`Of ${accounts === 1 ? '1 account' : `${accounts} accounts`}, riskiness is ${levelCountsText(
          distribution.riskiness,
        )}; issueness is ${levelCountsText(distribution.issueness)}.`}
        table={
          <DataTable caption="Accounts by level now" compact>
            <thead>
              <tr>
                <th scope="col">Score</th>
                {SCORE_LEVELS.map((level) => (
                  <th key={level} scope="col" className={cellClass.number}>
                    {SCORE_LEVEL_LABELS[level]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(['riskiness', 'issueness'] as const).map((kind) => (
                <tr key={kind}>
                  <th scope="row">{SCORE_KIND_LABELS[kind]}</th>
                  {SCORE_LEVELS.map((level) => (
                    <td key={level} className={cellClass.number}>
                      {distribution[kind][level]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </DataTable>
        }
      >
        <LevelDistributionChart distribution={distribution} />
      </ChartFigure>
      {(['riskiness', 'issueness'] as const).map((kind) => (
        <ChartFigure
          key={kind}
          id={`dashboard-trend-${kind}`}
          title={`${SCORE_KIND_LABELS[kind]} over 12 months`}
          summary={trendSummary(kind)}
          table={
            <DataTable caption={`Accounts by ${kind} level, month by month`} compact>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  {SCORE_LEVELS.map((level) => (
                    <th key={level} scope="col" className={cellClass.number}>
                      {SCORE_LEVEL_LABELS[level]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {trend.map((point) => (
                  <tr key={point.month}>
                    <th scope="row" className={cellClass.nowrap}>
                      {monthLabel(point.month)}
                    </th>
                    {SCORE_LEVELS.map((level) => (
                      <td key={level} className={cellClass.number}>
                        {point[kind][level]}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </DataTable>
          }
        >
          <LevelTrendChart
            trend={trend.map((point) => ({ month: point.month, counts: point[kind] }))}
          />
        </ChartFigure>
      ))}
    </div>
  );
}
