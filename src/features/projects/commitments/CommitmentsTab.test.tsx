import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Commitment } from '../../../api/contract/commitments';
import type { ProjectDetail } from '../../../api/contract/projects';
import { API } from '../../../testing/msw/handlers';
import { recordJson } from '../../../testing/msw/recordJson';
import { server } from '../../../testing/msw/server';
import { onAPhone } from '../../../testing/phone';
import { renderRoute } from '../../../testing/renderRoutes';
import { COMMITMENT_MESSAGES } from './CommitmentDialogs';
import CommitmentsTab from './CommitmentsTab';

/** TEST_USER, the signed-in user of the tests, is Alex Morgan, user 1. */
const ALEX = { id: 1, name: 'Alex Morgan', login: 'amorgan' };
const PRIYA = { id: 2, name: 'Priya Nair', login: 'pnair' };
const OMAR = { id: 5, name: 'Omar Haddad', login: 'ohaddad' };

const commitment = (changes: Partial<Commitment>): Commitment => ({
  id: 1,
  title: 'Encrypt the backups of the project databases',
  description: 'AES-256 at rest.',
  owner: PRIYA,
  due_date: '2026-10-15',
  state: 'open',
  overdue: true,
  suggested_by: null,
  created_at: '2026-10-01T09:00:00Z',
  updated_at: '2026-10-01T09:00:00Z',
  ...changes,
});
const ROWS = [
  commitment({}),
  commitment({
    id: 2,
    title: 'Rotate the shared service credentials',
    description: '',
    owner: OMAR,
    due_date: '2026-12-20',
    state: 'in_progress',
    overdue: false,
  }),
  commitment({
    id: 3,
    title: 'Patch the build servers within 14 days',
    owner: ALEX,
    due_date: '2027-01-31',
    state: 'suggested',
    overdue: false,
    suggested_by: OMAR,
  }),
  commitment({
    id: 4,
    title: 'Log administrator access to production',
    owner: PRIYA,
    due_date: '2027-02-26',
    state: 'suggested',
    overdue: false,
    suggested_by: ALEX,
  }),
];
const PROJECT = { id: 7, name: 'Apollo Portal' } as ProjectDetail;
const LIST = '/api/projects/7/commitments/';

