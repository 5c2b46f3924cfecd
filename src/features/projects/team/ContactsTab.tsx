import { Pencil, Trash2, UserPlus } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import {
  CONTACT_EDIT_FLAG,
  CONTACT_SIDES,
  CONTACT_SIDE_LABELS,
  type ContactSide,
  type ProjectContact,
} from '../../../api/contract/projectContacts';
import { loadChunk } from '../../../shared/lib/chunk';
import { clearing, useUrlParams } from '../../../shared/lib/searchParams';
import { notify } from '../../../shared/lib/toasts';
import { Button } from '../../../shared/ui/Button';
import { IconButton } from '../../../shared/ui/Tooltip';
import { DataTable, withActions, type Column } from '../../../shared/ui/DataTable';
import { RowActions } from '../../../shared/ui/RowActions';
import { DeleteDialog } from '../../../shared/ui/DeleteDialog';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { SearchFilter, SelectFilters } from '../../../shared/ui/FilterField';
import {
  FilterPanel,
  selectFiltersInForce,
  textFilterInForce,
} from '../../../shared/ui/FilterPanel';
import { AsyncContent } from '../../../shared/ui/AsyncContent';
import type { CardTabProps } from '../card/cardTab';
import { Stack, Toolbar } from '../../../shared/ui/Layout';
import { useDeleteContactMutation, useGetProjectContactsQuery } from './api';
import styles from './team.module.css';

const FILTER_PARAMS = ['side', 'q'] as const;
const SIDE_FILTER = [
  {
    param: 'side' as const,
    label: 'Side',
    anyLabel: 'All sides',
    options: CONTACT_SIDES,
    labels: CONTACT_SIDE_LABELS,
  },
];

const isSide = (value: string | null): value is ContactSide =>
  (CONTACT_SIDES as readonly (string | null)[]).includes(value);

/** The contacts whose side is `side` (when given) and whose texts hold `search`. */
export function filterContacts(
  contacts: readonly ProjectContact[],
  { side, search }: { side?: ContactSide | undefined; search: string },
): ProjectContact[] {
  const words = search.trim().toLowerCase();
  return contacts.filter(
    (contact) =>
      (!side || contact.side === side) &&
      (!words ||
        [
          contact.name,
          contact.position,
          contact.organisation,
          contact.email,
          contact.phone,
          contact.notes,
        ].some((text) => text.toLowerCase().includes(words))),
  );
}

/** The contacts table's columns; for an editor, the row's buttons at the end. */
function contactColumns(
  actions: ((contact: ProjectContact) => ReactNode) | null,
): Column<ProjectContact>[] {
  const columns: Column<ProjectContact>[] = [
    {
      id: 'name',
      header: 'Name and position',
      rowHeader: true,
      className: styles.person,
      cell: (contact) => (
        <>
          {contact.name}
          <span className={styles.position}>{contact.position}</span>
        </>
      ),
    },
    { id: 'organisation', header: 'Organisation', cell: (contact) => contact.organisation },
    {
      id: 'reach',
      header: 'Email and phone',
      cell: (contact) => (
        <span className={styles.reach}>
          <a href={`mailto:${contact.email}`}>{contact.email}</a>
          {contact.phone && (
            <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
          )}
        </span>
      ),
    },
    {
      id: 'notes',
      header: 'Notes',
      kind: 'long',
      cell: (contact) => contact.notes,
    },
  ];
  return withActions(columns, actions, 'Changes');
}

/** The dialog and its form kit load apart from the list. */
const loadContactDialog = () => loadChunk(() => import('./ContactDialog'));
const ContactDialog = lazy(() =>
  loadContactDialog().then((module) => ({ default: module.ContactDialog })),
);

const contactsText = (count: number) => (count === 1 ? '1 contact' : `${count} contacts`);

type Editing = { contact: ProjectContact | null } | null;

/**
 * The Contacts tab: the client-side, third-party and company contacts of the project, one table
 * per side, narrowed by side and by a search (both kept in the URL). With CAN_EDIT_CONTACT they
 * are added, changed and deleted (asked first); read-only otherwise.
 */
