import type { DriverDistribution } from './resultsSummary';
import { ScrollBox } from '../../shared/ui/ScrollBox';
import surveyStyles from './survey.module.css';

/**
 * Answers by driver as a table: each driver's score and how many answers took each option. The
 * results page shows it under its chart (the chart's text alternative), the audit report alone.
 * `label` is the words of the heading above it; the table names itself as the table of them.
 */
export function AnswersTable({
  rows,
  labels,
  label,
}: {
  rows: readonly DriverDistribution[];
  labels: readonly string[];
  label: string;
}) {
  return (
    <ScrollBox className={surveyStyles.tableScroll} label={`${label} table`}>
      <table className={surveyStyles.summaryTable} aria-label={`${label} table`}>
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
    </ScrollBox>
  );
}
