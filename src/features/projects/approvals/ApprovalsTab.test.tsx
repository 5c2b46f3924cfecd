import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { APPROVAL_MESSAGES, type ApprovalRequest } from '../../../api/contract/approvals';
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
  }),
];
const PROJECT = { id: 7, name: 'Apollo Portal' } as ProjectDetail;
const LIST = '/api/projects/7/approvals/';

function serve(rows: ApprovalRequest[] = ROWS) {
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
    serve();
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
    // Omar raised it: he may withdraw it, not decide it.
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
    serve();
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
    serve();
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
    serve();
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
