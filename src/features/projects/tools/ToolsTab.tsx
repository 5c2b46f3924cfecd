import { Download, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { formatDate, personLabel } from '../../../api/contract/display';
import {
  LICENCE_STATE_LABELS,
  LICENCE_STATES,
  LICENCE_TYPE_LABELS,
  LICENCE_WARNING_DAYS,
  TOOL_CATEGORIES,
  TOOL_CATEGORY_LABELS,
  TOOLS_EDIT_FLAG,
  type LicenceState,
  type Tool,
} from '../../../api/contract/tools';
import { downloadBlob } from '../../../shared/lib/download';
import { clearing, oneOf, readOrdering, useUrlParams } from '../../../shared/lib/searchParams';
import { notify } from '../../../shared/lib/toasts';
import { Badge, type BadgeTone } from '../../../shared/ui/Badge';
import { Button } from '../../../shared/ui/Button';
import { ListCount, plural } from '../../../shared/ui/ListCount';
import { DataTable, withActions, type Column } from '../../../shared/ui/DataTable';
import { DeleteDialog } from '../../../shared/ui/DeleteDialog';
import { EmptyState, NoMatch } from '../../../shared/ui/EmptyState';
import { SearchFilter, SelectFilters, type SelectFilterSpec } from '../../../shared/ui/FilterField';
import {
  FilterPanel,
  selectFiltersInForce,
  textFilterInForce,
} from '../../../shared/ui/FilterPanel';
import type { MenuEntry } from '../../../shared/ui/Menu';
import { AsyncContent } from '../../../shared/ui/AsyncContent';
import { RowActions } from '../../../shared/ui/RowActions';
import type { CardTabProps } from '../card/cardTab';
import { ButtonRow, DetailLine, Stack, Toolbar, layoutClass } from '../../../shared/ui/Layout';
import { useDeleteToolMutation, useGetToolsQuery } from './api';
import { TOOL_MESSAGES, ToolDialog } from './ToolDialog';
import { buildToolsWorkbook } from './toolsWorkbook';
import styles from './tools.module.css';
import { todayIso } from '../../../shared/lib/today';

const LICENCE_TONES: Record<LicenceState, BadgeTone> = {
  valid: 'success',
  expiring: 'warning',
  expired: 'danger',
  no_expiry: 'neutral',
};

/** The licence filter: a state, or both that need action. */
export const ATTENTION = 'attention';
const LICENCE_FILTERS = [ATTENTION, ...LICENCE_STATES] as const;
const LICENCE_FILTER_LABELS: Record<string, string> = {
  [ATTENTION]: 'Expired or expiring soon',
  ...LICENCE_STATE_LABELS,
};

/** The register's selects: category, approval and licence state. */
const TOOL_SELECTS: SelectFilterSpec[] = [
  {
    param: 'category',
    label: 'Category',
    anyLabel: 'Any category',
    options: TOOL_CATEGORIES,
    labels: TOOL_CATEGORY_LABELS,
  },
  {
    param: 'approved',
    label: 'Approved',
    anyLabel: 'Approved or not',
    options: ['yes', 'no'],
    labels: { yes: 'Approved', no: 'Not approved' },
  },
  {
    param: 'licence',
    label: 'Licence',
    anyLabel: 'Any licence state',
    options: LICENCE_FILTERS,
    labels: LICENCE_FILTER_LABELS,
  },
];

const FILTER_PARAMS = ['q', 'category', 'approved', 'licence'] as const;
export const SORT_FIELDS = [
  'name',
  'category',
  'licence_type',
  'licence_expiry',
  'owner',
  'approved',
] as const;
type SortField = (typeof SORT_FIELDS)[number];

export interface ToolFilters {
  q?: string;
  category?: string;
  approved?: string;
  licence?: string;
}

/** The tools the filters keep: a search in name, version, owner and notes, and the selects. */
export function filterTools(tools: readonly Tool[], filters: ToolFilters): Tool[] {
  const words = (filters.q ?? '').trim().toLowerCase();
  return tools.filter(
    (tool) =>
      (!filters.category || tool.category === filters.category) &&
      (!filters.approved || (filters.approved === 'yes') === tool.approved) &&
      (!filters.licence ||
        (filters.licence === ATTENTION
          ? tool.licence_state === 'expired' || tool.licence_state === 'expiring'
          : tool.licence_state === filters.licence)) &&
      (!words ||
        [tool.name, tool.version, tool.owner.name, tool.owner.login, tool.notes].some((text) =>
          text.toLowerCase().includes(words),
        )),
  );
}

const sortKey: Record<SortField, (tool: Tool) => string | number> = {
  name: (tool) => `${tool.name.toLowerCase()} ${tool.version}`,
  category: (tool) => TOOL_CATEGORY_LABELS[tool.category],
  licence_type: (tool) => LICENCE_TYPE_LABELS[tool.licence_type],
  // No expiry sorts after every date.
  licence_expiry: (tool) => tool.licence_expiry ?? '9999-12-31',
  owner: (tool) => tool.owner.name,
  approved: (tool) => (tool.approved ? 1 : 0),
};

/** The tools in the order of the field (then by name), descending when asked. */
export function sortTools(tools: readonly Tool[], field: SortField, descending: boolean): Tool[] {
  const key = sortKey[field];
  const compare = (a: Tool, b: Tool) => {
    const [x, y] = [key(a), key(b)];
    const order =
      typeof x === 'number' && typeof y === 'number'
        ? x - y
        : String(x).localeCompare(String(y), 'en-US', { numeric: true, sensitivity: 'base' });
    return order || a.name.localeCompare(b.name, 'en-US', { sensitivity: 'base' });
  };
  const sorted = [...tools].sort(compare);
  return descending ? sorted.reverse() : sorted;
}

/**
 * The register's columns; with CAN_EDIT_TECH_REGISTER the row's Actions menu at the end. Each
 * header sorts the rows (through the URL); below 600 px each tool is a card.
 */
function toolColumns(mayEdit: boolean, menuOf: (tool: Tool) => MenuEntry[]): Column<Tool>[] {
  const columns: Column<Tool>[] = [
    {
      // The version shows beside the name (and sorts with it).
      id: 'name',
      header: 'Tool',
      rowHeader: true,
      sortable: true,
      className: styles.tool,
      cell: (tool) => (
        <>
          {tool.name}
          {tool.version && <span className={styles.version}> {tool.version}</span>}
          {tool.notes && <DetailLine>{tool.notes}</DetailLine>}
        </>
      ),
    },
    {
      id: 'category',
      header: 'Category',
      sortable: true,
      cell: (tool) => TOOL_CATEGORY_LABELS[tool.category],
    },
    {
      id: 'licence_type',
      header: 'Licence',
      sortable: true,
      cell: (tool) => LICENCE_TYPE_LABELS[tool.licence_type],
    },
    {
      id: 'licence_expiry',
      header: 'Expiry',
      sortable: true,
      cell: (tool) => (
        <>
          {tool.licence_expiry ? formatDate(tool.licence_expiry) : '—'}{' '}
          <Badge tone={LICENCE_TONES[tool.licence_state]}>
            {LICENCE_STATE_LABELS[tool.licence_state]}
          </Badge>
        </>
      ),
    },
    {
      id: 'owner',
      header: 'Owner',
      sortable: true,
      cell: (tool) => <span title={personLabel(tool.owner)}>{tool.owner.name}</span>,
    },
    {
      id: 'approved',
      header: 'Approved',
      sortable: true,
      cell: (tool) => (
        <Badge tone={tool.approved ? 'success' : 'warning'}>{tool.approved ? 'Yes' : 'No'}</Badge>
      ),
    },
  ];
  return withActions(
    columns,
    mayEdit && ((tool) => <RowActions of={`“${tool.name}”`} items={menuOf(tool)} />),
  );
}

/**
 * The Tools register tab: the tools and technologies the project uses, with category, version,
 * licence type and expiry, owner and approval; a licence expired or expiring within 30 days is
 * flagged. Searched, filtered and sorted through the URL, so a filtered view is a link to share;
 * the rows shown export to Excel. With CAN_EDIT_TECH_REGISTER tools are added, changed and removed
 * (after a confirmation); without it the register is read-only.
 */
export default function ToolsTab({ project, permissions }: CardTabProps) {
  const { data, isLoading, isError, isFetching, refetch } = useGetToolsQuery(project.id);
  const mayEdit = permissions.includes(TOOLS_EDIT_FLAG);
  const { params, update } = useUrlParams();
  const filters = {
    q: params.get('q') ?? '',
    category: oneOf(TOOL_CATEGORIES, params.get('category')) ?? '',
    approved: oneOf(['yes', 'no'], params.get('approved')) ?? '',
    licence: oneOf(LICENCE_FILTERS, params.get('licence')) ?? '',
  };
  const [field = 'name', descending] = readOrdering(params.get('sort') ?? undefined, SORT_FIELDS);
  const [dialog, setDialog] = useState<Tool | 'add' | null>(null);
  const [doomed, setDoomed] = useState<Tool | null>(null);
  const [exporting, setExporting] = useState(false);
  const [remove, removing] = useDeleteToolMutation();

  const shown = sortTools(filterTools(data ?? [], filters), field, descending);

  const addButton = mayEdit ? (
    <Button variant="primary" icon={Plus} onClick={() => setDialog('add')}>
      Add tool
    </Button>
  ) : null;

  const exportShown = async () => {
    setExporting(true);
    try {
      const file = await buildToolsWorkbook(project.name, shown);
      downloadBlob(file, `tools-register-project-${project.id}-${todayIso()}.xlsx`);
    } catch {
      notify.warning('The Excel file could not be built. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  const menuOf = (tool: Tool): MenuEntry[] => [
    { label: 'Change…', icon: Pencil, onSelect: () => setDialog(tool) },
    { label: 'Delete…', icon: Trash2, danger: true, onSelect: () => setDoomed(tool) },
  ];

  const resetFilters = () => update(clearing(FILTER_PARAMS));
  const orderBy = (next: SortField) =>
    update({
      sort: next === field && !descending ? `-${next}` : next === 'name' ? undefined : next,
    });

  const content = (
    <AsyncContent
      query={{ data, isLoading, isError, refetch }}
      loading={{ skeleton: { label: 'Loading the tools register…', rows: 6, columns: 6 } }}
      failed="The tools register could not be loaded"
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyState title="No tools in the register yet" actions={addButton ?? undefined}>
          <p>
            The tools and technologies the project uses show here, with their licence, owner and
            approval.
          </p>
        </EmptyState>
      }
    >
      {(data) => {
        const expired = data.filter((tool) => tool.licence_state === 'expired').length;
        const expiring = data.filter((tool) => tool.licence_state === 'expiring').length;
        const unapproved = data.filter((tool) => !tool.approved).length;
        const filtered = FILTER_PARAMS.some((param) => filters[param] !== '');
        const attention = [
          expired > 0 && `${plural(expired, 'licence has', 'licences have')} expired`,
          expiring > 0 &&
            `${plural(expiring, 'licence expires', 'licences expire')} within ${LICENCE_WARNING_DAYS} days`,
          unapproved > 0 && `${plural(unapproved, 'tool is', 'tools are')} not approved`,
        ].filter(Boolean);
        return (
          <>
            {attention.length > 0 && (
              <div className={`${layoutClass.warningNote} ${layoutClass.toolbar}`}>
                <p>{attention.join('; ')}.</p>
                {(expired > 0 || expiring > 0) && filters.licence !== ATTENTION && (
                  <Button size="sm" onClick={() => update({ licence: ATTENTION })}>
                    Show the licences to renew
                  </Button>
                )}
              </div>
            )}
            <FilterPanel
              className={layoutClass.filters}
              label="Filter the tools"
              resetLabel="Reset filters"
              canReset={filtered}
              onReset={resetFilters}
              active={[
                ...textFilterInForce('q', 'Search', filters.q),
                ...selectFiltersInForce(TOOL_SELECTS, filters),
              ]}
              onChange={update}
            >
              <SearchFilter
                id="tools-search"
                hint="Name, version, owner or notes"
                value={filters.q}
                onChange={(text) => update({ q: text })}
              />
              <SelectFilters
                idPrefix="tools"
                filters={TOOL_SELECTS}
                values={filters}
                onChange={update}
              />
            </FilterPanel>
            <Toolbar>
              <ListCount shown={shown.length} total={data.length} one="tool" many="tools">
                {!mayEdit && ' · read-only for you'}
              </ListCount>
              <ButtonRow>
                {addButton}
                <Button
                  icon={Download}
                  disabled={shown.length === 0 || exporting}
                  onClick={() => void exportShown()}
                >
                  {exporting ? 'Exporting…' : 'Export to Excel'}
                </Button>
              </ButtonRow>
            </Toolbar>
            {shown.length === 0 ? (
              <NoMatch title="No tool matches the filters" onReset={resetFilters} />
            ) : (
              <DataTable
                caption={`Tools register of ${project.name}`}
                busy={isFetching}
                columns={toolColumns(mayEdit, menuOf)}
                rows={shown}
                rowKey={(tool) => tool.id}
                sort={{ column: field, descending }}
                onSort={(column) => orderBy(column as SortField)}
                serverSorted
              />
            )}
          </>
        );
      }}
    </AsyncContent>
  );

  return (
    <Stack>
      {content}
      {dialog !== null && (
        <ToolDialog
          projectId={project.id}
          tool={dialog === 'add' ? null : dialog}
          onClose={() => setDialog(null)}
        />
      )}
      <DeleteDialog
        target={doomed}
        title={doomed ? `Delete “${doomed.name}” from the register?` : ''}
        busy={removing.isLoading}
        onClose={() => setDoomed(null)}
        onDelete={async (tool) => {
          await remove({ projectId: project.id, toolId: tool.id }).unwrap();
          notify.success(TOOL_MESSAGES.deleted);
        }}
      >
        <p>The tool leaves the register; the card’s History keeps a note of it.</p>
      </DeleteDialog>
    </Stack>
  );
}