function serve(rows: Commitment[] = ROWS) {
  server.use(http.get(`${API}${LIST}`, () => HttpResponse.json(rows)));
}

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
    onAPhone();
    serve();
    renderTab([]);
    const late = await rowOf('Encrypt the backups');
    expect(
      within(late)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['OwnerPriya Nair (pnair)', 'Due10/15/2026 Overdue', 'StateOpen', '']);
    expect(
      within(await rowOf('Patch the build')).getByRole('button', {
        name: 'Accept “Patch the build servers within 14 days”',
      }),
    ).toBeVisible();
  });

  it('shows owner, due date, overdue and state; read-only without the flags', async () => {
    serve();
    renderTab([]);
    const late = await rowOf('Encrypt the backups');
    expect(late).toHaveTextContent('AES-256 at rest.');
    expect(late).toHaveTextContent('Priya Nair (pnair)');
    expect(late).toHaveTextContent('10/15/2026 Overdue');
    expect(late).toHaveTextContent('Open');
    expect(await rowOf('Rotate the shared')).not.toHaveTextContent('Overdue');
    expect(await rowOf('Log administrator')).toHaveTextContent('Suggestedby Alex Morgan (amorgan)');
    // The user owns suggestion 3, so only its answer buttons show; nothing else.
    await waitFor(() =>
      expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
        'Accept “Patch the build servers within 14 days”',
        'Decline… “Patch the build servers within 14 days”',
      ]),
    );
    expect(screen.getByText(/1 suggestion waits for your answer/)).toBeVisible();
  });

  it('shows no button at all to a user without flags who owns no suggestion', async () => {
    serve(ROWS.filter((row) => row.owner.id !== ALEX.id));
    renderTab([]);
    await rowOf('Encrypt the backups');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('lets the owner accept a suggestion', async () => {
    serve();
    const bodies = recordJson('post', `${LIST}3/accept/`, () =>
      HttpResponse.json({ ...ROWS[2], state: 'open' }),
    );
    renderTab([]);
    await userEvent.click(await screen.findByRole('button', { name: /^Accept/ }));
    expect(await screen.findByText(COMMITMENT_MESSAGES.accepted)).toBeVisible();
    expect(bodies).toEqual([{}]);
  });

  it('asks the owner for a reason before declining', async () => {
    serve();
    const bodies = recordJson(
      'post',
      `${LIST}3/decline/`,
      () => new HttpResponse(null, { status: 204 }),
    );
    renderTab([]);
    await userEvent.click(await screen.findByRole('button', { name: /^Decline/ }));
    const dialog = screen.getByRole('dialog', {
      name: 'Decline “Patch the build servers within 14 days”?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline suggestion' }));
    expect(
      await within(dialog).findByText('Say why you decline it, for the person who suggested it.'),
    ).toBeVisible();
    expect(bodies).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'The client runs this control.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline suggestion' }));
    expect(await screen.findByText(COMMITMENT_MESSAGES.declined)).toBeVisible();
    expect(bodies).toEqual([{ reason: 'The client runs this control.' }]);
  });

  it('lets a suggester suggest, and only that: the body says suggested', async () => {
    serve();
    const bodies = recordJson('post', LIST, () => HttpResponse.json(ROWS[3], { status: 201 }));
    server.use(
      http.get(`${API}/api/users/`, () =>
        HttpResponse.json({ count: 1, next: null, previous: null, results: [PRIYA] }),
      ),
    );
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
    expect(bodies).toEqual([
      {
        title: 'Run a penetration test',
        description: '',
        owner_id: 2,
        due_date: '2027-03-31',
        state: 'suggested',
      },
    ]);
  });

  it("puts the server's field errors on their fields and keeps what was typed", async () => {
    serve();
    recordJson('patch', `${LIST}1/`, () =>
      HttpResponse.json(
        { due_date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] },
        { status: 400 },
      ),
    );
    renderTab(['CAN_EDIT_COMMITMENTS']);
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Actions for “Encrypt the backups of the project databases”',
      }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Change…' }));
    const dialog = screen.getByRole('dialog', {
      name: 'Change “Encrypt the backups of the project databases”',
    });
    const title = within(dialog).getByLabelText('Title');
    await userEvent.type(title, ' now');
    await userEvent.selectOptions(within(dialog).getByLabelText('State'), 'In progress');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save commitment' }));
    expect(
      await within(dialog).findByText(
        'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
      ),
    ).toBeVisible();
    expect(title).toHaveValue('Encrypt the backups of the project databases now');
    expect(within(dialog).getByLabelText('State')).toHaveValue('in_progress');
  });

  it('moves the state from the row menu and asks before deleting', async () => {
    serve();
    const moves = recordJson('patch', `${LIST}2/`, () =>
      HttpResponse.json({ ...ROWS[1], state: 'done' }),
    );
    let deleted = 0;
    server.use(
      http.delete(`${API}${LIST}2/`, () => {
        deleted += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderTab(['CAN_EDIT_COMMITMENTS']);
    const actions = await screen.findByRole('button', {
      name: 'Actions for “Rotate the shared service credentials”',
    });
    await userEvent.click(actions);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Change…',
      'Move back to Open',
      'Mark as done',
      'Delete…',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mark as done' }));
    expect(
      await screen.findByText('“Rotate the shared service credentials” is done.'),
    ).toBeVisible();
    expect(moves).toEqual([{ state: 'done' }]);

    await userEvent.click(actions);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    const confirm = screen.getByRole('dialog', {
      name: 'Delete “Rotate the shared service credentials”?',
    });
    expect(deleted).toBe(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(COMMITMENT_MESSAGES.deleted)).toBeVisible();
    expect(deleted).toBe(1);
  });

  it('offers no state move on a suggestion', async () => {
    serve();
    renderTab(['CAN_EDIT_COMMITMENTS']);
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Actions for “Log administrator access to production”',
      }),
    );
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Change…',
      'Delete…',
    ]);
  });
});
