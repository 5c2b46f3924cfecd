import { useMemo } from 'react';
import type { DriverDistribution } from './resultsSummary';
import { DataTable, useTableSort, type Column } from '../../shared/ui/DataTable';

/**
 * Answers by driver as a table: each driver's score and how many answers took each option. The
 * results page shows it under its chart (the chart's text alternative), the audit report alone.
 * `label` is the words of the heading above it; the table names itself as the table of them.
 * Rows in the check's order of drivers until a header sorts them; below 600 px a card per driver.
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
  const columns = useMemo<Column<DriverDistribution>[]>(
    () => [
      {
        id: 'driver',
        header: 'Driver',
        rowHeader: true,
        cell: (row) => row.driver,
        sortValue: (row) => row.driver,
      },
      {
        id: 'score',
        header: 'Score',
        kind: 'number',
        cell: (row) => (row.score === null ? '—' : `${row.score}%`),
        sortValue: (row) => row.score,
        sortDescFirst: true,
      },
      ...labels.map((option): Column<DriverDistribution> => ({
        id: `answer:${option}`,
        header: option,
        kind: 'number',
        cell: (row) => String(row.counts[option] ?? 0),
        sortValue: (row) => row.counts[option] ?? 0,
        sortDescFirst: true,
      })),
    ],
    [labels],
  );
  const sort = useTableSort(columns);
  return (
    <DataTable
      caption={`${label} table`}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.driver}
      {...sort}
    />
  );
}