export default function ContactsTab({ project, permissions }: CardTabProps) {
  const { data, isLoading, isError, isFetching, refetch } = useGetProjectContactsQuery(project.id);
  const [deleteContact, deleting] = useDeleteContactMutation();
  const { params, update } = useUrlParams();
  const [editing, setEditing] = useState<Editing>(null);
  const [doomed, setDoomed] = useState<ProjectContact | null>(null);
  const mayEdit = permissions.includes(CONTACT_EDIT_FLAG);
  // Fetched once the list is under way, so that the dialog opens at once.
  useEffect(() => {
    if (mayEdit) void loadContactDialog().catch(() => undefined);
  }, [mayEdit]);
  const sideParam = params.get('side');
  const side = isSide(sideParam) ? sideParam : undefined;
  const search = params.get('q') ?? '';
  const filtered = side !== undefined || search.trim() !== '';

  const add = mayEdit ? (
    <Button variant="primary" icon={UserPlus} onClick={() => setEditing({ contact: null })}>
      Add contact
    </Button>
  ) : null;

  return (
    <AsyncContent
      query={{ data, isLoading, isError, refetch }}
      loading={{ skeleton: { label: 'Loading the contacts…', rows: 5, columns: 6 } }}
      failed="The contacts could not be loaded"
    >
      {(data) => {
        const shown = filterContacts(data, { side, search }).sort(
          (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
        );
        const dialogs = (
          <>
            {editing && (
              <Suspense fallback={null}>
                <ContactDialog
                  projectId={project.id}
                  contact={editing.contact}
                  onClose={() => setEditing(null)}
                />
              </Suspense>
            )}
            <DeleteDialog
              target={doomed}
              title={doomed ? `Delete the contact ${doomed.name}?` : ''}
              busy={deleting.isLoading}
              onClose={() => setDoomed(null)}
              onDelete={async (contact) => {
                await deleteContact({ projectId: project.id, contactId: contact.id }).unwrap();
                notify.success(`The contact ${contact.name} has been deleted.`);
              }}
            >
              <p>
                {doomed?.name} ({doomed && CONTACT_SIDE_LABELS[doomed.side]}) is removed from the
                project’s contacts. The change is recorded in the card’s History.
              </p>
            </DeleteDialog>
          </>
        );

        if (data.length === 0)
          return (
            <>
              <EmptyState title="No contacts yet" actions={add}>
                <p>
                  Client-side, third-party and company people to reach about the project show here.
                </p>
              </EmptyState>
              {dialogs}
            </>
          );

        return (
          <Stack>
            <Toolbar>
              <FilterPanel
                label="Filter the contacts"
                className={styles.filters}
                resetLabel="Clear filters"
                canReset={filtered}
                onReset={() => update(clearing(FILTER_PARAMS))}
                active={[
                  ...textFilterInForce('q', 'Search', search.trim()),
                  ...selectFiltersInForce(SIDE_FILTER, { side }),
                ]}
                onChange={update}
              >
                <SearchFilter
                  id="contacts-search"
                  hint="Any name, position, organisation, email, phone or note"
                  value={search}
                  onChange={(text) => update({ q: text })}
                />
                <SelectFilters
                  idPrefix="contacts"
                  filters={SIDE_FILTER}
                  values={{ side: side ?? '' }}
                  onChange={update}
                />
              </FilterPanel>
              {add}
            </Toolbar>
            <p className="muted" role="status">
              {filtered
                ? `${contactsText(shown.length)} of ${data.length} match`
                : `${contactsText(data.length)}, by side then name`}
            </p>
            {shown.length === 0 ? (
              <EmptyState
                title="No contacts match"
                titleLevel={3}
                actions={
                  <Button type="button" onClick={() => update(clearing(FILTER_PARAMS))}>
                    Clear filters
                  </Button>
                }
              >
                <p>Try another word or side.</p>
              </EmptyState>
            ) : (
              <DataTable
                caption={`Contacts of ${project.name}, by side`}
                busy={isFetching}
                columns={contactColumns(
                  mayEdit
                    ? (contact) => (
                        <RowActions of={contact.name}>
                          <IconButton
                            label={`Edit ${contact.name}`}
                            icon={<Pencil size={16} aria-hidden="true" />}
                            onClick={() => setEditing({ contact })}
                          />
                          <IconButton
                            label={`Delete ${contact.name}`}
                            icon={<Trash2 size={16} aria-hidden="true" />}
                            onClick={() => setDoomed(contact)}
                          />
                        </RowActions>
                      )
                    : null,
                )}
                rows={CONTACT_SIDES.flatMap((group) =>
                  shown.filter((contact) => contact.side === group),
                )}
                rowKey={(contact) => contact.id}
                groupOf={(contact) => contact.side}
                groupLabel={(group, count) =>
                  `${CONTACT_SIDE_LABELS[group as ContactSide]} (${count})`
                }
              />
            )}
            {dialogs}
          </Stack>
        );
      }}
    </AsyncContent>
  );
}
