import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FILE_ERROR } from '../../../api/contract/risks';
import { currentMockBackend, useMockBackend } from '../../../testing/mockBackend';
import { failUntilAllowed } from '../../../testing/msw/failUntilAllowed';
import { API } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { useNodeFiles } from '../../../testing/nodeFiles';
import AttributesTab from './AttributesTab';
import { file, PROJECT, renderTab } from './attributesTesting';
import { ProfileRevenue, REVENUE_UPLOADED } from './ProfileRevenue';

/**
 * The mock backend answers as `admin` (src/testing/mockBackend.ts) unless a test signs in as
 * another persona: the seed's project 1 has Delivery model, Contract value, Offshore share (35 %)
 * and Regulated domain validated by Omar Haddad, Agile (yes) and Go-live date filled but not
 * validated, Support hours empty; its profile validation is in progress with two files.
 */
const ALL = [
  'CAN_FILL_PROJECT_ATTRIBUTES',
  'CAN_EDIT_ATTRIBUTES',
  'CAN_VALIDATE_ATTRIBUTES',
  'CAN_EDIT_PROFILE_VALIDATION_STATUS',
];

beforeEach(async () => {
  // Files reach the mock whole, to be checked by its own upload rules (spec §5).
  await useNodeFiles();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The first bytes the mock checks a PDF and a spreadsheet by (spec §5). */
const PDF = '%PDF-1.4';
const XLSX = 'PK\u0003\u0004';

const renderAttributes = (permissions: string[]) =>
  renderTab('attributes', <AttributesTab project={PROJECT} permissions={permissions} />);

const list = () => screen.findByRole('list', { name: 'Attributes' });

/** Project 1's attribute `key` as the mock holds it. */
const held = (key: string) =>
  currentMockBackend()!
    .state()
    .projectAttributes.find((row) => row.project_id === 1 && row.key === key);

/** The names of project 1's profile validation files as the mock holds them. */
const heldFiles = () =>
  currentMockBackend()!
    .state()
    .profileValidations.find((row) => row.project_id === 1)!
    .files.map((row) => row.file_name);

describe('the Attributes tab', { timeout: 20_000 }, () => {
  it('is read-only without the flags: values, validations, no control and no button', async () => {
    await useMockBackend('admin');
    renderAttributes([]);
    const attributes = await list();
    expect(attributes).toHaveTextContent('Delivery model');
    expect(attributes).toHaveTextContent('Fixed price');
    expect(attributes).toHaveTextContent('Offshore share (%)35 %');
    expect(attributes).toHaveTextContent('Support hoursNot filled');
    expect(attributes).toHaveTextContent('by Omar Haddad (ohaddad) on 07/31/2026');
    expect(
      await screen.findByText('Waiting for the signed profile from the account delivery owner.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile review minutes.pdf' })).toHaveAttribute(
      'download',
      'Profile review minutes.pdf',
    );
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(screen.queryAllByRole('combobox')).toEqual([]);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByLabelText('Add evidence files')).not.toBeInTheDocument();
  });

  it('announces that its panels load, then fails with Try again that loads again', async () => {
    await useMockBackend('admin');
    // A failed load: the mock answers the retry.
    const load = failUntilAllowed('get', `/api/projects/${PROJECT.id}/attributes/`, {
      status: 500,
    });
    renderAttributes([]);
    const loading = (await screen.findAllByRole('status')).map((status) => status.textContent);
    expect(loading).toContain(' Loading the attributes…');
    expect(loading).toContain(' Loading the profile validation…');
    // The panel's own alert (the failed call's error toast is an alert too).
    const title = await screen.findByRole(
      'heading',
      { name: 'The attributes could not be loaded' },
      { timeout: 5000 },
    );
    const alert = title.closest<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent('Check your connection, then try again.');
    load.allow();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await list()).toHaveTextContent('Delivery model');
  });

  it('lets the fill flag change unvalidated values only, and saves what changed', async () => {
    // Priya Nair, the project's manager, holds the fill flag only.
    await useMockBackend('pm');
    renderAttributes(['CAN_FILL_PROJECT_ATTRIBUTES']);
    const attributes = await list();
    // Validated: read-only to the fill flag.
    expect(within(attributes).queryByRole('combobox', { name: 'Delivery model' })).toBeNull();
    expect(within(attributes).queryByRole('button', { name: /Validate/ })).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Support hours' }), ' 8x5 CET ');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Agile' }), 'No');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The attributes have been saved.')).toBeInTheDocument();
    expect(held('support_hours')).toMatchObject({ value: '8x5 CET', updated_by: { id: 2 } });
    expect(held('agile')).toMatchObject({ value: false, updated_by: { id: 2 } });
    expect(held('delivery_model')).toMatchObject({ value: 'fixed_price', validated_by: { id: 5 } });
  });

  it('checks values by type before sending and shows the server’s errors by attribute key', async () => {
    await useMockBackend('admin');
    // The mock checks a value by the same rule as the form, so it never refuses what the form
    // sends: a server that disagrees answers here.
    const patches: unknown[] = [];
    server.use(
      http.patch(`${API}/api/projects/1/attributes/`, async ({ request }) => {
        patches.push(await request.json());
        return HttpResponse.json(
          { offshore_share: ['Enter a number from 0 to 100.'] },
          { status: 400 },
        );
      }),
    );
    renderAttributes(ALL);
    const share = await screen.findByRole('textbox', { name: 'Offshore share (%)' });
    await userEvent.clear(share);
    await userEvent.type(share, '35.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter a whole number.')).toBeInTheDocument();
    expect(patches).toEqual([]);

    await userEvent.clear(share);
    await userEvent.type(share, '90');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches).toEqual([{ offshore_share: 90 }]));
    expect(await screen.findAllByText('Enter a number from 0 to 100.')).not.toHaveLength(0);
    expect(share).toHaveAttribute('aria-invalid', 'true');
    // What was typed is kept.
    expect(share).toHaveValue('90');
  });

  it('validates a filled value after a confirmation; edit clears a validation', async () => {
    await useMockBackend('admin');
    renderAttributes(ALL);
    await userEvent.click(await screen.findByRole('button', { name: 'Validate Agile' }));
    const dialog = screen.getByRole('dialog', { name: 'Validate “Agile”?' });
    expect(dialog).toHaveTextContent('You confirm that “Yes” is right.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('Agile has been validated.')).toBeInTheDocument();
    expect(held('agile')).toMatchObject({ value: true, validated_by: { name: 'Alex Morgan' } });
    // Nothing to validate while empty; a validated one offers its clearing.
    expect(screen.queryByRole('button', { name: 'Validate Support hours' })).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Clear validation of Delivery model' }),
    ).toBeInTheDocument();
  });
});

