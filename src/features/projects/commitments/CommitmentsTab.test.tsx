import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectDetail } from '../../../api/contract/projects';
import { currentMockBackend, useMockBackend } from '../../../testing/mockBackend';
import { API } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { onAPhone } from '../../../testing/phone';
import { renderRoute } from '../../../testing/renderRoutes';
import { COMMITMENT_MESSAGES } from './CommitmentDialogs';
import CommitmentsTab from './CommitmentsTab';

/**
 * The mock backend's seed gives project 7 five security commitments (mock-server/areas/targets/
 * seed.ts): “Complete the secure coding training for new joiners”, Priya Nair's, open and due
 * 10/15/2026 (overdue); “Rotate the shared service credentials”, Omar Haddad's, in progress; “Log
 * and review administrator access to production”, done; and two suggestions: “Patch the build
 * servers within 14 days of a critical advisory”, Alex Morgan's (admin), suggested by Omar, and
 * “Enforce multi-factor authentication on every client system account”, Priya's, suggested by
 * Alex. Each test signs in as the persona it needs.
 */
const PROJECT = { id: 7, name: 'Apollo Portal' } as ProjectDetail;
const LIST = '/api/projects/7/commitments/';
const LATE = 'Complete the secure coding training for new joiners';
const ROTATE = 'Rotate the shared service credentials';
const PATCH = 'Patch the build servers within 14 days of a critical advisory';
const MFA = 'Enforce multi-factor authentication on every client system account';

/** Project 7's commitment `title` as the mock holds it. */
const held = (title: string) =>
  currentMockBackend()!
    .state()
    .commitments.find((row) => row.project_id === 7 && row.title === title);

const renderTab = (permissions: string[]) =>
  renderRoute(
    <>
      <CommitmentsTab project={PROJECT} permissions={permissions} />
      <ToastContainer />
    </>,
  );

const rowOf = async (title: string) =>
  (await screen.findByRole('rowheader', { name: new RegExp(title) })).closest('tr')!;

