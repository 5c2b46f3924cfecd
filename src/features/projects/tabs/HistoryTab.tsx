import { formatDateTime, personLabel } from '../../../api/contract/display';
import { cellClass, DataTable } from '../../../shared/ui/DataTable';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { AsyncContent } from '../../../shared/ui/AsyncContent';
import { useGetProjectHistoryQuery } from '../api';
import type { CardTabProps } from '../card/cardTab';

/** The card's History: every change made on any tab, newest first. */
export default function HistoryTab({ project }: CardTabProps) {
  const { data, isLoading, isError, refetch } = useGetProjectHistoryQuery(project.id);
  return (
    <AsyncContent
      query={{ data, isLoading, isError, refetch }}
      loading={{ skeleton: { label: 'Loading the history…', rows: 5, columns: 6 } }}
      failed="The history could not be loaded"
    >
      {(data) => {
        if (data.length === 0)
          return (
            <EmptyState title="No changes yet">
              <p>
                Every change made on this card shows here: who made it, when, and what it was
                before.
              </p>
            </EmptyState>
          );
        return (
          <DataTable caption={`Changes made on ${project.name}`}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Section</th>
                <th scope="col">Field</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {data.map((entry) => (
                <tr key={entry.id}>
                  <td className={cellClass.nowrap}>{formatDateTime(entry.at)}</td>
                  <td>{personLabel(entry.by)}</td>
                  <td>{entry.section}</td>
                  <td>{entry.field}</td>
                  <td className={cellClass.wrap}>{entry.old_value || '—'}</td>
                  <td className={cellClass.wrap}>{entry.new_value || '—'}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        );
      }}
    </AsyncContent>
  );
}
