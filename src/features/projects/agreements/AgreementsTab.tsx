import { Paperclip, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  AGREEMENT_EDIT_FLAG,
  AGREEMENT_STATE_LABELS,
  AGREEMENT_TYPE_LABELS,
  EXPIRING_WITHIN_DAYS,
  type Agreement,
  type AgreementState,
} from '../../../api/contract/agreements';
import { formatDate } from '../../../api/contract/display';
import { notify } from '../../../shared/lib/toasts';
import { Badge, type BadgeTone } from '../../../shared/ui/Badge';
import { Button } from '../../../shared/ui/Button';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { DeleteDialog } from '../../../shared/ui/DeleteDialog';
import { EmptyState } from '../../../shared/ui/EmptyState';
import type { MenuEntry } from '../../../shared/ui/Menu';
import { AsyncContent } from '../../../shared/ui/AsyncContent';
import { RowActions } from '../../../shared/ui/RowActions';
import { safeHref } from '../../../shared/lib/safeHref';
import type { CardTabProps } from '../card/cardTab';
import { ButtonRow, DetailLine, Stack, Toolbar, WarningNote } from '../../../shared/ui/Layout';
import { AGREEMENT_MESSAGES, AgreementDialog } from './AgreementDialog';
import { useDeleteAgreementMutation, useGetAgreementsQuery } from './api';
import styles from './agreements.module.css';

const STATE_TONES: Record<AgreementState, BadgeTone> = {
  draft: 'neutral',
  signed: 'success',
  expired: 'danger',
};

/** 'Expires today', 'Expires tomorrow', 'Expires in 12 days'. */
export function expiryText(daysLeft: number): string {
  if (daysLeft === 0) return 'Expires today';
  if (daysLeft === 1) return 'Expires tomorrow';
  return `Expires in ${daysLeft} days`;
}

/** '€1,200,000.00': the value in its currency, as en-US writes it. */
export const money = (agreement: Pick<Agreement, 'value' | 'currency'>) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: agreement.currency }).format(
    agreement.value,
  );