describe('CommitmentsTab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads as cards on a phone: the commitment first, each value under its name', async () => {
    await useMockBackend('admin');
    onAPhone();
    renderTab([]);
    const late = await rowOf(LATE);
    expect(
      within(late)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['OwnerPriya Nair (pnair)', 'Due10/15/2026 Overdue', 'StateOpen', '']);
    expect(
      within(await rowOf('Patch the build')).getByRole('button', { name: `Accept “${PATCH}”` }),
    ).toBeVisible();
  });

  it('shows owner, due date, overdue and state; read-only without the flags', async () => {
    await useMockBackend('admin');
    renderTab([]);
    const late = await rowOf(LATE);
    expect(late).toHaveTextContent('Priya Nair (pnair)');
    expect(late).toHaveTextContent('10/15/2026 Overdue');
    expect(late).toHaveTextContent('Open');
    const rotate = await rowOf(ROTATE);
    expect(rotate).toHaveTextContent('Every 90 days, and whenever someone leaves the team.');
    expect(rotate).toHaveTextContent('Omar Haddad (ohaddad)');
    expect(rotate).not.toHaveTextContent('Overdue');
    expect(await rowOf('Log and review administrator')).toHaveTextContent('Done');
    expect(await rowOf('Enforce multi-factor')).toHaveTextContent(
      'Suggestedby Alex Morgan (amorgan)',
    );
    // The user owns the build servers' suggestion, so only its answer buttons show; nothing else.
    await waitFor(() =>
      expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
        `Accept “${PATCH}”`,
        `Decline… “${PATCH}”`,
      ]),
    );
    expect(screen.getByText(/1 suggestion waits for your answer/)).toBeVisible();
  });

  it('shows no button at all to a user without flags who owns no suggestion', async () => {
    // Hannah Becker (auditor) reads the card and owns none of project 7's commitments.
    await useMockBackend('auditor');
    renderTab([]);
    await rowOf(LATE);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('lets the owner accept a suggestion', async () => {
    await useMockBackend('admin');
    renderTab([]);
    await userEvent.click(await screen.findByRole('button', { name: /^Accept/ }));
    expect(await screen.findByText(COMMITMENT_MESSAGES.accepted)).toBeVisible();
    expect(held(PATCH)!.state).toBe('open');
  });

  it('asks the owner for a reason before declining', async () => {
    const backend = await useMockBackend('admin');
    renderTab([]);
    await userEvent.click(await screen.findByRole('button', { name: /^Decline/ }));
    const dialog = screen.getByRole('dialog', { name: `Decline “${PATCH}”?` });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline suggestion' }));
    expect(
      await within(dialog).findByText('Say why you decline it, for the person who suggested it.'),
    ).toBeVisible();
    expect(held(PATCH)!.state).toBe('suggested');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'The client runs this control.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline suggestion' }));
    expect(await screen.findByText(COMMITMENT_MESSAGES.declined)).toBeVisible();
    expect(held(PATCH)).toBeUndefined();
    expect(backend.state().projectHistory.at(-1)).toMatchObject({
      project_id: 7,
      field: 'Suggested commitment',
      new_value: 'Declined by the owner: The client runs this control.',
    });
  });

  it('lets a suggester suggest, and only that: the commitment is saved as suggested', async () => {
    // Omar Haddad (qcl) holds CAN_SUGGEST_COMMITMENTS, not CAN_EDIT_COMMITMENTS.
    await useMockBackend('qcl');
    renderTab(['CAN_SUGGEST_COMMITMENTS']);
    expect(await screen.findByRole('button', { name: 'Suggest a commitment' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add commitment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Suggest a commitment' }));
    const dialog = screen.getByRole('dialog', { name: 'Suggest a security commitment' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send suggestion' }));
    expect(await within(dialog).findByText('Say what the project commits to.')).toBeVisible();
    expect(within(dialog).getByText('Choose the owner.')).toBeVisible();
    expect(within(dialog).getByText('Choose the due date.')).toBeVisible();
    expect(within(dialog).getByLabelText('Title')).toHaveFocus();
    expect(within(dialog).queryByLabelText('State')).not.toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Title'), 'Run a penetration test');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Owner' }), 'Pri');
    await userEvent.click(await screen.findByRole('option', { name: 'Priya Nair (pnair)' }));
    await userEvent.type(within(dialog).getByLabelText('Due date'), '03/31/2027');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send suggestion' }));
    expect(await screen.findByText(COMMITMENT_MESSAGES.suggested)).toBeVisible();
    expect(held('Run a penetration test')).toMatchObject({
      description: '',
      owner_id: 2,
      due_date: '2027-03-31',
      state: 'suggested',
      suggested_by_id: 5,
    });
  });

  it("puts the server's field errors on their fields and keeps what was typed", async () => {
    await useMockBackend('admin');
    // The dialog sends only what the mock accepts (a picked date, a state it offers), so the mock
    // never refuses a field of it: a backend's refusal beyond the browser's rules is stood in for.
    server.use(
      http.patch(`${API}${LIST}:cid/`, () =>
        HttpResponse.json(
          { due_date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] },
          { status: 400 },
        ),
      ),
    );
    renderTab(['CAN_EDIT_COMMITMENTS']);
    await userEvent.click(await screen.findByRole('button', { name: `Actions for “${LATE}”` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Change…' }));
    const dialog = screen.getByRole('dialog', { name: `Change “${LATE}”` });
    const title = within(dialog).getByLabelText('Title');
    await userEvent.type(title, ' now');
    await userEvent.selectOptions(within(dialog).getByLabelText('State'), 'In progress');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save commitment' }));
    expect(
      await within(dialog).findByText(
        'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
      ),
    ).toBeVisible();
    expect(title).toHaveValue(`${LATE} now`);
    expect(within(dialog).getByLabelText('State')).toHaveValue('in_progress');
    expect(held(LATE)!.state).toBe('open');
  });

  it('moves the state from the row menu and asks before deleting', async () => {
    await useMockBackend('admin');
    renderTab(['CAN_EDIT_COMMITMENTS']);
    const actions = await screen.findByRole('button', { name: `Actions for “${ROTATE}”` });
    await userEvent.click(actions);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Change…',
      'Move back to Open',
      'Mark as done',
      'Delete…',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mark as done' }));
    expect(await screen.findByText(`“${ROTATE}” is done.`)).toBeVisible();
    expect(held(ROTATE)!.state).toBe('done');

    await userEvent.click(actions);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    const confirm = screen.getByRole('dialog', { name: `Delete “${ROTATE}”?` });
    expect(held(ROTATE)).toBeDefined();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(COMMITMENT_MESSAGES.deleted)).toBeVisible();
    expect(held(ROTATE)).toBeUndefined();
  });

  it('offers no state move on a suggestion', async () => {
    await useMockBackend('admin');
    renderTab(['CAN_EDIT_COMMITMENTS']);
    await userEvent.click(await screen.findByRole('button', { name: `Actions for “${MFA}”` }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Change…',
      'Delete…',
    ]);
  });
});
