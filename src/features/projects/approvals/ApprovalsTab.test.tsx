import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { APPROVAL_MESSAGES, lastReminderMessage } from '../../../api/contract/approvals';
import type { ProjectDetail } from '../../../api/contract/projects';
import { currentMockBackend, useMockBackend } from '../../../testing/mockBackend';
import { API } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import { renderRoute, urlParams } from '../../../testing/renderRoutes';
import { APPROVAL_TOASTS } from './ApprovalDialogs';
import ApprovalsTab from './ApprovalsTab';

/**
 * The mock backend's seed gives project 7 five requests (mock-server/areas/approvals/seed.ts):
 * pending, “Exclude November 2026 from the on-time delivery KPI” raised by Priya Nair (pm) for
 * Omar Haddad (qcl), reminded on 11/20, and “Validate the project profile for the Q4 2026 review”
 * raised from outside the project by Omar for Priya, overdue; decided, the reporting module's scope
 * change approved by Omar and the travel budget rejected by Alex Morgan (admin); and a withdrawn
 * target change. Each test signs in as the persona whose rights it needs.
 */
const PROJECT = { id: 7, name: 'Apollo Portal' } as ProjectDetail;
const KPI = 'Exclude November 2026 from the on-time delivery KPI';
const PROFILE = 'Validate the project profile for the Q4 2026 review';
const BUDGET = 'Raise the travel budget by 15%';

/** Project 7's requests as the mock holds them; `subject` picks one. */
const heldRequests = () =>
  currentMockBackend()!
    .state()
    .approvalRequests.filter((row) => row.project_id === 7);
const held = (subject: string) => heldRequests().find((row) => row.subject === subject)!;
/** The stored request, to set a case up (what another user did meanwhile). */
const setUp = (subject: string) =>
  currentMockBackend()!
    .runtime.db.getState()
    .approvalRequests.find((row) => row.project_id === 7 && row.subject === subject)!;

const renderTab = (permissions: string[], path = '/') =>
  renderRoute(
    <>
      <ApprovalsTab project={PROJECT} permissions={permissions} />
      <ToastContainer />
    </>,
    { path },
  );

const subjects = () =>
  screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
const card = (subject: string) => screen.getByRole('article', { name: subject });

