import type { PersonRef } from '../../api/contract/risks';
import { formatDate, personLabel } from '../../api/contract/display';
import type { Column } from '../../shared/ui/DataTable';

/** What has an owner and may have a due date: a risk or issue, an action item of one. */
interface OwnedAndDue {
  owner: PersonRef;
  due_date: string | null;
}

/**
 * The Owner and Due columns of every table of risks or action items: the owner's label
 * (name and login) and the due date as MM/DD/YYYY ('—' without one), both sortable.
 */
export function ownerDueColumns<Row extends OwnedAndDue>(): Column<Row>[] {
  return [
    {
      id: 'owner',
      header: 'Owner',
      cell: (row) => personLabel(row.owner),
      sortValue: (row) => personLabel(row.owner),
    },
    {
      id: 'due',
      header: 'Due',
      kind: 'date',
      cell: (row) => (row.due_date ? formatDate(row.due_date) : '—'),
      sortValue: (row) => row.due_date,
    },
  ];
}
