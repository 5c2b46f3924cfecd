import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { AGREEMENT_RULES } from '../../../api/contract/agreements';
import type { ProjectDetail } from '../../../api/contract/projects';
import { FILE_ERROR } from '../../../api/contract/risks';
import { currentMockBackend } from '../../../testing/mockBackend';
import { API } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { eachTestOnTheMockWithFiles } from '../../../testing/nodeFiles';
import { renderRoute } from '../../../testing/renderRoutes';
import { AGREEMENT_MESSAGES } from './AgreementDialog';
import AgreementsTab from './AgreementsTab';

const EDIT = ['CAN_EDIT_PROJECT_CARD'];

/**
 * The mock backend answers as `admin` (src/testing/mockBackend.ts), files reach it whole to be
 * checked by its own upload rules, on Saturday, November 28, 2026: the seed's project 7 holds, in
 * dollars, the master contract MSA-2025-007 ($1,270,000, to 12/31/2027, with its PDF), the signed
 * SOW-2026-007-02 ($240,000, ending 12/15/2026, with its PDF), the SLA SLA-2025-007, the expired
 * SOW-2026-007-01 and the draft change agreement CR-2026-007-04 ($35,500.50). Project 13 has none.
 */
eachTestOnTheMockWithFiles('admin', new Date('2026-11-28T12:00:00Z'));

const PROJECT = { id: 7, name: 'Apollo Portal' } as ProjectDetail;
const LIST = '/api/projects/7/agreements/';

/** Project 7's agreements as the mock holds them. */
const heldAgreements = () =>
  currentMockBackend()!
    .state()
    .agreements.filter((held) => held.project_id === 7);
const held = (reference: string) => heldAgreements().find((row) => row.reference === reference);

const renderTab = (permissions: string[], project = PROJECT) =>
  renderRoute(
    <>
      <AgreementsTab project={project} permissions={permissions} />
      <ToastContainer />
    </>,
  );

const rowOf = async (reference: string) =>
  (await screen.findByRole('rowheader', { name: new RegExp(reference) })).closest('tr')!;

const file = (name: string, type: string) => new File(['%PDF-1.4'], name, { type });

