import type { AccountRow } from '../../api/contract/accounts';
import { personLabel } from '../../api/contract/display';
import { cellClass, DataTable } from '../../shared/ui/DataTable';
import { SortButton } from '../../shared/ui/SortButton';
import { CsatBadge, NpsBadge, PlaceLink, type PageAccess } from './parts';

export type NameOrder = 'name' | '-name';

/**
 * Accounts as rows: name (a link to the account page when the user may open it), business line,
 * segment, delivery owner, NPS, CSAT, projects and open risks and issues at every level of the
 * account (its own and its projects'; the portfolio tree counts the project level only). With `order`, the Name header is a
 * button that sorts by name.
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
  const sorted = order === undefined ? undefined : order === 'name' ? 'ascending' : 'descending';
  return (
    <DataTable caption={sorted ? `${caption}, sorted by name, ${sorted}` : caption} busy={busy}>
      <thead>
        <tr>
          <th scope="col" aria-sort={sorted}>
            {onOrder ? (
              <SortButton
                label="Name"
                direction={sorted}
                onClick={() => onOrder(order === 'name' ? '-name' : 'name')}
              />
            ) : (
              'Name'
            )}
          </th>
          {columns.includes('line') && <th scope="col">Business line</th>}
          {columns.includes('segment') && <th scope="col">Business segment</th>}
          <th scope="col">Delivery owner</th>
          <th scope="col">NPS</th>
          <th scope="col">CSAT</th>
          <th scope="col" className={cellClass.number}>
            Projects
          </th>
          <th scope="col" className={cellClass.number}>
            All open risks
          </th>
          <th scope="col" className={cellClass.number}>
            All open issues
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <th scope="row" className={cellClass.wrap}>
              <PlaceLink kind="account" place={row} access={access} />
            </th>
            {columns.includes('line') && (
              <td>
                <PlaceLink kind="line" place={row.business_line} access={access} />
              </td>
            )}
            {columns.includes('segment') && (
              <td>
                <PlaceLink kind="segment" place={row.business_segment} access={access} />
              </td>
            )}
            <td>{row.delivery_owner ? personLabel(row.delivery_owner) : 'Not set in the CRM'}</td>
            <td>
              <NpsBadge status={row.nps_status} />
            </td>
            <td>
              <CsatBadge status={row.csat_status} />
            </td>
            <td className={cellClass.number}>{row.projects_count}</td>
            <td className={cellClass.number}>{row.open_risks}</td>
            <td className={cellClass.number}>{row.open_issues}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
