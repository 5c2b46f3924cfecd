import type { DriverDistribution } from './resultsSummary';
import surveyStyles from './survey.module.css';

/**
 * Answers by driver as a table: each driver's score and how many answers took each option. The
 * results page shows it under its chart (the chart's text alternative), the audit report alone.
 * `labelledBy` is the id of the heading that names it.
 */
export function AnswersTable({
  rows,
  labels,
  labelledBy,
}: {
  rows: readonly DriverDistribution[];
  labels: readonly string[];
  labelledBy: string;
}) {
  return (
    <div
      className={surveyStyles.tableScroll}
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
    >
      <table className={surveyStyles.summaryTable} aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">Driver</th>
            <th scope="col">Score</th>
            {labels.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.driver}>
              <th scope="row">{row.driver}</th>
              <td>{row.score === null ? '—' : `${row.score}%`}</td>
              {labels.map((label) => (
                <td key={label}>{row.counts[label] ?? 0}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
