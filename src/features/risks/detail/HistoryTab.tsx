import { RISK_VALUE_LABELS, type HistoryEntry, type Risk } from '../../../api/contract/risks';
import { formatDate, formatDateTime, personLabel } from '../../../api/contract/display';
import { useGetHistoryQuery } from '../api';
import { fieldLabel } from './fieldDisplay';
import { LoadFailed } from '../../../shared/ui/EmptyState';
import { DataTable, useTableSort, type Column } from '../../../shared/ui/DataTable';
import detailStyles from '../riskDetail.module.css';

const HISTORY_COLUMNS: Column<HistoryEntry>[] = [
  {
    id: 'when',
    header: 'When',
    kind: 'date',
    cell: (entry) => formatDateTime(entry.at),
    // Two changes of one moment: the later recorded one is the newer.
    sortValue: (entry) => `${entry.at}#${String(entry.id).padStart(12, '0')}`,
    sortDescFirst: true,
  },
  {
    id: 'who',
    header: 'Who',
    cell: (entry) => personLabel(entry.by),
    sortValue: (entry) => personLabel(entry.by),
  },
  {
    id: 'field',
    header: 'Field',
    rowHeader: true,
    cell: (entry) => fieldLabel(entry.field),
    sortValue: (entry) => fieldLabel(entry.field),
  },
  {
    id: 'old',
    header: 'Old value',
    kind: 'long',
    cell: (entry) => historyValue(entry.field, entry.old_value),
  },
  {
    id: 'new',
    header: 'New value',
    kind: 'long',
    cell: (entry) => historyValue(entry.field, entry.new_value),
  },
];

/**
 * Every change to the risk, newest first until a header sorts them otherwise: who, when, which
 * field, from what, to what. Below 600 px a card per change, the field first.
 */
export function HistoryTab({ risk }: { risk: Risk }) {
  const { data: entries, isLoading, isError, refetch } = useGetHistoryQuery(risk.id);
  const sort = useTableSort(HISTORY_COLUMNS, { column: 'when', descending: true });
  if (isLoading) return <p className={detailStyles.riskFormHint}>Loading the history…</p>;
  if (isError || !entries)
    return <LoadFailed title="The history could not be loaded" onRetry={() => void refetch()} />;
  return (
    <div className="risk-history">
      <h2 id="risk-history-title">History</h2>
      {entries.length === 0 ? (
        <p className={detailStyles.riskUnset}>No changes recorded yet.</p>
      ) : (
        <DataTable
          caption={`Changes to this ${risk.kind}`}
          columns={HISTORY_COLUMNS}
          rows={entries}
          rowKey={(entry) => entry.id}
          {...sort}
        />
      )}
    </div>
  );
}

function Empty() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">empty</span>
    </>
  );
}

/** A recorded value as the rest of the page shows it: labels for codes, MM/DD/YYYY for dates. */
export function historyValue(field: string, value: string) {
  if (!value) return <Empty />;
  const label = RISK_VALUE_LABELS[field]?.[value];
  if (label) return label;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  return value;
}
