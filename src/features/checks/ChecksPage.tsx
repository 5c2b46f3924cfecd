import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ApiError } from '../../api/baseQuery';
import {
  POLL_MODELS,
  POLL_ORDERING_FIELDS,
  POLL_STATUSES,
  POLL_TYPES,
  type PollListItem,
  type PollListQuery,
} from '../../api/contract/polls';
import { formatDate, personLabel } from '../../shared/lib/format';
import { useUrlText } from '../../shared/lib/useDebounced';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import { useGetCurrentUserQuery } from '../auth/api';
import { useGetPollsQuery } from './api';
import { InvalidFlag, ProgressBar, StatusBadge } from './CheckBadges';
import { POLL_MODEL_LABELS, POLL_STATUS_LABELS, POLL_TYPE_LABELS } from './labels';
import { canConfigureChecks } from './rules';
import './checks.css';

export const CHECKS_PAGE_SIZE = 25;

type OrderingField = (typeof POLL_ORDERING_FIELDS)[number];

/** The table's columns; those with `ordering` sort through DRF's `ordering` param. */
const COLUMNS: { label: string; ordering?: OrderingField }[] = [
  { label: 'Project', ordering: 'project' },
  { label: 'Account', ordering: 'account' },
  { label: 'Type', ordering: 'type' },
  { label: 'Model', ordering: 'model' },
  { label: 'Index', ordering: 'index' },
  { label: 'Status', ordering: 'status' },
  { label: 'Progress', ordering: 'progress' },
  { label: 'Main expert' },
  { label: 'Created', ordering: 'created_at' },
  { label: 'Due', ordering: 'due_date' },
  { label: 'Finished' },
];

/** The URL params that narrow the list; `ordering` and `page` are not filters. */
const FILTER_PARAMS = ['search', 'status', 'type', 'model', 'project', 'account'] as const;

/**
 * `/checks`: every check the user may see, filtered, sorted and paged. All of it lives in the URL,
 * so a reload or a shared link shows the same list.
 */
