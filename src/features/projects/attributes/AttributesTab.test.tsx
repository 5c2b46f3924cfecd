import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { FILE_ERROR } from '../../../api/contract/risks';
import { API } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import AttributesTab from './AttributesTab';
import { file, makeValidation, PROJECT, renderTab, serveAttributes } from './attributesTesting';
import { ProfileRevenue } from './ProfileRevenue';

const ALL = [
  'CAN_FILL_PROJECT_ATTRIBUTES',
  'CAN_EDIT_ATTRIBUTES',
  'CAN_VALIDATE_ATTRIBUTES',
  'CAN_EDIT_PROFILE_VALIDATION_STATUS',
];

const renderAttributes = (permissions: string[]) =>
  renderTab('attributes', <AttributesTab project={PROJECT} permissions={permissions} />);

const list = () => screen.findByRole('list', { name: 'Attributes' });

describe('the Attributes tab', { timeout: 20_000 }, () => {
  it('is read-only without the flags: values, validations, no control and no button', async () => {
    serveAttributes();
    renderAttributes([]);
    const attributes = await list();
    expect(attributes).toHaveTextContent('Delivery model');
    expect(attributes).toHaveTextContent('Fixed price');
    expect(attributes).toHaveTextContent('Offshore share (%)35 %');
    expect(attributes).toHaveTextContent('Support hoursNot filled');
    expect(attributes).toHaveTextContent('by Omar Haddad (ohaddad) on 10/04/2026');
    expect(await screen.findByText('Waiting for the signed profile.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Evidence 1.pdf' })).toHaveAttribute(
      'download',
      'Evidence 1.pdf',
    );
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(screen.queryAllByRole('combobox')).toEqual([]);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByLabelText('Add evidence files')).not.toBeInTheDocument();
  });

  it('announces that its panels load, then fails with Try again that loads again', async () => {
    serveAttributes();
    let calls = 0;
    server.use(
      http.get(`${API}/api/projects/${PROJECT.id}/attributes/`, () => {
        calls += 1;
        return calls === 1 ? new HttpResponse(null, { status: 500 }) : undefined;
      }),
    );
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
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await list()).toHaveTextContent('Delivery model');
  });

  it('lets the fill flag change unvalidated values only, and sends what changed', async () => {
    const sent = serveAttributes();
    renderAttributes(['CAN_FILL_PROJECT_ATTRIBUTES']);
    const attributes = await list();
    // Validated: read-only to the fill flag.
    expect(within(attributes).queryByRole('combobox', { name: 'Delivery model' })).toBeNull();
    expect(within(attributes).queryByRole('button', { name: /Validate/ })).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Support hours' }), ' 8x5 CET ');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Agile' }), 'No');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent.patches).toEqual([{ support_hours: '8x5 CET', agile: false }]));
    expect(await screen.findByText('The attributes have been saved.')).toBeInTheDocument();
  });

  it('checks values by type before sending and shows the server’s errors by attribute key', async () => {
    serveAttributes();
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
    const sent = serveAttributes();
    renderAttributes(ALL);
    await userEvent.click(await screen.findByRole('button', { name: 'Validate Agile' }));
    const dialog = screen.getByRole('dialog', { name: 'Validate “Agile”?' });
    expect(dialog).toHaveTextContent('You confirm that “Yes” is right.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Validate' }));
    await waitFor(() => expect(sent.validations).toEqual(['agile']));
    expect(await screen.findByText('Agile has been validated.')).toBeInTheDocument();
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
    const sent = serveAttributes();
    renderAttributes(ALL);
    await userEvent.upload(await input(), file('notes.txt', 'text/plain'), { applyAccept: false });
    expect(screen.getByRole('alert')).toHaveTextContent(FILE_ERROR);
    await userEvent.upload(await input(), [
      file('a.pdf', 'application/pdf'),
      file('b.pdf', 'application/pdf'),
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent(FILE_ERROR);
    expect(sent.uploads).toEqual([]);

    await userEvent.upload(await input(), file('signed.pdf', 'application/pdf'));
    await waitFor(() => expect(sent.uploads).toEqual([1]));
    expect(screen.queryByText(FILE_ERROR)).not.toBeInTheDocument();
  });

  it('disables the input when three files are held, and removes one after a confirmation', async () => {
    serveAttributes({ validation: makeValidation(3) });
    const removed: string[] = [];
    server.use(
      http.delete(`${API}/api/projects/1/profile-validation/files/:id/`, ({ params }) => {
        removed.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderAttributes(ALL);
    expect(await input()).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Evidence 2.pdf' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove “Evidence 2.pdf”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(removed).toEqual(['500002']));
  });

  it('needs a comment to reject the profile', async () => {
    serveAttributes();
    renderAttributes(ALL);
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Status' }),
      'Rejected',
    );
    await userEvent.clear(screen.getByRole('textbox', { name: 'Comment' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save status' }));
    expect(await screen.findByText('Say why the profile was rejected.')).toBeInTheDocument();
  });
});

describe('the profile revenue sheet', { timeout: 20_000 }, () => {
  it('shows none yet, refuses a PDF before sending and uploads a spreadsheet', async () => {
    const sent = serveAttributes();
    renderTab(
      'overview',
      <ProfileRevenue project={PROJECT} permissions={['CAN_UPLOAD_PROFILE_REVENUE']} />,
    );
    expect(screen.getByText(/no sheet uploaded yet/)).toBeInTheDocument();
    const upload = screen.getByLabelText('Upload the profile revenue sheet');
    await userEvent.upload(upload, file('revenue.pdf', 'application/pdf'), { applyAccept: false });
    expect(screen.getByRole('alert')).toHaveTextContent(FILE_ERROR);
    expect(sent.uploads).toEqual([]);
    await userEvent.upload(upload, file('Revenue.xlsx', 'application/vnd.ms-excel'));
    await waitFor(() => expect(sent.uploads).toEqual([1]));
  });

  it('shows the current sheet as a download link, and no upload without the flag', () => {
    renderTab(
      'overview',
      <ProfileRevenue
        project={{
          ...PROJECT,
          profile_revenue: {
            id: 9,
            file_name: 'Revenue 2026.xlsx',
            size: 4096,
            uploaded_at: '2026-11-02T08:15:00',
            uploaded_by: { id: 1, name: 'Alex Morgan', login: 'amorgan' },
            url: '/api/project-files/9/?user=1&expires=1&signature=ab',
          },
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