describe('AgreementsTab', { timeout: 20_000 }, () => {
  it('shows type, parties, period, value, state and documents; expiring soon in words; read-only without the flag', async () => {
    renderTab([]);
    const sow = await rowOf('SOW-2026-007-02');
    const parties = held('SOW-2026-007-02')!.parties;
    expect(parties).toMatch(/ and Delivery Co\.$/);
    expect(sow).toHaveTextContent(`SOW SOW-2026-007-02${parties}`);
    expect(within(sow).getByRole('list', { name: 'Documents of SOW-2026-007-02' })).toBeVisible();
    expect(sow).toHaveTextContent('07/01/2026 – 12/15/2026Expires in 17 days');
    expect(sow).toHaveTextContent('$240,000.00');
    expect(sow).toHaveTextContent('Signed');
    const document = held('SOW-2026-007-02')!.documents[0]!;
    expect(within(sow).getByRole('link', { name: 'SOW-2026-007-02.pdf' })).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`^/api/agreement-files/${document.id}/\\?.*signature=`)),
    );
    const contract = await rowOf('MSA-2025-007');
    expect(contract).not.toHaveTextContent('Expires');
    expect(contract).toHaveTextContent('$1,270,000.00');
    expect(within(contract).getByRole('link', { name: 'MSA-2025-007.pdf' })).toBeVisible();
    expect(within(await rowOf('SLA-2025-007')).queryByRole('list')).not.toBeInTheDocument();
    expect(await rowOf('SOW-2026-007-01')).toHaveTextContent('Expired');
    expect(await rowOf('CR-2026-007-04')).toHaveTextContent('Draft');
    expect(await rowOf('CR-2026-007-04')).toHaveTextContent('$35,500.50');
    expect(screen.getByRole('note')).toHaveTextContent(
      '1 agreement expires within 30 days: SOW-2026-007-02 (12/15/2026).',
    );
    expect(screen.getByText(/5 agreements, by end date \(read-only\)/)).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so when the project has no agreement, and when the list fails', async () => {
    const { unmount } = renderTab(EDIT, { id: 13, name: 'Project 13' } as ProjectDetail);
    expect(await screen.findByText('No agreements yet')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add agreement' })).toBeVisible();
    unmount();
    // A failing server: the seed has none.
    server.use(http.get(`${API}${LIST}`, () => new HttpResponse(null, { status: 500 })));
    renderTab(EDIT);
    expect(await screen.findByText('The agreements could not be loaded')).toBeVisible();
  });

  it('adds an agreement after checking end after start, then attaches documents under spec §5', async () => {
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
    expect(heldAgreements()).toHaveLength(5);

    await userEvent.clear(within(dialog).getByLabelText('End date'));
    await userEvent.type(within(dialog).getByLabelText('End date'), '12/31/2027');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add agreement' }));
    expect(await screen.findByText(AGREEMENT_MESSAGES.added)).toBeVisible();
    expect(held('SLA-2027-001')).toMatchObject({
      type: 'sla',
      reference: 'SLA-2027-001',
      parties: 'Apollo Inc. and Delivery Co.',
      start_date: '2027-01-01',
      end_date: '2027-12-31',
      value: 1250.5,
      currency: 'EUR',
      state: 'signed',
      documents: [],
    });
    // The dialog stays open on the new agreement, for its documents.
    const saved = await screen.findByRole('dialog', { name: 'Change “SLA-2027-001”' });
    const input = within(saved).getByLabelText('Attach documents');
    await userEvent.upload(input, file('notes.txt', 'text/plain'), { applyAccept: false });
    expect(within(saved).getByRole('alert')).toHaveTextContent(FILE_ERROR);
    await userEvent.upload(input, file('a.gif', 'image/gif'), { applyAccept: false });
    expect(within(saved).getByRole('alert')).toHaveTextContent(FILE_ERROR);
    expect(held('SLA-2027-001')!.documents).toEqual([]);
    await userEvent.upload(input, file('signed-sla.pdf', 'application/pdf'));
    expect(await screen.findByText(AGREEMENT_MESSAGES.documentAdded)).toBeVisible();
    expect(held('SLA-2027-001')!.documents.map((document) => document.file_name)).toEqual([
      'signed-sla.pdf',
    ]);
  });

  it("puts the server's field errors on their fields and keeps what was typed", async () => {
    // The dialog checks every rule the mock checks on a change, so the mock never refuses one it
    // lets through: a backend's refusal beyond the browser's rules is the case left to stand in for.
    server.use(
      http.patch(`${API}${LIST}:aid/`, () =>
        HttpResponse.json({ end_date: [AGREEMENT_RULES.endAfterStart] }, { status: 400 }),
      ),
    );
    renderTab(EDIT);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for MSA-2025-007' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Change…' }));
    const dialog = screen.getByRole('dialog', { name: 'Change “MSA-2025-007”' });
    const parties = within(dialog).getByLabelText('Parties');
    const before = held('MSA-2025-007')!.parties;
    await userEvent.type(parties, ' Ltd.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save agreement' }));
    expect(await within(dialog).findByText(AGREEMENT_RULES.endAfterStart)).toBeVisible();
    expect(within(dialog).getByLabelText('End date')).toHaveAttribute('aria-invalid', 'true');
    expect(parties).toHaveValue(`${before} Ltd.`);
    expect(held('MSA-2025-007')!.parties).toBe(before);
  });

  it('changes an agreement', async () => {
    renderTab(EDIT);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for MSA-2025-007' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Change…' }));
    const dialog = screen.getByRole('dialog', { name: 'Change “MSA-2025-007”' });
    const before = held('MSA-2025-007')!.parties;
    await userEvent.type(within(dialog).getByLabelText('Parties'), ' Ltd.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save agreement' }));
    await waitFor(() => expect(held('MSA-2025-007')!.parties).toBe(`${before} Ltd.`));
    expect(await rowOf('MSA-2025-007')).toHaveTextContent(`${before} Ltd.`);
  });

  it('asks before deleting an agreement', async () => {
    renderTab(EDIT);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Actions for CR-2026-007-04' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete CR-2026-007-04?' });
    expect(held('CR-2026-007-04')).toBeDefined();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(AGREEMENT_MESSAGES.deleted)).toBeVisible();
    expect(held('CR-2026-007-04')).toBeUndefined();
    expect(screen.queryByRole('rowheader', { name: /CR-2026-007-04/ })).not.toBeInTheDocument();
  });
});