describe('ApprovalsTab', () => {
  it('counts what waits on the user and offers Approve and Reject only on those', async () => {
    await useMockBackend('qcl');
    renderTab([]);
    expect(await screen.findByText('1 request waits on your decision.')).toBeVisible();
    expect(screen.getByRole('tab', { name: /^Waiting on me/ })).toHaveTextContent(
      'Waiting on me (1)',
    );
    expect(screen.queryByRole('button', { name: 'Raise request' })).not.toBeInTheDocument();
    const mine = card(KPI);
    expect(within(mine).getByRole('button', { name: /^Approve/ })).toBeVisible();
    expect(within(mine).getByRole('button', { name: /^Reject/ })).toBeVisible();
    expect(within(mine).queryByRole('button', { name: /^Withdraw/ })).not.toBeInTheDocument();
    // The server lets the approver send no reminder to himself.
    expect(within(mine).queryByRole('button', { name: /^Remind/ })).not.toBeInTheDocument();
    // Omar raised it: the server lets him withdraw it, not decide it.
    const other = card(PROFILE);
    expect(within(other).queryByRole('button', { name: /^(Approve|Reject)/ })).toBeNull();
    expect(within(other).getByRole('button', { name: /^Withdraw/ })).toBeVisible();
    expect(within(card(BUDGET)).queryByRole('button')).toBeNull();
    expect(other).toHaveTextContent('Overdue');
    expect(other).toHaveTextContent('(outside the project)');
    const rejected = card(BUDGET);
    expect(rejected).toHaveTextContent('Rejected by Alex Morgan on 10/06/2026');
    expect(rejected).toHaveTextContent('Not this quarter: hold the workshops remotely.');
  });

  it('switches views and filters through the URL', async () => {
    await useMockBackend('qcl');
    const { router } = renderTab([], '/?view=mine');
    await waitFor(() => expect(subjects()).toEqual([KPI]));

    await userEvent.click(screen.getByRole('tab', { name: /^Raised by this project/ }));
    expect(urlParams(router)).toEqual({ view: 'raised' });
    expect(subjects()).toEqual([
      KPI,
      'Lower the code coverage target to 70% for the legacy module',
      BUDGET,
      'Add the reporting module to phase 2',
    ]);

    await userEvent.selectOptions(screen.getByLabelText('State'), 'rejected');
    expect(urlParams(router)).toEqual({ view: 'raised', state: 'rejected' });
    expect(subjects()).toEqual([BUDGET]);
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'scope_change');
    expect(await screen.findByText('No request matches the filters')).toBeVisible();
    await userEvent.click(screen.getAllByRole('button', { name: 'Reset filters' })[0]!);
    expect(urlParams(router)).toEqual({ view: 'raised' });
  });

  it('rejects only with a reason', async () => {
    await useMockBackend('qcl');
    renderTab([]);
    await userEvent.click(await screen.findByRole('button', { name: `Reject “${KPI}”` }));
    const dialog = screen.getByRole('dialog', { name: `Reject “${KPI}”` });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(await within(dialog).findByText(APPROVAL_MESSAGES.rejectComment)).toBeVisible();
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
    expect(held(KPI).state).toBe('pending');

    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Agreed in the SOW.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(await screen.findByText(APPROVAL_TOASTS.rejected)).toBeVisible();
    expect(held(KPI)).toMatchObject({ state: 'rejected', decision_comment: 'Agreed in the SOW.' });
  });

  it('shows the server’s refusal when the request was decided meanwhile', async () => {
    await useMockBackend('qcl');
    renderTab([]);
    await userEvent.click(await screen.findByRole('button', { name: `Reject “${KPI}”` }));
    const dialog = screen.getByRole('dialog', { name: `Reject “${KPI}”` });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Agreed in the SOW.');
    // Omar approved it in another tab meanwhile.
    Object.assign(setUp(KPI), { state: 'approved', decided_at: new Date().toISOString() });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(await within(dialog).findByText(APPROVAL_MESSAGES.decided)).toBeVisible();
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Agreed in the SOW.');
    expect(held(KPI).state).toBe('approved');
  });

  it('raises a request with the server’s field errors, and withdraws it after a confirmation', async () => {
    await useMockBackend('admin');
    renderTab(['CAN_EDIT_PROJECT_CARD']);
    await userEvent.click(await screen.findByRole('button', { name: 'Raise request' }));
    const dialog = screen.getByRole('dialog', { name: 'Raise a request' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Raise request' }));
    expect(await within(dialog).findByText('Choose what the request is for.')).toBeVisible();
    expect(within(dialog).getByText('Choose the approver.')).toBeVisible();
    expect(within(dialog).getByText('Choose the day the decision is due.')).toBeVisible();

    await userEvent.selectOptions(within(dialog).getByLabelText('Kind'), 'scope_change');
    await userEvent.type(within(dialog).getByLabelText('Subject'), 'Add a release train');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Approver' }), 'Om');
    await userEvent.click(await screen.findByRole('option', { name: 'Omar Haddad (ohaddad)' }));
    const due = within(dialog).getByLabelText('Due by');
    await userEvent.type(due, '01/15/2020');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Raise request' }));
    expect(await within(dialog).findByText(APPROVAL_MESSAGES.duePast)).toBeVisible();
    expect(heldRequests()).toHaveLength(5);
    await userEvent.clear(due);
    await userEvent.type(due, '12/31/2099');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Raise request' }));
    expect(await screen.findByText(APPROVAL_TOASTS.raised)).toBeVisible();
    expect(held('Add a release train')).toMatchObject({
      kind: 'scope_change',
      requester_id: 1,
      approver_id: 5,
      due_by: '2099-12-31',
      comment: '',
      state: 'pending',
    });

    await userEvent.click(
      await screen.findByRole('button', { name: 'Withdraw… “Add a release train”' }),
    );
    const confirm = screen.getByRole('dialog', { name: 'Withdraw “Add a release train”?' });
    expect(held('Add a release train').state).toBe('pending');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Withdraw request' }));
    expect(await screen.findByText(APPROVAL_TOASTS.withdrawn)).toBeVisible();
    expect(held('Add a release train').state).toBe('withdrawn');
  });

  it('sends the approver a reminder and shows when the next one can go', async () => {
    // Priya requested it: the server lets her remind, without CAN_EDIT_PROJECT_CARD.
    await useMockBackend('pm');
    renderTab([]);
    const mine = await screen.findByRole('article', { name: KPI });
    expect(mine).toHaveTextContent('Last reminded11/20/2026');
    // Not where the server says no: the request she decides, a decided one.
    expect(within(card(PROFILE)).queryByRole('button', { name: /^Remind/ })).toBeNull();
    expect(within(card(BUDGET)).queryByRole('button', { name: /^Remind/ })).toBeNull();

    await userEvent.click(
      within(mine).getByRole('button', { name: `Remind Omar Haddad of “${KPI}”` }),
    );
    expect(await screen.findByText(APPROVAL_TOASTS.reminded('Omar Haddad'))).toBeVisible();
    expect(held(KPI).history.filter((event) => event.event === 'reminded')).toHaveLength(2);
    // Reminded now: the next one waits a day, and the row says from when.
    expect(
      await within(mine).findByText(/Reminded less than a day ago: the next reminder can go from/),
    ).toBeVisible();
    expect(within(mine).queryByRole('button', { name: /^Remind/ })).toBeNull();
    await userEvent.click(within(mine).getByText('History (3)'));
    expect(within(mine).getAllByText(/Reminder sent by Priya Nair/)).toHaveLength(2);
  });

  it('shows the server’s once-a-day refusal when a reminder went out meanwhile', async () => {
    await useMockBackend('pm');
    renderTab([]);
    const mine = await screen.findByRole('article', { name: KPI });
    // Alex reminded Omar an hour ago, after the list was loaded.
    const at = new Date(Date.now() - 3_600_000).toISOString();
    setUp(KPI).history.push({ event: 'reminded', at, by_id: 1, comment: '' });
    await userEvent.click(
      within(mine).getByRole('button', { name: `Remind Omar Haddad of “${KPI}”` }),
    );
    expect(await screen.findByText(APPROVAL_MESSAGES.remindedRecently)).toBeVisible();
    expect(screen.getByText(lastReminderMessage(at))).toBeVisible();
    expect(held(KPI).history.filter((event) => event.event === 'reminded')).toHaveLength(2);
  });

  it('offers a reminder exactly where the server says, without the card’s flags', async () => {
    // Alex neither raised nor decides a request of project 7: CAN_EDIT_PROJECT_CARD lets him remind.
    await useMockBackend('admin');
    renderTab([]);
    const other = await screen.findByRole('article', { name: PROFILE });
    expect(
      within(other).getByRole('button', { name: `Remind Priya Nair of “${PROFILE}”` }),
    ).toBeVisible();
    expect(
      within(card(KPI)).getByRole('button', { name: `Remind Omar Haddad of “${KPI}”` }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /^(Approve|Reject|Withdraw)/ })).toBeNull();
    expect(screen.getByText('Nothing waits on your decision.')).toBeVisible();
  });

  it('offers nothing the server does not allow, whatever the card’s flags', async () => {
    // Hannah Becker (auditor) only reads the card: the tab's flags do not change the server's word.
    await useMockBackend('auditor');
    renderTab(['CAN_EDIT_PROJECT_CARD']);
    await screen.findByRole('article', { name: PROFILE });
    expect(screen.queryByRole('button', { name: /^(Remind|Approve|Reject|Withdraw)/ })).toBeNull();
    expect(screen.getByText('Nothing waits on your decision.')).toBeVisible();
  });

  it('says when there is nothing, and when the list could not be loaded', async () => {
    await useMockBackend('admin');
    const first = renderTab(['CAN_EDIT_PROJECT_CARD'], '/?view=mine');
    expect(await screen.findByText('Nothing waits on your decision')).toBeVisible();
    first.unmount();
    // A failing server: the seed has none.
    server.use(
      http.get(`${API}/api/projects/7/approvals/`, () => HttpResponse.json({}, { status: 500 })),
    );
    renderTab([]);
    expect(await screen.findByText('The requests could not be loaded')).toBeVisible();
  });
});
