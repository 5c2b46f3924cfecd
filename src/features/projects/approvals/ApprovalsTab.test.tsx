import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import {
  APPROVAL_MESSAGES,
  lastReminderMessage,
  type ApprovalRequest,
} from '../../../api/contract/approvals';
import type { ProjectDetail } from '../../../api/contract/projects';
import { API } from '../../../testing/msw/handlers';
import { recordJson } from '../../../testing/msw/recordJson';
import { server } from '../../../testing/msw/server';
import { signedInAs } from '../../../testing/msw/session';
import { renderRoute, urlParams } from '../../../testing/renderRoutes';
import { APPROVAL_TOASTS } from './ApprovalDialogs';
import ApprovalsTab from './ApprovalsTab';

const ALEX = { id: 1, name: 'Alex Morgan', login: 'amorgan' };
const PRIYA = { id: 2, name: 'Priya Nair', login: 'pnair' };
const OMAR = { id: 5, name: 'Omar Haddad', login: 'ohaddad' };

const approval = (changes: Partial<ApprovalRequest>): ApprovalRequest => ({
  id: 1,
  kind: 'kpi_exclusion',
  subject: 'Exclude November from the KPI',
  origin: 'project',
  requester: PRIYA,
  approver: OMAR,
  state: 'pending',
  raised_at: '2026-11-10T09:00:00Z',
  due_by: '2099-12-31',
  comment: 'The client froze releases.',
  decision: null,
  history: [
    { event: 'raised', at: '2026-11-10T09:00:00Z', by: PRIYA, comment: '' },
    { event: 'reminded', at: '2026-11-20T09:00:00Z', by: PRIYA, comment: '' },
  ],
  last_reminded_at: '2026-11-20T09:00:00Z',
  can_decide: false,
  can_withdraw: false,
  can_remind: false,
  ...changes,
});
const ROWS = [
  approval({}),
  approval({
    id: 2,
    kind: 'profile_validation',
    subject: 'Validate the profile',
    origin: 'external',
    requester: OMAR,
    approver: PRIYA,
    due_by: '2020-01-31',
    comment: '',
    history: [{ event: 'raised', at: '2026-11-18T09:00:00Z', by: OMAR, comment: '' }],
    last_reminded_at: null,
  }),
  approval({
    id: 3,
    kind: 'budget_change',
    subject: 'Raise the travel budget',
    approver: ALEX,
    state: 'rejected',
    decision: {
      outcome: 'rejected',
      comment: 'Not this quarter.',
      decided_at: '2026-10-06T11:00:00Z',
      decided_by: ALEX,
    },
    history: [
      { event: 'raised', at: '2026-10-01T09:00:00Z', by: PRIYA, comment: '' },
      { event: 'decided', at: '2026-10-06T11:00:00Z', by: ALEX, comment: 'Not this quarter.' },
    ],
    last_reminded_at: null,
  }),
];
/** The list as Omar gets it: he decides the first request and raised the second. */
const FOR_OMAR = [
  { ...ROWS[0]!, can_decide: true },
  { ...ROWS[1]!, can_withdraw: true, can_remind: true },
  ROWS[2]!,
];
/** The list as Priya gets it: she raised the first request and decides the second. */
const FOR_PRIYA = [
  { ...ROWS[0]!, can_withdraw: true, can_remind: true },
  { ...ROWS[1]!, can_decide: true },
  ROWS[2]!,
];
const PROJECT = { id: 7, name: 'Apollo Portal' } as ProjectDetail;
const LIST = '/api/projects/7/approvals/';

