import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatDate, personLabel } from '../../../api/contract/display';
import {
  ACTION_ITEM_SOURCE_LABELS,
  ACTION_ITEM_SOURCES,
  RESOLVE_ACTION_ITEM_FLAG,
  type ProjectActionItem,
} from '../../../api/contract/projectAttributes';
import type { ProjectDetail } from '../../../api/contract/projects';
import { clearing, useUrlParams } from '../../../shared/lib/searchParams';
import { notify } from '../../../shared/lib/toasts';
import { Badge } from '../../../shared/ui/Badge';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { DataTable, withActions, type Column } from '../../../shared/ui/DataTable';
import { EmptyState, NoMatch } from '../../../shared/ui/EmptyState';
import { SearchFilter, SelectFilters, type SelectFilterSpec } from '../../../shared/ui/FilterField';
import {
  FilterPanel,
  selectFiltersInForce,
  textFilterInForce,
} from '../../../shared/ui/FilterPanel';
import { AsyncContent } from '../../../shared/ui/AsyncContent';
import { Stack, layoutClass } from '../../../shared/ui/Layout';
import { useGetProjectActionItemsQuery, useResolveProjectActionItemMutation } from './api';
import styles from './attributes.module.css';
import { isOverdue } from '../../../shared/lib/today';

/** What the card gives every tab (CardTabProps of card/tabs.ts, without importing it back). */
interface TabProps {
  project: ProjectDetail;
  permissions: readonly string[];
}

export const ITEM_RESOLVED = 'The action item has been marked done.';
const FILTER_PARAMS = ['source', 'owner', 'q'] as const;

/** Is the item past its due date? */
export const isItemOverdue = (item: Pick<ProjectActionItem, 'due_date'>, now = new Date()) =>
  isOverdue(item.due_date, now);

/** The items the filters keep: source type, owner id, and a search in the title and the source. */
export function filterItems(
  items: readonly ProjectActionItem[],
  { source, owner, q }: { source?: string; owner?: string; q?: string },
): ProjectActionItem[] {
  const words = (q ?? '').trim().toLowerCase();
  return items.filter(
    (item) =>
      (!source || item.source.type === source) &&
      (!owner || String(item.owner.id) === owner) &&
      (!words ||
        item.title.toLowerCase().includes(words) ||
        item.source.title.toLowerCase().includes(words)),
  );
}

/** Where an item's source opens: the risk or issue, or the findings of the audit. */
export const sourcePath = ({ source }: Pick<ProjectActionItem, 'source'>) =>
  source.type === 'check' ? `/audit-survey/${source.id}/outcomes` : `/risks/${source.id}`;

/**
 * Where an item comes from: a risk or an issue by number with its statement under it, a check by
 * its name (the finding is the item itself); a link where the user may open it.
 */
function SourceCell({ item: { source, ...item } }: { item: ProjectActionItem }) {
  const name =
    source.type === 'check'
      ? source.title
      : `${ACTION_ITEM_SOURCE_LABELS[source.type]} ${source.id}`;
  return (
    <span className={styles.source}>
      {source.can_open ? (
        <Link to={sourcePath({ ...item, source })}>{name}</Link>
      ) : (
        <span>{name}</span>
      )}
      {source.type !== 'check' && <span className={styles.sourceTitle}>{source.title}</span>}
    </span>
  );
}

/** The key of an item in the list: a risk's item and a finding may share a number. */
const itemKey = (item: ProjectActionItem) => `${item.source.type}-${item.id}`;

/** The items' columns: the item itself first (the card's title), its source, owner and due date. */
const itemColumns = (now: Date): Column<ProjectActionItem>[] => [
  { id: 'title', header: 'Action item', rowHeader: true, kind: 'long', cell: (item) => item.title },
  { id: 'source', header: 'Source', cell: (item) => <SourceCell item={item} /> },
  { id: 'owner', header: 'Owner', cell: (item) => personLabel(item.owner) },
  {
    id: 'due',
    header: 'Due date',
    kind: 'date',
    cell: (item) => {
      const overdue = isItemOverdue(item, now);
      return (
        <>
          {item.due_date ? (
            <span className={overdue ? styles.overdue : undefined}>
              {formatDate(item.due_date)}
            </span>
          ) : (
            '—'
          )}{' '}
          {overdue && <Badge tone="danger">Overdue</Badge>}
        </>
      );
    },
  },
];

/**
 * The Action items tab: every open action item of the project's open risks and issues, and every
 * open corrective action of its approved audits' findings, in one list, filtered by source and
 * owner and searched; with CAN_RESOLVE_ACTION_PLAN each is marked done after a confirmation and
 * leaves the list.
 */
