import { useCallback, useMemo, useState } from 'react';
import {
  RISK_PAGE_SIZE,
  type RiskLevel,
  type RiskListItem,
  type RiskListQuery,
} from '../../../api/contract/risks';
import { useUrlParams, withChanges } from '../../../shared/lib/searchParams';
import { risksApi, useGetRiskSummaryQuery, useGetRisksQuery, type RiskQuery } from '../api';
import { riskOrdering } from './riskColumns';
import { readFilters, type ListFilters } from './riskFilters';

/** Rows in view: the first and the last index the table draws. */
export interface RowRange {
  first: number;
  last: number;
}

/** The rows of the register's pages the list holds, and where each page starts among them. */
export interface RegisterRows {
  /** Every row the query shows, as the server counted it; undefined before its first answer. */
  count: number | undefined;
  /** The loaded rows, page after page (the table's data). */
  rows: readonly RiskListItem[];
  /** The index in `rows` of the register's row `index`, or undefined while its page is on its way. */
  indexOf: (index: number) => number | undefined;
  /** The search the rows shown answer (the previous query's while a new one is on its way). */
  appliedSearch: string;
  isLoading: boolean;
  isError: boolean;
  /** A new query (filters, search, order) is on its way; its first page replaces the rows shown. */
  isFetching: boolean;
  refetch: () => void;
  /** The table reports the rows in view; the pages under them are fetched, and the next one ahead. */
  onRangeChange: (first: number, last: number) => void;
}

/**
 * The register as the server pages it (RISK_PAGE_SIZE rows a page), for a virtualised table that
 * scrolls over all of its rows. Page 1 keeps showing the previous query's rows while a new query
 * is on its way (the list does not blink on every key); the pages under the rows in view (never
 * more than two: a page is taller than the box) are fetched for the current query only, and the
 * page after them ahead of the scroll. Each page is its own cache entry, so an answer to an older
 * query never lands in a newer one's rows.
 */
export function useRegisterPages(query: RiskListQuery): RegisterRows {
  const size = RISK_PAGE_SIZE;
  const head = useGetRisksQuery(pageOne(query));
  const settled = head.currentData !== undefined;
  const count = head.data?.count;
  const lastPage = Math.max(1, Math.ceil((count ?? 0) / size));

  const [range, setRange] = useState<RowRange>({ first: 0, last: 0 });
  const pageOf = (index: number) => Math.min(lastPage, Math.floor(index / size) + 1);
  const firstPage = pageOf(range.first);
  const secondPage = pageOf(range.last);
  const first = useGetRisksQuery(
    { ...query, page: firstPage },
    { skip: !settled || firstPage === 1 },
  );
  const second = useGetRisksQuery(
    { ...query, page: secondPage },
    { skip: !settled || secondPage === 1 || secondPage === firstPage },
  );
  // The page after the last one in view, fetched as soon as that one shows: a steady scroll finds
  // it in the cache.
  const ahead = secondPage + 1;
  useGetRisksQuery({ ...query, page: ahead }, { skip: !settled || ahead > lastPage });

  const onRangeChange = useCallback(
    (firstIndex: number, lastIndex: number) =>
      setRange((previous) =>
        samePages(previous, { first: firstIndex, last: lastIndex }, size)
          ? previous
          : { first: firstIndex, last: lastIndex },
      ),
    [size],
  );

  const headRows = head.data?.results;
  const firstRows = firstPage === 1 ? undefined : first.currentData?.results;
  const secondRows = secondPage === firstPage ? undefined : second.currentData?.results;
  const { rows, starts } = useMemo(() => {
    const pages: [number, readonly RiskListItem[] | undefined][] = [
      [1, headRows],
      [firstPage, firstRows],
      [secondPage, secondRows],
    ];
    const all: RiskListItem[] = [];
    const at = new Map<number, number>();
    for (const [page, pageRows] of pages) {
      if (!pageRows || at.has(page)) continue;
      at.set(page, all.length);
      all.push(...pageRows);
    }
    return { rows: all, starts: at };
  }, [headRows, firstPage, firstRows, secondPage, secondRows]);

  const indexOf = useCallback(
    (index: number) => {
      const start = starts.get(Math.floor(index / size) + 1);
      if (start === undefined) return undefined;
      const at = start + (index % size);
      return at < rows.length ? at : undefined;
    },
    [starts, rows, size],
  );

  // The search the shown rows answer: the query's, once its first page has arrived.
  const search = query.search ?? '';
  const [appliedSearch, setAppliedSearch] = useState(search);
  if (settled && appliedSearch !== search) setAppliedSearch(search);

  return {
    count,
    rows,
    indexOf,
    appliedSearch,
    isLoading: head.isLoading,
    isError: head.isError,
    isFetching: head.isFetching && !settled,
    refetch: () => void head.refetch(),
    onRangeChange,
  };
}

/** A query's first page: what the list shows first, and what a search asks for at once. */
const pageOne = (query: RiskListQuery) => ({ ...query, page: 1 });

/**
 * What one level's list asks the server for, from the URL: the filters, the summary's query and
 * the list's (the same with the order).
 */
export function registerQueries(
  level: RiskLevel,
  scope: number | undefined,
  params: URLSearchParams,
): { filters: ListFilters; query: RiskQuery; listQuery: RiskListQuery } {
  const filters = readFilters(params);
  const query: RiskQuery = { level, ...(scope ? { scope } : {}), ...filters };
  const ordering = riskOrdering(params.get('ordering'));
  return { filters, query, listQuery: { ...query, ...(ordering ? { ordering } : {}) } };
}

/**
 * One level's register as the list shows it, the one place that decides what the list asks the
 * server for: the URL's filters and order, the pages of rows (useRegisterPages) and the summary
 * (count, heat map, owner and label choices). `search` writes the search box's text to the URL
 * and asks for the new first page and summary at once, before the page has rendered the new URL:
 * when the list's own hooks ask for them, RTK Query finds them on their way (one request each).
 * Each query is its own cache entry, so a late answer to an older search never shows.
 */
export function useRiskRegister(level: RiskLevel, scope: number | undefined) {
  const { params, update } = useUrlParams();
  const { filters, query, listQuery } = useMemo(
    () => registerQueries(level, scope, params),
    [level, scope, params],
  );
  const register = useRegisterPages(listQuery);
  const summary = useGetRiskSummaryQuery(query);

  const prefetchRisks = risksApi.usePrefetch('getRisks');
  const prefetchSummary = risksApi.usePrefetch('getRiskSummary');
  const search = useCallback(
    (text: string) => {
      const next = registerQueries(level, scope, withChanges(params, { search: text }));
      prefetchRisks(pageOne(next.listQuery));
      prefetchSummary(next.query);
      update({ search: text });
    },
    [level, scope, params, prefetchRisks, prefetchSummary, update],
  );
  return { update, filters, listQuery, register, summary, search };
}

/** The same pages in view (what decides the pages to fetch). */
function samePages(a: RowRange, b: RowRange, size: number): boolean {
  const page = (index: number) => Math.floor(index / size);
  return page(a.first) === page(b.first) && page(a.last) === page(b.last);
}
