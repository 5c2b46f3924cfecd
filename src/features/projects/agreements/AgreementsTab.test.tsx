import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { AGREEMENT_RULES, type Agreement } from '../../../api/contract/agreements';
import type { ProjectDetail } from '../../../api/contract/projects';
import { FILE_ERROR } from '../../../api/contract/risks';
import { API } from '../../../testing/msw/handlers';
import { recordJson } from '../../../testing/msw/recordJson';
import { server } from '../../../testing/msw/server';
import { renderRoute } from '../../../testing/renderRoutes';
import { AGREEMENT_MESSAGES } from './AgreementDialog';
import AgreementsTab from './AgreementsTab';

const ALEX = { id: 1, name: 'Alex Morgan', login: 'amorgan' };
const EDIT = ['CAN_EDIT_PROJECT_CARD'];

const agreement = (changes: Partial<Agreement>): Agreement => ({
  id: 1,
  type: 'sow',
  reference: 'SOW-2026-007-02',
  parties: 'Apollo Inc. and Delivery Co.',
  start_date: '2026-07-01',
  end_date: '2026-12-15',
  value: 240000,
  currency: 'EUR',
  state: 'signed',
  expiring_soon: true,
  days_left: 12,
  documents: [
    {
      id: 30,
      file_name: 'SOW-2026-007-02.pdf',
      size: 2048,
      uploaded_at: '2026-07-01T09:00:00Z',
      uploaded_by: ALEX,
      url: '/api/agreement-files/30/?user=1&expires=1&signature=x',
    },
  ],
  created_at: '2026-07-01T09:00:00Z',
  updated_at: '2026-07-01T09:00:00Z',
  ...changes,
});
const ROWS = [
  agreement({}),
  agreement({
    id: 2,
    type: 'contract',
    reference: 'MSA-2025-007',
    start_date: '2025-01-01',
    end_date: '2027-12-31',
    value: 1270000,
    currency: 'USD',
    expiring_soon: false,
    days_left: 400,
    documents: [],
  }),
  agreement({
    id: 3,
    type: 'change',
    reference: 'CR-2026-007-04',
    value: 35500.5,
    state: 'draft',
    expiring_soon: false,
    days_left: 150,
    documents: [],
  }),
];
const PROJECT = { id: 7, name: 'Apollo Portal' } as ProjectDetail;
const LIST = '/api/projects/7/agreements/';

function serve(rows: Agreement[] = ROWS) {
  server.use(http.get(`${API}${LIST}`, () => HttpResponse.json(rows)));
}

const renderTab = (permissions: string[]) =>
  renderRoute(
    <>
      <AgreementsTab project={PROJECT} permissions={permissions} />
      <ToastContainer />
    </>,
  );

const rowOf = async (reference: string) =>
  (await screen.findByRole('rowheader', { name: new RegExp(reference) })).closest('tr')!;

const file = (name: string, type: string) => new File(['%PDF-1.4'], name, { type });