export default function ChecksPage() {
  const [params, setParams] = useSearchParams();
  const query = readListQuery(params);
  const page = query.page ?? 1;
  const { data: user } = useGetCurrentUserQuery();
  const { data, error, isError, isLoading, isFetching, refetch } = useGetPollsQuery(query);

  /** Writes params (empty removes them); any change but paging goes back to page 1. */
  const update = useCallback(
    (changes: Record<string, string>, { keepPage = false } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          if (!keepPage) next.delete('page');
          return next;
        },
        { replace: !keepPage },
      ),
    [setParams],
  );
  const commitSearch = useCallback((search: string) => update({ search }), [update]);
  const commitAccount = useCallback((account: string) => update({ account }), [update]);
  const commitProject = useCallback((project: string) => update({ project }), [update]);
  const [search, setSearch] = useUrlText(params.get('search') ?? '', commitSearch);
  const [account, setAccount] = useUrlText(params.get('account') ?? '', commitAccount);
  const [project, setProject] = useUrlText(params.get('project') ?? '', commitProject);

  const filtered = FILTER_PARAMS.some((key) => params.get(key));
  const resetFilters = () => {
    const changes: Record<string, string> = {};
    for (const key of FILTER_PARAMS) changes[key] = '';
    update(changes);
    setSearch('');
    setAccount('');
    setProject('');
  };
  const [sortField, descending] = parseOrdering(query.ordering);
  const sortBy = (field: OrderingField) =>
    update({ ordering: sortField === field && !descending ? `-${field}` : field });

  const count = data?.count ?? 0;
  const lastPage = Math.max(1, Math.ceil(count / CHECKS_PAGE_SIZE));
  const first = (page - 1) * CHECKS_PAGE_SIZE + 1;
  const last = Math.min(count, page * CHECKS_PAGE_SIZE);
  const pageGone = (error as ApiError | undefined)?.status === 404 && page > 1;

  return (
    <section className="checks-page" aria-labelledby="checks-title">
      <div className="page-head">
        <h1 id="checks-title">Checks</h1>
        <div className="page-head-links">
          {canConfigureChecks(user?.permissions) && (
            <Link to="/checks/configure_new" className="button button-primary">
              Configure new check
            </Link>
          )}
          <Link to="/checks/models" className="button">
            Models
          </Link>
        </div>
      </div>

      <form
        className="checks-filters"
        role="search"
        aria-label="Filter checks"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="field field-wide">
          <label htmlFor="checks-search">Search</label>
          <input
            id="checks-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            aria-describedby="checks-search-hint"
          />
          <span id="checks-search-hint" className="field-hint">
            Project, account or index
          </span>
        </div>
        <FilterSelect
          id="checks-status"
          label="Status"
          anyLabel="Any status"
          value={query.status ?? ''}
          options={POLL_STATUSES}
          labels={POLL_STATUS_LABELS}
          onChange={(status) => update({ status })}
        />
        <FilterSelect
          id="checks-type"
          label="Type"
          anyLabel="Any type"
          value={query.type ?? ''}
          options={POLL_TYPES}
          labels={POLL_TYPE_LABELS}
          onChange={(type) => update({ type })}
        />
        <FilterSelect
          id="checks-model"
          label="Model"
          anyLabel="Any model"
          value={query.model ?? ''}
          options={POLL_MODELS}
          labels={POLL_MODEL_LABELS}
          onChange={(model) => update({ model })}
        />
        <div className="field">
          <label htmlFor="checks-project">Project ID</label>
          <input
            id="checks-project"
            type="text"
            inputMode="numeric"
            size={8}
            value={project}
            onChange={(event) => setProject(event.target.value.replace(/\D/g, ''))}
          />
        </div>
        <div className="field">
          <label htmlFor="checks-account">Account</label>
          <input
            id="checks-account"
            type="text"
            value={account}
            onChange={(event) => setAccount(event.target.value)}
          />
        </div>
        <button type="button" className="button" onClick={resetFilters} disabled={!filtered}>
          Reset filters
        </button>
      </form>

      {isLoading ? (
        <LoadingScreen label="Loading checks…" />
      ) : pageGone ? (
        <div className="empty-state" role="alert">
          <p>There is no page {page} of this list any more.</p>
          <button type="button" className="button" onClick={() => update({})}>
            Go to the first page
          </button>
        </div>
      ) : isError ? (
        <div className="empty-state" role="alert">
          <p>The checks could not be loaded.</p>
          <button type="button" className="button" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : !data || data.results.length === 0 ? (
        filtered ? (
          <div className="empty-state">
            <h2>No check matches these filters</h2>
            <p>Change the filters or reset them to see every check you may see.</p>
            <button type="button" className="button" onClick={resetFilters}>
              Reset filters
            </button>
          </div>
        ) : (
          <div className="empty-state">
            <h2>No checks yet</h2>
            <p>Checks you run, answer or review appear here.</p>
          </div>
        )
      ) : (
        <>
          <div className="table-scroll" role="region" aria-labelledby="checks-caption" tabIndex={0}>
            <table className="checks-table" aria-busy={isFetching}>
              <caption id="checks-caption" className="visually-hidden">
                Checks{sortField ? `, sorted by ${columnLabel(sortField)}` : ''}
                {descending ? ', descending' : ''}
              </caption>
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th
                      key={column.label}
                      scope="col"
                      aria-sort={
                        column.ordering && column.ordering === sortField
                          ? descending
                            ? 'descending'
                            : 'ascending'
                          : undefined
                      }
                    >
                      {column.ordering ? (
                        <SortButton
                          label={column.label}
                          direction={
                            column.ordering === sortField
                              ? descending
                                ? 'descending'
                                : 'ascending'
                              : null
                          }
                          onClick={() => column.ordering && sortBy(column.ordering)}
                        />
                      ) : (
                        column.label
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.results.map((poll) => (
                  <CheckRow key={poll.id} poll={poll} />
                ))}
              </tbody>
            </table>
          </div>
          <nav className="pager" aria-label="Pages">
            <button
              type="button"
              className="button"
              disabled={page <= 1}
              onClick={() =>
                update({ page: page - 1 > 1 ? String(page - 1) : '' }, { keepPage: true })
              }
            >
              Previous
            </button>
            <span aria-live="polite">
              Showing {first}–{last} of {count}
            </span>
            <button
              type="button"
              className="button"
              disabled={page >= lastPage}
              onClick={() => update({ page: String(page + 1) }, { keepPage: true })}
            >
              Next
            </button>
          </nav>
        </>
      )}
    </section>
  );
}

function CheckRow({ poll }: { poll: PollListItem }) {
  return (
    <tr>
      <th scope="row">
        <Link to={`/checks/${poll.id}`}>{poll.project.name}</Link>
        {poll.is_invalid && (
          <>
            {' '}
            <InvalidFlag />
          </>
        )}
      </th>
      <td>{poll.account.name}</td>
      <td>{POLL_TYPE_LABELS[poll.type]}</td>
      <td>{POLL_MODEL_LABELS[poll.model]}</td>
      <td>{poll.index}</td>
      <td>
        <StatusBadge status={poll.status} />
      </td>
      <td>
        <ProgressBar percent={poll.progress} />
      </td>
      <td>{poll.main_expert ? personLabel(poll.main_expert) : '—'}</td>
      <td>{formatDate(poll.created_at)}</td>
      <td>{formatDate(poll.due_date)}</td>
      <td>{poll.finished_at ? formatDate(poll.finished_at) : '—'}</td>
    </tr>
  );
}

function SortButton({
  label,
  direction,
  onClick,
}: {
  label: string;
  direction: 'ascending' | 'descending' | null;
  onClick: () => void;
}) {
  return (
    <button type="button" className="sort-button" onClick={onClick}>
      {label}
      <span className="sort-arrow" aria-hidden="true">
        {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
      </span>
    </button>
  );
}

function FilterSelect<Code extends string>({
  id,
  label,
  anyLabel,
  value,
  options,
  labels,
  onChange,
}: {
  id: string;
  label: string;
  anyLabel: string;
  value: Code | '';
  options: readonly Code[];
  labels: Record<Code, string>;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

const oneOf = <Code extends string>(codes: readonly Code[], value: string | null) =>
  codes.find((code) => code === value);

/** The list query the URL describes; unknown values are ignored rather than sent. */
export function readListQuery(params: URLSearchParams): PollListQuery {
  const query: PollListQuery = { page_size: CHECKS_PAGE_SIZE };
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) query.page = page;
  const status = oneOf(POLL_STATUSES, params.get('status'));
  if (status) query.status = status;
  const type = oneOf(POLL_TYPES, params.get('type'));
  if (type) query.type = type;
  const model = oneOf(POLL_MODELS, params.get('model'));
  if (model) query.model = model;
  const project = Number(params.get('project'));
  if (Number.isInteger(project) && project > 0) query.project = project;
  const account = params.get('account')?.trim();
  if (account) query.account = account;
  const search = params.get('search')?.trim();
  if (search) query.search = search;
  const [field, descending] = parseOrdering(params.get('ordering') ?? undefined);
  if (field) query.ordering = descending ? `-${field}` : field;
  return query;
}

function parseOrdering(ordering: string | undefined): [OrderingField | undefined, boolean] {
  if (!ordering) return [undefined, false];
  const field = oneOf(POLL_ORDERING_FIELDS, ordering.replace(/^-/, ''));
  return field ? [field, ordering.startsWith('-')] : [undefined, false];
}

function columnLabel(field: OrderingField): string {
  return COLUMNS.find((column) => column.ordering === field)?.label ?? field;
}