export default function ActionItemsTab({ project, permissions }: TabProps) {
  const { data, isLoading, isFetching, isError, refetch } = useGetProjectActionItemsQuery(
    project.id,
  );
  const { params, update } = useUrlParams();
  const filters = {
    source: params.get('source') ?? '',
    owner: params.get('owner') ?? '',
    q: params.get('q') ?? '',
  };
  const [pending, setPending] = useState<ProjectActionItem | null>(null);
  const [resolve, resolving] = useResolveProjectActionItemMutation();
  const mayResolve = permissions.includes(RESOLVE_ACTION_ITEM_FLAG);

  const owners = useMemo(() => {
    const byId = new Map((data ?? []).map((item) => [String(item.owner.id), item.owner]));
    return [...byId.entries()].sort(([, a], [, b]) => a.name.localeCompare(b.name, 'en-US'));
  }, [data]);

  return (
    <AsyncContent
      query={{ data, isLoading, isError, refetch }}
      loading={{ skeleton: { label: 'Loading the action items…', rows: 4, columns: 5 } }}
      failed="The action items could not be loaded"
    >
      {(data) => {
        if (data.length === 0)
          return (
            <EmptyState title="No open action items">
              <p>
                Action items of this project’s open risks and issues, and the corrective actions of
                its approved audits, show here until they are done.
              </p>
            </EmptyState>
          );

        const shown = filterItems(data, filters);
        const filtered = FILTER_PARAMS.some((param) => filters[param] !== '');
        const now = new Date();

        const confirm = async () => {
          if (!pending) return;
          try {
            await resolve({ projectId: project.id, item: pending }).unwrap();
            notify.success(ITEM_RESOLVED);
            setPending(null);
          } catch {
            // The error toast says why; the dialog stays for another try.
          }
        };

        const selects: SelectFilterSpec<'source' | 'owner'>[] = [
          {
            param: 'source',
            label: 'Source',
            anyLabel: 'Any source',
            options: ACTION_ITEM_SOURCES,
            labels: { risk: 'Risks', issue: 'Issues', check: 'Audits' },
          },
          {
            param: 'owner',
            label: 'Owner',
            anyLabel: 'Any owner',
            options: owners.map(([id]) => id),
            labels: Object.fromEntries(owners.map(([id, owner]) => [id, personLabel(owner)])),
            unknownLabel: () => 'An owner with no open item',
          },
        ];

        return (
          <Stack>
            <FilterPanel
              className={layoutClass.filters}
              label="Filter the action items"
              resetLabel="Reset filters"
              canReset={filtered}
              onReset={() => update(clearing(FILTER_PARAMS))}
              active={[
                ...textFilterInForce('q', 'Search', filters.q),
                ...selectFiltersInForce(selects, filters),
              ]}
              onChange={update}
            >
              <SearchFilter
                id="action-items-search"
                hint="Action item, risk statement or check"
                value={filters.q}
                onChange={(text) => update({ q: text })}
              />
              <SelectFilters
                idPrefix="action-items"
                filters={selects}
                values={filters}
                onChange={update}
              />
            </FilterPanel>
            <p className="muted" role="status">
              {shown.length === data.length
                ? `${data.length} open ${data.length === 1 ? 'action item' : 'action items'}, earliest due first`
                : `${shown.length} of ${data.length} open action items`}
            </p>
            {shown.length === 0 ? (
              <NoMatch
                title="No action item matches the filters"
                onReset={() => update(clearing(FILTER_PARAMS))}
              />
            ) : (
              <DataTable
                caption={`Open action items of ${project.name}`}
                busy={isFetching}
                columns={withActions(
                  itemColumns(now),
                  mayResolve &&
                    ((item) => (
                      <Button
                        type="button"
                        size="sm"
                        aria-label={`Mark done: ${item.title}`}
                        onClick={() => setPending(item)}
                      >
                        Mark done
                      </Button>
                    )),
                  'Action',
                )}
                rows={shown}
                rowKey={itemKey}
              />
            )}
            <ConfirmDialog
              open={pending !== null}
              title={pending ? `Mark “${pending.title}” done?` : ''}
              confirmLabel="Mark done"
              busyLabel="Saving…"
              busy={resolving.isLoading}
              onConfirm={() => void confirm()}
              onCancel={() => setPending(null)}
            >
              <p>
                {pending?.source.type === 'check'
                  ? `The finding’s corrective action is marked done in ${pending.source.title} and leaves this list.`
                  : `The action item is marked done in the action plan of ${pending ? `${pending.source.type} ${pending.source.id}` : 'its risk'} and leaves this list.`}
              </p>
            </ConfirmDialog>
          </Stack>
        );
      }}
    </AsyncContent>
  );
}
