import { useCallback, useMemo } from 'react';
import type { AccountListQuery } from '../../api/contract/accounts';
import {
  clearing,
  positiveInt,
  useUrlParams,
  type ParamChanges,
} from '../../shared/lib/searchParams';
import { useUrlText } from '../../shared/lib/useDebounced';
import { FilterPanel, selectFiltersInForce, textFilterInForce } from '../../shared/ui/FilterPanel';
import { Button } from '../../shared/ui/Button';
import { EmptyState, NoMatch } from '../../shared/ui/EmptyState';
import { SearchFilter, SelectFilters, type SelectFilterSpec } from '../../shared/ui/FilterField';
import { PageHeader } from '../../shared/ui/PageHeader';
import { TableSkeleton } from '../../shared/ui/TableSkeleton';
import { useGetCurrentUserQuery } from '../auth/api';
import { useGetAccountsQuery, useGetBusinessLinesQuery, useGetBusinessSegmentsQuery } from './api';
import { AccountsTable, type NameOrder } from './AccountsTable';
import { count, pageAccess } from './parts';
import { LoadFailed } from '../../shared/ui/EmptyState';
import styles from './accounts.module.css';

export const ACCOUNTS_PAGE_SIZE = 20;
const FILTER_PARAMS = ['search', 'segment', 'line'] as const;

/** The list query the URL describes; unknown values are left out rather than sent. */
export function readAccountQuery(params: URLSearchParams): AccountListQuery {
  const query: AccountListQuery = { page_size: ACCOUNTS_PAGE_SIZE };
  const search = params.get('search')?.trim();
  if (search) query.search = search;
  const segment = positiveInt(params.get('segment'));
  if (segment) query.segment = segment;
  const line = positiveInt(params.get('line'));
  if (line) query.line = line;
  query.ordering = params.get('ordering') === '-name' ? '-name' : 'name';
  const page = positiveInt(params.get('page'));
  if (page && page > 1) query.page = page;
  return query;
}

/**
 * `/accounts`: every account with its business line and segment, delivery owner, NPS and CSAT
 * statuses, projects and open risks. Search, filters, order and page live in the URL.
 */
export default function AccountsPage() {
  const { params, update: write } = useUrlParams();
  const query = useMemo(() => readAccountQuery(params), [params]);
  const page = query.page ?? 1;
  const { data: user } = useGetCurrentUserQuery();
  const access = pageAccess(user?.permissions ?? []);
  const { data, isLoading, isError, isFetching, refetch } = useGetAccountsQuery(query);

  /** Any change but paging goes back to page 1. */
  const update = useCallback(
    (changes: ParamChanges) => write({ ...changes, page: undefined }),
    [write],
  );
  const commitSearch = useCallback((search: string) => update({ search }), [update]);
  const [searchText, setSearchText] = useUrlText(query.search ?? '', commitSearch);
  const filtered = FILTER_PARAMS.some((key) => params.get(key));
  const reset = () => {
    update(clearing(FILTER_PARAMS));
    setSearchText('');
  };

  const total = data?.count ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / ACCOUNTS_PAGE_SIZE));
  const first = (page - 1) * ACCOUNTS_PAGE_SIZE + 1;
  const last = Math.min(total, page * ACCOUNTS_PAGE_SIZE);

  return (
    <section aria-labelledby="accounts-title" className={styles.page}>
      <PageHeader
        titleId="accounts-title"
        title="Accounts"
        subtitle="Accounts with their business line, delivery owner, satisfaction, and all their open risks and issues: the account’s own and its projects’"
      />
      <AccountFilters
        query={query}
        searchText={searchText}
        onSearchText={setSearchText}
        onChange={update}
        canReset={filtered || searchText !== ''}
        onReset={reset}
      />
      {isLoading ? (
        <TableSkeleton label="Loading the accounts…" rows={10} columns={8} />
      ) : isError || !data ? (
        <LoadFailed title="The accounts could not be loaded" onRetry={() => void refetch()} />
      ) : data.results.length === 0 ? (
        filtered ? (
          <NoMatch title="No account matches these filters" onReset={reset}>
            <p>Search for another name, or widen the filters.</p>
          </NoMatch>
        ) : (
          <EmptyState title="No accounts yet">
            <p>Accounts come from the CRM and appear here once they are synchronised.</p>
          </EmptyState>
        )
      ) : (
        <>
          <p role="status" className={styles.count}>
            {filtered ? `${count(total, 'account')} match` : count(total, 'account')}
          </p>
          <AccountsTable
            caption="Accounts"
            rows={data.results}
            access={access}
            busy={isFetching}
            order={query.ordering as NameOrder}
            onOrder={(ordering) => update({ ordering: ordering === 'name' ? undefined : ordering })}
          />
          {lastPage > 1 && (
            <nav className={styles.pager} aria-label="Pages">
              <Button
                type="button"
                disabled={page <= 1}
                onClick={() => write({ page: page > 2 ? page - 1 : undefined }, { push: true })}
              >
                Previous
              </Button>
              <span aria-live="polite" className={styles.pagerText}>
                Page {page} of {lastPage} · accounts {first}–{last} of {total}
              </span>
              <Button
                type="button"
                disabled={page >= lastPage}
                onClick={() => write({ page: page + 1 }, { push: true })}
              >
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

function AccountFilters({
  query,
  searchText,
  onSearchText,
  onChange,
  canReset,
  onReset,
}: {
  query: AccountListQuery;
  searchText: string;
  onSearchText: (text: string) => void;
  onChange: (changes: ParamChanges) => void;
  canReset: boolean;
  onReset: () => void;
}) {
  const { data: segments = [] } = useGetBusinessSegmentsQuery();
  const { data: lines = [] } = useGetBusinessLinesQuery();
  const selects = useMemo((): SelectFilterSpec[] => {
    const shownLines = lines
      .filter((line) => !query.segment || line.segment_id === query.segment)
      .sort((a, b) => a.name.localeCompare(b.name, 'en-US'));
    const spec = (
      param: string,
      label: string,
      anyLabel: string,
      items: readonly { id: number; name: string }[],
    ): SelectFilterSpec => ({
      param,
      label,
      anyLabel,
      options: items.map((item) => String(item.id)),
      labels: Object.fromEntries(items.map((item) => [String(item.id), item.name])),
      // Until the names arrive, a value from the URL stays shown.
      unknownLabel: (value) => `${label} ${value}`,
    });
    return [
      spec('segment', 'Business segment', 'Any segment', segments),
      spec('line', 'Business line', 'Any line', shownLines),
    ];
  }, [segments, lines, query.segment]);

  const inForce = [
    ...textFilterInForce('search', 'Search', query.search),
    ...selectFiltersInForce(selects, { segment: query.segment, line: query.line }),
  ];
  return (
    <FilterPanel
      className={styles.filters}
      label="Filter the accounts"
      resetLabel="Reset filters"
      canReset={canReset}
      onReset={onReset}
      active={inForce}
      onChange={onChange}
      // A line goes with its segment, as the select clears it.
      onRemove={(param) =>
        onChange(
          param === 'segment' ? { segment: undefined, line: undefined } : { [param]: undefined },
        )
      }
    >
      <SearchFilter
        id="accounts-search"
        hint="Account name"
        value={searchText}
        onChange={onSearchText}
      />
      <SelectFilters
        idPrefix="accounts"
        filters={selects}
        values={{ segment: query.segment, line: query.line }}
        onChange={(changes) =>
          // A line that no longer sits in the chosen segment is cleared with it.
          onChange('segment' in changes ? { ...changes, line: undefined } : changes)
        }
      />
    </FilterPanel>
  );
}