describe('the profile validation files', { timeout: 20_000 }, () => {
  const input = () => screen.findByLabelText('Add evidence files');

  it('refuses a wrong type and a fourth file with the spec §5 message, sending nothing', async () => {
    await useMockBackend('admin');
    renderAttributes(ALL);
    await userEvent.upload(await input(), file('notes.txt', 'text/plain'), { applyAccept: false });
    expect(screen.getByRole('alert')).toHaveTextContent(FILE_ERROR);
    await userEvent.upload(await input(), [
      file('a.pdf', 'application/pdf'),
      file('b.pdf', 'application/pdf'),
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent(FILE_ERROR);
    const seeded = ['Profile review minutes.pdf', 'Delivery organisation.png'];
    expect(heldFiles()).toEqual(seeded);

    await userEvent.upload(await input(), file('signed.pdf', 'application/pdf', PDF));
    expect(await screen.findByRole('link', { name: 'signed.pdf' })).toBeInTheDocument();
    expect(heldFiles()).toEqual([...seeded, 'signed.pdf']);
    expect(screen.queryByText(FILE_ERROR)).not.toBeInTheDocument();
  });

  it('disables the input when three files are held, and removes one after a confirmation', async () => {
    const backend = await useMockBackend('admin');
    const validation = backend.runtime.db
      .getState()
      .profileValidations.find((row) => row.project_id === 1)!;
    validation.files.push({ ...validation.files[0]!, id: 500_099, file_name: 'Signed.pdf' });
    renderAttributes(ALL);
    expect(await input()).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Delivery organisation.png' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove “Delivery organisation.png”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(heldFiles()).toEqual(['Profile review minutes.pdf', 'Signed.pdf']));
    await waitFor(async () => expect(await input()).toBeEnabled());
  });

  it('needs a comment to reject the profile', async () => {
    await useMockBackend('admin');
    renderAttributes(ALL);
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Status' }),
      'Rejected',
    );
    await userEvent.clear(screen.getByRole('textbox', { name: 'Comment' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save status' }));
    expect(await screen.findByText('Say why the profile was rejected.')).toBeInTheDocument();
    expect(
      currentMockBackend()!
        .state()
        .profileValidations.find((row) => row.project_id === 1),
    ).toMatchObject({ status: 'in_progress' });
  });
});

const CURRENT_SHEET = {
  id: 9,
  file_name: 'Revenue 2026.xlsx',
  size: 4096,
  uploaded_at: '2026-11-02T08:15:00',
  uploaded_by: { id: 1, name: 'Alex Morgan', login: 'amorgan' },
  url: '/api/project-files/9/?user=1&expires=1&signature=ab',
};

describe('the profile revenue sheet', { timeout: 20_000 }, () => {
  /** The name of project 1's sheet as the mock holds it. */
  const sheet = () =>
    currentMockBackend()!
      .state()
      .projectDetails.find((row) => row.project_id === 1)!.profile_revenue?.file_name;

  it('shows none yet, refuses a PDF before sending and uploads a spreadsheet', async () => {
    await useMockBackend('admin');
    renderTab(
      'overview',
      <ProfileRevenue project={PROJECT} permissions={['CAN_UPLOAD_PROFILE_REVENUE']} />,
    );
    expect(screen.getByText(/no sheet uploaded yet/)).toBeInTheDocument();
    const upload = screen.getByLabelText('Upload the profile revenue sheet');
    await userEvent.upload(upload, file('revenue.pdf', 'application/pdf'), { applyAccept: false });
    expect(screen.getByRole('alert')).toHaveTextContent(FILE_ERROR);
    expect(sheet()).toBeUndefined();
    await userEvent.upload(upload, file('Revenue.xlsx', 'application/vnd.ms-excel', XLSX));
    await waitFor(() => expect(sheet()).toBe('Revenue.xlsx'));
  });

  it('asks before a new sheet replaces the current one, naming both', async () => {
    await useMockBackend('admin');
    renderTab(
      'overview',
      <ProfileRevenue
        project={{ ...PROJECT, profile_revenue: CURRENT_SHEET }}
        permissions={['CAN_UPLOAD_PROFILE_REVENUE']}
      />,
    );
    const upload = screen.getByLabelText('Replace the profile revenue sheet');
    await userEvent.upload(upload, file('Revenue Q4.xlsx', 'application/vnd.ms-excel', XLSX));
    let dialog = await screen.findByRole('dialog', { name: 'Replace the profile revenue sheet?' });
    expect(dialog).toHaveTextContent(
      '“Revenue Q4.xlsx” replaces “Revenue 2026.xlsx” of Apollo Portal; the current sheet is not kept.',
    );
    // The safest button has the focus; Escape cancels and nothing is sent.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sheet()).toBeUndefined();

    await userEvent.upload(upload, file('Revenue Q4.xlsx', 'application/vnd.ms-excel', XLSX));
    dialog = await screen.findByRole('dialog', { name: 'Replace the profile revenue sheet?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Replace sheet' }));
    await waitFor(() => expect(sheet()).toBe('Revenue Q4.xlsx'));
    expect(await screen.findByText(REVENUE_UPLOADED)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the current sheet as a download link, and no upload without the flag', () => {
    renderTab(
      'overview',
      <ProfileRevenue
        project={{
          ...PROJECT,
          profile_revenue: CURRENT_SHEET,
        }}
        permissions={[]}
      />,
    );
    const link = screen.getByRole('link', { name: /Revenue 2026\.xlsx/ });
    expect(link).toHaveAttribute('href', '/api/project-files/9/?user=1&expires=1&signature=ab');
    expect(link).toHaveAttribute('download', 'Revenue 2026.xlsx');
    expect(
      screen.getByText(/uploaded by Alex Morgan \(amorgan\) on 11\/02\/2026 08:15/),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/profile revenue sheet/)).not.toBeInTheDocument();
  });
});
