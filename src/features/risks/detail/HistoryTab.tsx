import { RISK_VALUE_LABELS, type Risk } from '../../../api/contract/risks';
import { formatDate, formatDateTime, personLabel } from '../../../api/contract/display';
import { useGetHistoryQuery } from '../api';
import { fieldLabel } from './fieldDisplay';
import { LoadFailed } from '../../../shared/ui/EmptyState';
import detailStyles from '../riskDetail.module.css';

/** Every change to the risk, newest first: who, when, which field, from what, to what. */
export function HistoryTab({ risk }: { risk: Risk }) {
  const { data: entries, isLoading, isError, refetch } = useGetHistoryQuery(risk.id);
  if (isLoading) return <p className={detailStyles.riskFormHint}>Loading the history…</p>;
  if (isError || !entries)
    return <LoadFailed title="The history could not be loaded" onRetry={() => void refetch()} />;
  const newestFirst = [...entries].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
  return (
    <div className="risk-history">
      <h2 id="risk-history-title">History</h2>
      {newestFirst.length === 0 ? (
        <p className={detailStyles.riskUnset}>No changes recorded yet.</p>
      ) : (
        <div className={detailStyles.riskTableScroll}>
          <table className={detailStyles.riskDataTable} aria-labelledby="risk-history-title">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Field</th>
                <th scope="col">Old value</th>
                <th scope="col">New value</th>
              </tr>
            </thead>
            <tbody>
              {newestFirst.map((entry) => (
                <tr key={entry.id}>
                  <td className={detailStyles.riskNowrap}>{formatDateTime(entry.at)}</td>
                  <td>{personLabel(entry.by)}</td>
                  <td>{fieldLabel(entry.field)}</td>
                  <td className={detailStyles.riskHistoryValue}>
                    {historyValue(entry.field, entry.old_value)}
                  </td>
                  <td className={detailStyles.riskHistoryValue}>
                    {historyValue(entry.field, entry.new_value)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
