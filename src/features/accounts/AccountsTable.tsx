import type { AccountRow } from '../../api/contract/accounts';
import { personLabel } from '../../api/contract/display';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { CsatBadge, NpsBadge, PlaceLink, type PageAccess } from './parts';

export type NameOrder = 'name' | '-name';

/**
 * Accounts as rows: name (a link to the account page when the user may open it), business line,
 * segment, delivery owner, NPS, CSAT, projects and open risks and issues at every level of the
 * account (its own and its projects'; the portfolio tree counts the project level only). With
 * `onOrder`, the Name header is a button that sorts by name (on the server). Below 600 px each
 * account is a card, its name first.
 */
export function AccountsTable({
  caption,
  rows,
  access,
  busy = false,
  order,
  onOrder,
  columns = ['line', 'segment'],
}: {
  caption: string;
  rows: readonly AccountRow[];
  access: PageAccess;
  busy?: boolean;
  order?: NameOrder;
  onOrder?: (order: NameOrder) => void;
  /** The place columns to show (a line's page leaves both out: they are the page's own). */
  columns?: readonly ('line' | 'segment')[];
}) {
  const definitions: Column<AccountRow>[] = [
    {
      id: 'name',
      header: 'Name',
      rowHeader: true,
      kind: 'long',
      sortable: !!onOrder,
      cell: (row) => <PlaceLink kind="account" place={row} access={access} />,
    },
    ...(columns.includes('line')
      ? [
          {
            id: 'line',
            header: 'Business line',
            cell: (row: AccountRow) => (
              <PlaceLink kind="line" place={row.business_line} access={access} />
            ),
          },
        ]
      : []),
    ...(columns.includes('segment')
      ? [
          {
            id: 'segment',
            header: 'Business segment',
            cell: (row: AccountRow) => (
              <PlaceLink kind="segment" place={row.business_segment} access={access} />
            ),
          },
        ]
      : []),
    {
      id: 'owner',
      header: 'Delivery owner',
      cell: (row) => (row.delivery_owner ? personLabel(row.delivery_owner) : 'Not set in the CRM'),
    },
    { id: 'nps', header: 'NPS', cell: (row) => <NpsBadge status={row.nps_status} /> },
    { id: 'csat', header: 'CSAT', cell: (row) => <CsatBadge status={row.csat_status} /> },
    { id: 'projects', header: 'Projects', kind: 'number', cell: (row) => row.projects_count },
    { id: 'risks', header: 'All open risks', kind: 'number', cell: (row) => row.open_risks },
    { id: 'issues', header: 'All open issues', kind: 'number', cell: (row) => row.open_issues },
  ];
  return (
    <DataTable
      caption={caption}
      busy={busy}
      columns={definitions}
      rows={rows}
      rowKey={(row) => row.id}
      serverSorted
      sort={order === undefined ? null : { column: 'name', descending: order === '-name' }}
      onSort={onOrder ? () => onOrder(order === 'name' ? '-name' : 'name') : undefined}
    />
  );
}