/** The agreements' columns; with the edit flag the row's Actions menu at the end. */
function agreementColumns(
  mayEdit: boolean,
  menuOf: (agreement: Agreement) => MenuEntry[],
): Column<Agreement>[] {
  const columns: Column<Agreement>[] = [
    {
      id: 'agreement',
      header: 'Agreement',
      rowHeader: true,
      kind: 'long',
      cell: (agreement) => (
        <>
          <span className={styles.type}>{AGREEMENT_TYPE_LABELS[agreement.type]}</span>{' '}
          {agreement.reference}
          <DetailLine>{agreement.parties}</DetailLine>
          {agreement.documents.length > 0 && (
            <ul className={styles.links} aria-label={`Documents of ${agreement.reference}`}>
              {agreement.documents.map((file) => (
                <li key={file.id}>
                  <Paperclip size={14} aria-hidden="true" />{' '}
                  <a href={safeHref(file.url)} download={file.file_name}>
                    {file.file_name}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </>
      ),
    },
    {
      id: 'period',
      header: 'Period',
      kind: 'date',
      cell: (agreement) => (
        <>
          {formatDate(agreement.start_date)} – {formatDate(agreement.end_date)}
          {agreement.expiring_soon && (
            <span className={styles.expiry}>
              <Badge tone="warning">{expiryText(agreement.days_left)}</Badge>
            </span>
          )}
        </>
      ),
    },
    { id: 'value', header: 'Value', kind: 'number', cell: (agreement) => money(agreement) },
    {
      id: 'state',
      header: 'State',
      cell: (agreement) => (
        <Badge tone={STATE_TONES[agreement.state]}>{AGREEMENT_STATE_LABELS[agreement.state]}</Badge>
      ),
    },
  ];
  if (!mayEdit) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header: 'Actions',
      kind: 'actions',
      className: styles.hiddenHolder,
      cell: (agreement) => <RowActions of={agreement.reference} items={menuOf(agreement)} />,
    },
  ];
}

/**
 * The Project agreements tab: the contract, SOWs, SLAs and change agreements with the client, by
 * end date, each with its parties and documents, period, value and state. A draft or signed one
 * ending within 30 days is highlighted and says so in words. Editors (CAN_EDIT_PROJECT_CARD) add,
 * change and delete agreements and attach documents; without the flag the list is read-only.
 */
export default function AgreementsTab({ project, permissions }: CardTabProps) {
  const { data, isLoading, isError, isFetching, refetch } = useGetAgreementsQuery(project.id);
  const mayEdit = permissions.includes(AGREEMENT_EDIT_FLAG);
  // undefined: closed; null: adding; an agreement: changing it.
  const [editing, setEditing] = useState<Agreement | null | undefined>(undefined);
  const [doomed, setDoomed] = useState<Agreement | null>(null);
  const [remove, removing] = useDeleteAgreementMutation();

  const addButton = mayEdit ? (
    <ButtonRow>
      <Button variant="primary" icon={Plus} onClick={() => setEditing(null)}>
        Add agreement
      </Button>
    </ButtonRow>
  ) : null;

  const menuOf = (agreement: Agreement): MenuEntry[] => [
    { label: 'Change…', icon: Pencil, onSelect: () => setEditing(agreement) },
    { label: 'Delete…', icon: Trash2, danger: true, onSelect: () => setDoomed(agreement) },
  ];

  const content = (
    <AsyncContent
      query={{ data, isLoading, isError, refetch }}
      loading={{ skeleton: { label: 'Loading the agreements…', rows: 5, columns: 6 } }}
      failed="The agreements could not be loaded"
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyState title="No agreements yet" actions={addButton}>
          <p>
            The contract, SOWs, SLAs and change agreements with the client show here, with their
            period, value, state and documents.
          </p>
        </EmptyState>
      }
    >
      {(data) => {
        const expiring = data.filter((agreement) => agreement.expiring_soon);
        return (
          <>
            <Toolbar>
              <p className="muted">
                {data.length === 1 ? '1 agreement' : `${data.length} agreements`}, by end date
                {mayEdit ? '' : ' (read-only)'}
              </p>
              {addButton}
            </Toolbar>
            {expiring.length > 0 && (
              <WarningNote role="note">
                <strong>
                  {expiring.length === 1
                    ? '1 agreement expires'
                    : `${expiring.length} agreements expire`}{' '}
                  within {EXPIRING_WITHIN_DAYS} days:
                </strong>{' '}
                {expiring
                  .map((agreement) => `${agreement.reference} (${formatDate(agreement.end_date)})`)
                  .join(', ')}
                .
              </WarningNote>
            )}
            <DataTable
              caption={`Agreements of ${project.name}`}
              busy={isFetching}
              columns={agreementColumns(mayEdit, menuOf)}
              rows={data}
              rowKey={(agreement) => agreement.id}
              rowClassName={(agreement) =>
                agreement.expiring_soon ? styles.expiringRow : undefined
              }
            />
          </>
        );
      }}
    </AsyncContent>
  );

  return (
    <Stack>
      {content}
      {editing !== undefined && (
        <AgreementDialog
          projectId={project.id}
          agreement={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
      <DeleteDialog
        target={doomed}
        title={doomed ? `Delete ${doomed.reference}?` : ''}
        busy={removing.isLoading}
        onClose={() => setDoomed(null)}
        onDelete={async (agreement) => {
          await remove({ projectId: project.id, agreementId: agreement.id }).unwrap();
          notify.success(AGREEMENT_MESSAGES.deleted);
        }}
      >
        <p>
          The agreement and its documents are removed for good; the card’s History keeps a note of
          it.
        </p>
      </DeleteDialog>
    </Stack>
  );
}