describe('AgreementsTab', { timeout: 20_000 }, () => {
  it('shows type, parties, period, value, state and documents; expiring soon in words; read-only without the flag', async () => {
    serve();
    renderTab([]);
    const sow = await rowOf('SOW-2026-007-02');
    expect(sow).toHaveTextContent('SOW SOW-2026-007-02Apollo Inc. and Delivery Co.');
    expect(within(sow).getByRole('list', { name: 'Documents of SOW-2026-007-02' })).toBeVisible();
    expect(sow).toHaveTextContent('07/01/2026 – 12/15/2026Expires in 12 days');
    expect(sow).toHaveTextContent('€240,000.00');
    expect(sow).toHaveTextContent('Signed');
    expect(within(sow).getByRole('link', { name: 'SOW-2026-007-02.pdf' })).toHaveAttribute(
      'href',
      '/api/agreement-files/30/?user=1&expires=1&signature=x',
    );
    const contract = await rowOf('MSA-2025-007');
    expect(contract).not.toHaveTextContent('Expires');
    expect(contract).toHaveTextContent('$1,270,000.00');
    expect(within(contract).queryByRole('list')).not.toBeInTheDocument();
    expect(await rowOf('CR-2026-007-04')).toHaveTextContent('Draft');
    expect(screen.getByRole('note')).toHaveTextContent(
      '1 agreement expires within 30 days: SOW-2026-007-02 (12/15/2026).',
    );
    expect(screen.getByText(/3 agreements, by end date \(read-only\)/)).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so when the project has no agreement, and when the list fails', async () => {
    serve([]);
    const { unmount } = renderTab(EDIT);
    expect(await screen.findByText('No agreements yet')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add agreement' })).toBeVisible();
    unmount();
    server.use(http.get(`${API}${LIST}`, () => new HttpResponse(null, { status: 500 })));
    renderTab(EDIT);
    expect(await screen.findByText('The agreements could not be loaded')).toBeVisible();
  });

  it('adds an agreement after checking end after start, then attaches documents under spec §5', async () => {
    serve();
    const created = agreement({
      id: 9,
      type: 'sla',
      reference: 'SLA-2027-001',
      parties: 'Apollo Inc. and Delivery Co.',
      start_date: '2027-01-01',
      end_date: '2027-12-31',
      value: 1250.5,
      state: 'signed',
      expiring_soon: false,
      documents: [],
    });
    const bodies = recordJson('post', LIST, () => HttpResponse.json(created, { status: 201 }));
    // Files sent, per upload (jsdom's FormData does not keep their names).
    const uploads: number[] = [];
    server.use(
      http.post(`${API}${LIST}9/documents/`, async ({ request }) => {
        const form = await request.formData();
        uploads.push(form.getAll('files').length);
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    renderTab(EDIT);
    await userEvent.click(await screen.findByRole('button', { name: 'Add agreement' }));
    const dialog = screen.getByRole('dialog', { name: 'Add an agreement' });
    expect(within(dialog).getByText(/Documents are attached once/)).toBeVisible();
    await userEvent.selectOptions(within(dialog).getByLabelText('Type'), 'SLA');
    await userEvent.type(within(dialog).getByLabelText('Reference'), 'SLA-2027-001');
    await userEvent.type(within(dialog).getByLabelText('Parties'), 'Apollo Inc. and Delivery Co.');
    await userEvent.type(within(dialog).getByLabelText('Start date'), '01/01/2027');
    await userEvent.type(within(dialog).getByLabelText('End date'), '12/31/2026');
    await userEvent.type(within(dialog).getByLabelText('Value'), '1250.50');
    await userEvent.selectOptions(within(dialog).getByLabelText('State'), 'Signed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add agreement' }));
    expect(await within(dialog).findByText(AGREEMENT_RULES.endAfterStart)).toBeVisible();
    expect(within(dialog).getByLabelText('End date')).toHaveFocus();
    expect(bodies).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText('End date'));
    await userEvent.type(within(dialog).getByLabelText('End date'), '12/31/2027');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add agreement' }));
    expect(await screen.findByText(AGREEMENT_MESSAGES.added)).toBeVisible();
    expect(bodies).toEqual([
      {
        type: 'sla',
        reference: 'SLA-2027-001',
        parties: 'Apollo Inc. and Delivery Co.',
        start_date: '2027-01-01',
        end_date: '2027-12-31',
        value: 1250.5,
        currency: 'EUR',
        state: 'signed',
      },
    ]);
    // The dialog stays open on the new agreement, for its documents.
    const saved = await screen.findByRole('dialog', { name: 'Change “SLA-2027-001”' });
    const input = within(saved).getByLabelText('Attach documents');
    await userEvent.upload(input, file('notes.txt', 'text/plain'), { applyAccept: false });
    expect(within(saved).getByRole('alert')).toHaveTextContent(FILE_ERROR);
    await userEvent.upload(input, file('a.gif', 'image/gif'), { applyAccept: false });
    expect(within(saved).getByRole('alert')).toHaveTextContent(FILE_ERROR);
    expect(uploads).toEqual([]);
    await userEvent.upload(input, file('signed-sla.pdf', 'application/pdf'));
    await waitFor(() => expect(uploads).toEqual([1]));
    expect(await screen.findByText(AGREEMENT_MESSAGES.documentAdded)).toBeVisible();
  });

  it("puts the server's field errors on their fields and keeps what was typed", async () => {
    serve();
    recordJson('patch', `${LIST}2/`, () =>
      HttpResponse.json({ end_date: [AGREEMENT_RULES.endAfterStart] }, { status: 400 }),
    );
    renderTab(EDIT);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for MSA-2025-007' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Change…' }));
    const dialog = screen.getByRole('dialog', { name: 'Change “MSA-2025-007”' });
    const parties = within(dialog).getByLabelText('Parties');
    await userEvent.type(parties, ' Ltd.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save agreement' }));
    expect(await within(dialog).findByText(AGREEMENT_RULES.endAfterStart)).toBeVisible();
    expect(within(dialog).getByLabelText('End date')).toHaveAttribute('aria-invalid', 'true');
    expect(parties).toHaveValue('Apollo Inc. and Delivery Co. Ltd.');
  });

  it('asks before deleting an agreement', async () => {
    serve();
    let deleted = 0;
    server.use(
      http.delete(`${API}${LIST}3/`, () => {
        deleted += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderTab(EDIT);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Actions for CR-2026-007-04' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete CR-2026-007-04?' });
    expect(deleted).toBe(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(AGREEMENT_MESSAGES.deleted)).toBeVisible();
    expect(deleted).toBe(1);
  });
});
