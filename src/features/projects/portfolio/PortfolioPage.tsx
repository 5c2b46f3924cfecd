import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { POLL_STATUS_LABELS } from '../../../api/contract/pollLabels';
import type { Portfolio } from '../../../api/contract/projects';
import { clearing, useUrlParams, type ParamChanges } from '../../../shared/lib/searchParams';
import { useUrlText } from '../../../shared/lib/useDebounced';
import { Button } from '../../../shared/ui/Button';
import { NoMatch, LoadFailed } from '../../../shared/ui/EmptyState';
import type { SelectFilterSpec } from '../../../shared/ui/FilterField';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { TableSkeleton } from '../../../shared/ui/TableSkeleton';
import { useGetPortfolioQuery } from '../api';
import { cardPath } from '../card/cardTab';
import {
  buildTree,
  CHECK_FILTERS,
  defaultExpanded,
  FILTER_PARAMS,
  filterProjects,
  flattenTree,
  groupKeys,
  isFiltered,
  readPortfolioFilters,
  type PortfolioFilters,
} from './portfolioTree';
import { PortfolioTree } from './PortfolioTree';
import { StructureFilterPanel } from './StructureFilterPanel';
import styles from './Portfolio.module.css';

const CHECK_LABELS: Record<string, string> = { ...POLL_STATUS_LABELS, none: 'Never checked' };

/**
 * `/projects`: the Project Portfolio Structure, business segment → line → account → project,
 * fetched once and filtered in the browser; the filters live in the URL.
 */
export default function PortfolioPage() {
  const { data, isLoading, isError, refetch } = useGetPortfolioQuery();
  return (
    <section aria-labelledby="portfolio-title" className={styles.page}>
      <PageHeader
        titleId="portfolio-title"
        title="Project portfolio"
        subtitle="Business segments, business lines, accounts and their projects. A group counts the open risks and issues of the projects below it (project level); Accounts adds each account’s own."
      />
      {isLoading ? (
        <TableSkeleton label="Loading the portfolio…" rows={12} columns={5} />
      ) : isError || !data ? (
        <LoadFailed title="The portfolio could not be loaded" onRetry={() => void refetch()} />
      ) : (
        <PortfolioView portfolio={data} />
      )}
    </section>
  );
}

function PortfolioView({ portfolio }: { portfolio: Portfolio }) {
  const navigate = useNavigate();
  const { params, update } = useUrlParams();
  const urlFilters = useMemo(() => readPortfolioFilters(params), [params]);
  const commitSearch = useCallback((search: string) => update({ search }), [update]);
  const [searchText, setSearchText] = useUrlText(urlFilters.search ?? '', commitSearch);
  // The tree follows every key; the URL gets the text once typing pauses.
  const search = searchText.trim();
  const filters = useMemo<PortfolioFilters>(() => {
    const { search: _url, ...rest } = urlFilters;
    return search ? { ...rest, search } : rest;
  }, [urlFilters, search]);

  const projects = useMemo(() => filterProjects(portfolio, filters), [portfolio, filters]);
  const roots = useMemo(() => buildTree(portfolio, projects), [portfolio, projects]);
  const filtered = isFiltered(filters);

  // Unfiltered: segments and lines open. Filtered: every group with a match open.
  const [opened, setOpened] = useState<{ for: string; keys: Set<string> } | null>(null);
  const viewKey = JSON.stringify(filters);
  const expanded = useMemo(
    () =>
      opened?.for === viewKey
        ? opened.keys
        : new Set(filtered ? groupKeys(roots) : defaultExpanded(roots)),
    [opened, viewKey, filtered, roots],
  );
  const setExpanded = (keys: Set<string>) => setOpened({ for: viewKey, keys });
  const rows = useMemo(() => flattenTree(roots, expanded), [roots, expanded]);
  const [activeKey, setActiveKey] = useState<string | null>(null);

  const toggle = (key: string, open: boolean) => {
    const next = new Set(expanded);
    if (open) next.add(key);
    else next.delete(key);
    setExpanded(next);
  };

  return (
    <>
      <PortfolioFilterBar
        portfolio={portfolio}
        filters={filters}
        searchText={searchText}
        onSearchText={setSearchText}
        onChange={update}
        onReset={() => update(clearing(FILTER_PARAMS))}
      />
      <div className={styles.bar}>
        {/* data-search: the text the tree shows the matches of (the bench waits on it). */}
        <p role="status" className={styles.count} data-search={search}>
          {projects.length === portfolio.projects.length
            ? `${projects.length} projects`
            : `${projects.length} of ${portfolio.projects.length} projects match`}
        </p>
        <span className={styles.barActions}>
          <Button size="sm" onClick={() => setExpanded(new Set(groupKeys(roots)))}>
            Expand all
          </Button>
          <Button size="sm" onClick={() => setExpanded(new Set())}>
            Collapse all
          </Button>
        </span>
      </div>
      {rows.length === 0 ? (
        <NoMatch
          title="No project matches these filters"
          onReset={() => update(clearing(FILTER_PARAMS))}
        >
          <p>Search for another name, code or manager, or widen the filters.</p>
        </NoMatch>
      ) : (
        <PortfolioTree
          rows={rows}
          expanded={expanded}
          activeKey={activeKey}
          onActivate={setActiveKey}
          onToggle={toggle}
          onExpandSiblings={(keys) => setExpanded(new Set([...expanded, ...keys]))}
          onOpenProject={(id) => void navigate(cardPath(id))}
        />
      )}
    </>
  );
}

/** The portfolio's own filters beside the structure's: the last check's status. */
const CHECK_SELECT: SelectFilterSpec[] = [
  {
    param: 'check',
    label: 'Last check',
    anyLabel: 'Any last check',
    options: CHECK_FILTERS,
    labels: CHECK_LABELS,
  },
];

function PortfolioFilterBar({
  portfolio,
  filters,
  searchText,
  onSearchText,
  onChange,
  onReset,
}: {
  portfolio: Portfolio;
  filters: PortfolioFilters;
  searchText: string;
  onSearchText: (text: string) => void;
  onChange: (changes: ParamChanges) => void;
  onReset: () => void;
}) {
  return (
    <StructureFilterPanel
      idPrefix="portfolio"
      label="Filter the portfolio"
      className={styles.filters}
      structure={portfolio}
      filters={filters}
      searchText={searchText}
      onSearchText={onSearchText}
      selects={CHECK_SELECT}
      values={{ check: filters.check }}
      flags={[
        { param: 'high_ownership', label: 'High ownership', checked: !!filters.high_ownership },
        { param: 'high_risks', label: 'Open high risks', checked: !!filters.high_risks },
      ]}
      canReset={isFiltered(filters)}
      onChange={onChange}
      onReset={onReset}
    />
  );
}
