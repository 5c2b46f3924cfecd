import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProjectContact } from '../../../api/contract/projectContacts';
import type { ProjectDetail } from '../../../api/contract/projects';
import { currentMockBackend, useMockBackend } from '../../../testing/mockBackend';
import { API } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { renderRoutes, urlParams } from '../../../testing/renderRoutes';
import ContactsTab, { filterContacts } from './ContactsTab';
// Loaded ahead, as the tab itself prefetches it: the dialog opens at once.
import './ContactDialog';

const PROJECT = { id: 1, name: 'Handmade Ball panel' } as ProjectDetail;

const contact = (id: number, side: ProjectContact['side'], name: string, extra = {}) => ({
  id,
  side,
  name,
  position: 'Product owner',
  organisation: side === 'client' ? 'Acme' : 'Vendor Ltd',
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  phone: '',
  notes: '',
  ...extra,
});
const CONTACTS: ProjectContact[] = [
  contact(1, 'client', 'Dana Client', { notes: 'Signs off the releases.' }),
  contact(2, 'third_party', 'Theo Vendor', { phone: '+1 555 010 2030' }),
  contact(3, 'company', 'Cara Company', { position: 'Delivery director' }),
  contact(4, 'client', 'Ann Client'),
];

/**
 * The mock backend answers as `admin` (src/testing/mockBackend.ts): the seed's project 1 has four
 * contacts, Debbie Howe on the client's side, Haylee Kunde and Vernie Beier of a third party and
 * Merlin Hegmann of the company.
 */
beforeEach(async () => {
  await useMockBackend('admin');
});

/** Project 1's contacts as the mock holds them. */
const heldContacts = () =>
  currentMockBackend()!
    .state()
    .projectContacts.filter((held) => held.project_id === 1);

const renderTab = (permissions: string[] = ['CAN_EDIT_CONTACT'], path = '/projects/1/contacts') =>
  renderRoutes(
    [
      {
        path: '/projects/1/contacts',
        element: <ContactsTab project={PROJECT} permissions={permissions} />,
      },
    ],
    path,
  );

const rowNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('the contacts list', () => {
  it('groups the contacts by side, each group by name', { timeout: 20_000 }, async () => {
    renderTab();
    const table = await screen.findByRole('table', {
      name: 'Contacts of Handmade Ball panel, by side',
    });
    expect(rowNames(table)).toEqual([
      'Client side (1)',
      'Debbie HoweProcurement manager',
      'Third party (2)',
      'Haylee KundeIntegration lead',
      'Vernie BeierLicensing contact',
      'Company (1)',
      'Merlin HegmannDelivery director',
    ]);
    expect(
      within(table).getByRole('link', { name: 'haylee.kunde@adams-quigley.example.com' }),
    ).toHaveAttribute('href', 'mailto:haylee.kunde@adams-quigley.example.com');
    expect(within(table).getByRole('link', { name: '+1 555 768 8586' })).toHaveAttribute(
      'href',
      'tel:+15557688586',
    );
  });

  it('narrows by side and by a search, both kept in the URL', async () => {
    const { router } = renderTab();
    const table = await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Side' }), 'Third party');
    expect(rowNames(table)).toEqual([
      'Third party (2)',
      'Haylee KundeIntegration lead',
      'Vernie BeierLicensing contact',
    ]);
    // Found in the notes: 'Escalation point for the SLA.'
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'escalation');
    expect(rowNames(table)).toEqual(['Third party (1)', 'Haylee KundeIntegration lead']);
    expect(urlParams(router)).toEqual({ side: 'third_party', q: 'escalation' });
    expect(screen.getByRole('status')).toHaveTextContent('1 contact of 4 match');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), ' nobody');
    expect(await screen.findByText('No contacts match')).toBeVisible();
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    expect(urlParams(router)).toEqual({});
    expect(rowNames(await screen.findByRole('table'))).toHaveLength(7);
  });

  it('is read-only without CAN_EDIT_CONTACT', async () => {
    renderTab([]);
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: /Add contact|Edit|Delete/ })).toBeNull();
  });

  it('filters on every text of a contact', () => {
    expect(filterContacts(CONTACTS, { search: 'THEO' }).map((c) => c.id)).toEqual([2]);
    expect(filterContacts(CONTACTS, { search: '010' }).map((c) => c.id)).toEqual([2]);
    expect(filterContacts(CONTACTS, { side: 'client', search: '' }).map((c) => c.id)).toEqual([
      1, 4,
    ]);
  });
});

describe('changing the contacts', () => {
  it('checks the form, shows a 400 on its field with what was typed, then adds', async () => {
    // A refusal the form cannot foresee (the form checks what the mock's rules check).
    server.use(
      http.post(
        `${API}/api/projects/1/contacts/`,
        () => HttpResponse.json({ email: ['This address bounces.'] }, { status: 400 }),
        { once: true },
      ),
    );
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Add contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a contact' });
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Nick New');
    await userEvent.type(email, 'nick@');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Phone' }), 'call me');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add contact' }));
    expect(await within(dialog).findByText('Give the contact’s position.')).toBeVisible();
    expect(within(dialog).getByText('Enter a valid email address.')).toBeVisible();
    expect(within(dialog).getByText(/Enter a valid phone number/)).toBeVisible();
    expect(heldContacts()).toHaveLength(4);

    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Side' }),
      'Company',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Position' }), 'Architect');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Organisation' }),
      'Excellence Delivery',
    );
    await userEvent.clear(email);
    await userEvent.type(email, 'nick@taken.example.com');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Phone' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add contact' }));
    expect(await within(dialog).findByText('This address bounces.')).toBeVisible();
    expect(email).toHaveValue('nick@taken.example.com');

    // Closing with changes asks first; keeping on editing keeps what was typed.
    await userEvent.keyboard('{Escape}');
    const discard = await screen.findByRole('dialog', { name: 'Discard the changes?' });
    await userEvent.click(within(discard).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('dialog', { name: 'Discard the changes?' })).toBeNull();
    expect(email).toHaveValue('nick@taken.example.com');

    await userEvent.clear(email);
    await userEvent.type(email, 'nick@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add contact' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(heldContacts().find((held) => held.name === 'Nick New')).toEqual({
      id: expect.any(Number),
      project_id: 1,
      side: 'company',
      name: 'Nick New',
      position: 'Architect',
      organisation: 'Excellence Delivery',
      email: 'nick@example.com',
      phone: '',
      notes: '',
    });
    expect(await screen.findByText('The contact Nick New has been added.')).toBeVisible();
  }, 30_000);

  it('asks before deleting', async () => {
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Vernie Beier' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the contact Vernie Beier?' });
    expect(heldContacts().map((held) => held.id)).toContain(2);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Vernie Beier')).toBeNull());
    expect(heldContacts().map((held) => held.id)).not.toContain(2);
  });
});
