import { formatDateTime, personLabel } from '../../../api/contract/display';
import type { ProjectHistoryEntry } from '../../../api/contract/projects';
import { AsyncContent } from '../../../shared/ui/AsyncContent';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { useGetProjectHistoryQuery } from '../api';
import type { CardTabProps } from '../card/cardTab';

/** The history's columns: below 600 px each change is a card under its time. */
const COLUMNS: readonly Column<ProjectHistoryEntry>[] = [
  {
    id: 'at',
    header: 'When',
    kind: 'date',
    rowHeader: true,
    cell: (entry) => formatDateTime(entry.at),
  },
  { id: 'by', header: 'Who', cell: (entry) => personLabel(entry.by) },
  { id: 'section', header: 'Section', cell: (entry) => entry.section },
  { id: 'field', header: 'Field', cell: (entry) => entry.field },
  { id: 'before', header: 'Before', kind: 'long', cell: (entry) => entry.old_value || '—' },
  { id: 'after', header: 'After', kind: 'long', cell: (entry) => entry.new_value || '—' },
];

/** The card's History: every change made on any tab, newest first. */
export default function HistoryTab({ project }: CardTabProps) {
  const { data, isLoading, isError, refetch } = useGetProjectHistoryQuery(project.id);
  return (
    <AsyncContent
      query={{ data, isLoading, isError, refetch }}
      loading={{ skeleton: { label: 'Loading the history…', rows: 5, columns: 6 } }}
      failed="The history could not be loaded"
      isEmpty={(entries) => entries.length === 0}
      empty={
        <EmptyState title="No changes yet">
          <p>
            Every change made on this card shows here: who made it, when, and what it was before.
          </p>
        </EmptyState>
      }
    >
      {(entries) => (
        <DataTable
          caption={`Changes made on ${project.name}`}
          columns={COLUMNS}
          rows={entries}
          rowKey={(entry) => entry.id}
        />
      )}
    </AsyncContent>
  );
}
