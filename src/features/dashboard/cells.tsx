import { Link } from 'react-router';
import type { Month } from '../../api/contract/dashboard';
import type { Column } from '../../shared/ui/DataTable';
import { monthLabel } from './chartText';

/**
 * A project's name as a real link to its card (`/projects/{id}`: middle-click, a new tab, its
 * address copied); the account's own level, which has no project, in words.
 */
export function ProjectLink({
  project,
}: {
  project: { id: number | string; name: string } | null;
}) {
  return project ? <Link to={`/projects/${project.id}`}>{project.name}</Link> : <>Account level</>;
}

/** A month that heads its row ('Nov 2026'): the title of its card on a phone. */
export function monthColumn<Row extends { month: Month }>(): Column<Row> {
  return {
    id: 'month',
    header: 'Month',
    rowHeader: true,
    kind: 'date',
    cell: (row) => monthLabel(row.month),
  };
}