function serve(rows: ApprovalRequest[]) {
  server.use(http.get(`${API}${LIST}`, () => HttpResponse.json(rows)));
}

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
    signedInAs({ id: 5, name: 'Omar Haddad', login: 'ohaddad' });
    serve(FOR_OMAR);
    renderTab([]);
    expect(await screen.findByText('1 request waits on your decision.')).toBeVisible();
    expect(screen.getByRole('tab', { name: /^Waiting on me/ })).toHaveTextContent(
      'Waiting on me (1)',
    );
    expect(screen.queryByRole('button', { name: 'Raise request' })).not.toBeInTheDocument();
    const mine = card('Exclude November from the KPI');
    expect(within(mine).getByRole('button', { name: /^Approve/ })).toBeVisible();
    expect(within(mine).getByRole('button', { name: /^Reject/ })).toBeVisible();
    expect(within(mine).queryByRole('button', { name: /^Withdraw/ })).not.toBeInTheDocument();
    // The server lets the approver send no reminder to himself.
    expect(within(mine).queryByRole('button', { name: /^Remind/ })).not.toBeInTheDocument();
    // Omar raised it: the server lets him withdraw it, not decide it.
    const other = card('Validate the profile');
    expect(within(other).queryByRole('button', { name: /^(Approve|Reject)/ })).toBeNull();
    expect(within(other).getByRole('button', { name: /^Withdraw/ })).toBeVisible();
    expect(within(card('Raise the travel budget')).queryByRole('button')).toBeNull();
    expect(other).toHaveTextContent('Overdue');
    expect(other).toHaveTextContent('(outside the project)');
    const rejected = card('Raise the travel budget');
    expect(rejected).toHaveTextContent('Rejected by Alex Morgan on 10/06/2026');
    expect(rejected).toHaveTextContent('Not this quarter.');
  });

  it('switches views and filters through the URL', async () => {
    signedInAs({ id: 5 });
    serve(FOR_OMAR);
    const { router } = renderTab([], '/?view=mine');
    await waitFor(() => expect(subjects()).toEqual(['Exclude November from the KPI']));

    await userEvent.click(screen.getByRole('tab', { name: /^Raised by this project/ }));
    expect(urlParams(router)).toEqual({ view: 'raised' });
    expect(subjects()).toEqual(['Exclude November from the KPI', 'Raise the travel budget']);

    await userEvent.selectOptions(screen.getByLabelText('State'), 'rejected');
    expect(urlParams(router)).toEqual({ view: 'raised', state: 'rejected' });
    expect(subjects()).toEqual(['Raise the travel budget']);
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'scope_change');
    expect(await screen.findByText('No request matches the filters')).toBeVisible();
    await userEvent.click(screen.getAllByRole('button', { name: 'Reset filters' })[0]!);
    expect(urlParams(router)).toEqual({ view: 'raised' });
  });

  it('rejects only with a reason, and shows the server’s refusal', async () => {
    signedInAs({ id: 5 });
    serve(FOR_OMAR);
    let calls = 0;
    const bodies = recordJson('post', `${LIST}1/decision/`, () =>
      ++calls === 1
        ? HttpResponse.json({ non_field_errors: [APPROVAL_MESSAGES.decided] }, { status: 400 })
        : HttpResponse.json(approval({ state: 'rejected' })),
    );
    renderTab([]);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Reject “Exclude November from the KPI”' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Reject “Exclude November from the KPI”' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(await within(dialog).findByText(APPROVAL_MESSAGES.rejectComment)).toBeVisible();
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
    expect(bodies).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Agreed in the SOW.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(await within(dialog).findByText(APPROVAL_MESSAGES.decided)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject request' }));
    expect(await screen.findByText(APPROVAL_TOASTS.rejected)).toBeVisible();
    expect(bodies[1]).toEqual({ decision: 'reject', comment: 'Agreed in the SOW.' });
  });

  it('raises a request with the server’s field errors, and withdraws after a confirmation', async () => {
    signedInAs({ id: 2, name: 'Priya Nair', login: 'pnair' });
    serve(FOR_PRIYA);
    server.use(
      http.get(`${API}/api/users/`, () =>
        HttpResponse.json({ count: 1, next: null, previous: null, results: [OMAR] }),
      ),
    );
    let calls = 0;
    const bodies = recordJson('post', LIST, () =>
      ++calls === 1
        ? HttpResponse.json({ due_by: [APPROVAL_MESSAGES.duePast] }, { status: 400 })
        : HttpResponse.json(approval({ id: 9 }), { status: 201 }),
    );
    const withdrawn = recordJson('post', `${LIST}1/withdraw/`, () =>
      HttpResponse.json(approval({ state: 'withdrawn' })),
    );
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
    await userEvent.type(within(dialog).getByLabelText('Due by'), '12/31/2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Raise request' }));
    expect(await within(dialog).findByText(APPROVAL_MESSAGES.duePast)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Raise request' }));
    expect(await screen.findByText(APPROVAL_TOASTS.raised)).toBeVisible();
    expect(bodies[1]).toEqual({
      kind: 'scope_change',
      subject: 'Add a release train',
      approver_id: 5,
      due_by: '2026-12-31',
      comment: '',
    });

    await userEvent.click(
      screen.getByRole('button', { name: 'Withdraw… “Exclude November from the KPI”' }),
    );
    const confirm = screen.getByRole('dialog', {
      name: 'Withdraw “Exclude November from the KPI”?',
    });
    expect(withdrawn).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Withdraw request' }));
    expect(await screen.findByText(APPROVAL_TOASTS.withdrawn)).toBeVisible();
    expect(withdrawn).toEqual([{}]);
  });

  it('sends the approver a reminder, shows when, and the server’s once-a-day refusal', async () => {
    signedInAs({ id: 2, name: 'Priya Nair', login: 'pnair' });
    const now = new Date().toISOString();
    let reminded = false;
    server.use(
      http.get(`${API}${LIST}`, () =>
        HttpResponse.json(
          reminded
            ? [
                {
                  ...FOR_PRIYA[0]!,
                  history: [
                    ...approval({}).history,
                    { event: 'reminded', at: now, by: PRIYA, comment: '' },
                  ],
                  last_reminded_at: now,
                },
                ...FOR_PRIYA.slice(1),
              ]
            : FOR_PRIYA,
        ),
      ),
    );
    let calls = 0;
    const sent = recordJson('post', `${LIST}1/remind/`, () => {
      calls += 1;
      if (calls === 1)
        return HttpResponse.json(
          {
            non_field_errors: [
              APPROVAL_MESSAGES.remindedRecently,
              lastReminderMessage('2026-11-26T08:00:00Z'),
            ],
          },
          { status: 400 },
        );
      reminded = true;
      return HttpResponse.json({ ...FOR_PRIYA[0]!, last_reminded_at: now });
    });
    // Priya requested it: the server lets her remind, without CAN_EDIT_PROJECT_CARD.
    renderTab([]);
    const mine = await screen.findByRole('article', { name: 'Exclude November from the KPI' });
    expect(mine).toHaveTextContent('Last reminded11/20/2026');
    // Not where the server says no: the request she decides, a decided one.
    expect(
      within(card('Validate the profile')).queryByRole('button', { name: /^Remind/ }),
    ).toBeNull();
    const remind = within(mine).getByRole('button', {
      name: 'Remind Omar Haddad of “Exclude November from the KPI”',
    });

    await userEvent.click(remind);
    expect(await screen.findByText(APPROVAL_MESSAGES.remindedRecently)).toBeVisible();
    expect(screen.getByText('Last reminder: 2026-11-26 08:00 UTC.')).toBeVisible();

    await userEvent.click(remind);
    expect(await screen.findByText(APPROVAL_TOASTS.reminded('Omar Haddad'))).toBeVisible();
    expect(sent).toEqual([{}, {}]);
    // Reminded now: the next one waits a day, and the row says from when.
    expect(
      await within(mine).findByText(/Reminded less than a day ago: the next reminder can go from/),
    ).toBeVisible();
    expect(within(mine).queryByRole('button', { name: /^Remind/ })).toBeNull();
    await userEvent.click(within(mine).getByText('History (3)'));
    expect(within(mine).getAllByText(/Reminder sent by Priya Nair/)).toHaveLength(2);
  });

  it('offers a reminder, a decision and a withdrawal exactly where the server says, whatever the card’s flags', async () => {
    // Alex neither raised nor decides "Validate the profile": the server's word is all that counts.
    signedInAs({ id: 1, name: 'Alex Morgan', login: 'amorgan' });
    serve([
      { ...ROWS[1]!, can_remind: true },
      { ...ROWS[0]!, can_decide: true },
    ]);
    const reader = renderTab([]);
    const other = await screen.findByRole('article', { name: 'Validate the profile' });
    expect(
      within(other).getByRole('button', { name: 'Remind Priya Nair of “Validate the profile”' }),
    ).toBeVisible();
    const decides = card('Exclude November from the KPI');
    expect(within(decides).getByRole('button', { name: /^Approve/ })).toBeVisible();
    expect(screen.getByText('1 request waits on your decision.')).toBeVisible();
    reader.unmount();

    serve(ROWS);
    renderTab(['CAN_EDIT_PROJECT_CARD']);
    await screen.findByRole('article', { name: 'Validate the profile' });
    expect(screen.queryByRole('button', { name: /^(Remind|Approve|Reject|Withdraw)/ })).toBeNull();
    expect(screen.getByText('Nothing waits on your decision.')).toBeVisible();
  });

  it('says when there is nothing, and when the list could not be loaded', async () => {
    serve([]);
    const first = renderTab(['CAN_EDIT_PROJECT_CARD'], '/?view=mine');
    expect(await screen.findByText('Nothing waits on your decision')).toBeVisible();
    first.unmount();
    server.use(http.get(`${API}${LIST}`, () => HttpResponse.json({}, { status: 500 })));
    renderTab([]);
    expect(await screen.findByText('The requests could not be loaded')).toBeVisible();
  });
});
