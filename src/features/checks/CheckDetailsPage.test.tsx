import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { signedInWith } from '../../testing/msw/session';
import { onAPhone } from '../../testing/phone';
import { MAIN_EXPERT_CHANGED } from './CheckActions';
import { makePoll, RAVI, recordAction, renderChecks, servePeople, servePoll } from './testing';

const ALL_ACTIONS = [
  'CAN_START_CHECK',
  'CAN_CANCEL_CHECK',
  'CAN_ASSIGN_EXPERT',
  'CAN_SET_QC_OWNERSHIP',
  'CAN_MARK_INVALID',
  'CAN_SET_POLL_EXTENSION',
];

const actionButtons = () =>
  within(
    screen.getByRole('heading', { name: 'Manage this check' }).nextElementSibling as HTMLElement,
  )
    .getAllByRole('button')
    .map((button) => button.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('check details', () => {
  it('lists the participants as cards on a phone, each person first', async () => {
    onAPhone();
    signedInWith([]);
    servePoll(makePoll());
    renderChecks('/checks/1');
    const table = await screen.findByRole('table', { name: 'Participants table' });
    const cells = [...within(table).getAllByRole('row')[1]!.children];
    expect(cells[0]).toHaveAttribute('role', 'rowheader');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Mei Chen (mchen)',
      'RoleMain expert',
      'Answers4/4',
      'Submitted✓Submitted',
    ]);
  });

  it('shows the check, its people, progress and extensions', async () => {
    signedInWith([]);
    servePoll(
      makePoll({
        is_invalid: true,
        extensions: [
          {
            id: 1,
            until: '2026-12-15',
            reason: 'Client holidays',
            created_at: '2026-11-25T08:30:00Z',
            created_by: RAVI,
          },
        ],
      }),
    );
    renderChecks('/checks/1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Apollo Portal' })).toBeVisible();
    expect(screen.getByText('Health check')).toBeInTheDocument();
    expect(screen.getByText('HC_1')).toBeInTheDocument();
    expect(screen.getByText('Started', { selector: '[data-status="started"]' })).toBeVisible();
    expect(screen.getByText('Invalid')).toBeInTheDocument();
    const facts = screen.getByText('Account').closest('dl') as HTMLElement;
    expect(facts).toHaveTextContent('AccountAcme');
    expect(facts).toHaveTextContent('Delivery unitDU Nordics');
    expect(facts).toHaveTextContent('Due12/01/2026');
    expect(facts).toHaveTextContent('Main expertMei Chen (mchen)');
    expect(facts).toHaveTextContent('QC ownerOla Berg');

    // 6 of 11 answers over all participants; the user (not the main expert) 2 of 4.
    expect(screen.getByText('All participants').nextElementSibling).toHaveTextContent('55%');
    expect(screen.getByText('Yours').nextElementSibling).toHaveTextContent('50%');

    const rows = within(screen.getByRole('region', { name: 'Participants' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      'Main expertMei Chen (mchen)4/4✓Submitted',
      'ExpertRavi Patel (rpatel)2/4Not yet',
      'Project managerOla Berg0/3Not yet',
    ]);
    expect(screen.getByText('Until 12/15/2026')).toBeInTheDocument();
    expect(screen.getByText('Client holidays')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Manage this check' })).not.toBeInTheDocument();
  });

  it.each([
    ['health_check', ['CAN_VIEW_PROJECT_DETAILS'], '/survey/1/overview'],
    ['health_check', [], '/survey/1'],
    ['audit_check', ['CAN_VIEW_PROJECT_DETAILS'], '/audit-survey/1'],
  ] as const)('opens the survey of a started %s at the right place', async (type, perms, href) => {
    signedInWith([]);
    servePoll(makePoll({ type, user_permissions: [...perms] }));
    renderChecks('/checks/1');
    expect(await screen.findByRole('link', { name: 'Open survey' })).toHaveAttribute('href', href);
    expect(screen.queryByRole('link', { name: 'View results' })).not.toBeInTheDocument();
  });

  it('closes the survey of a finished check to a user without the results page', async () => {
    signedInWith([]);
    servePoll(makePoll({ status: 'finished' }));
    renderChecks('/checks/1');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Open survey' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View results' })).not.toBeInTheDocument();
  });

  it('offers the survey and the results with CAN_VIEW_POLL_RESULTS_PAGE', async () => {
    signedInWith([]);
    servePoll(
      makePoll({
        status: 'finished',
        type: 'audit_check',
        user_permissions: ['CAN_VIEW_POLL_RESULTS_PAGE'],
      }),
    );
    renderChecks('/checks/1');
    expect(await screen.findByRole('link', { name: 'View results' })).toHaveAttribute(
      'href',
      '/audit-survey/1/results',
    );
    expect(screen.getByRole('link', { name: 'Open survey' })).toHaveAttribute(
      'href',
      '/audit-survey/1',
    );
  });

  it('leads a finished check with its results: View results first, the survey after', async () => {
    signedInWith([]);
    servePoll(makePoll({ status: 'finished', user_permissions: ['CAN_VIEW_POLL_RESULTS_PAGE'] }));
    renderChecks('/checks/1');
    await screen.findByRole('heading', { level: 1 });
    const links = screen
      .getAllByRole('link')
      .filter((link) => ['View results', 'Open survey'].includes(link.textContent ?? ''));
    expect(links.map((link) => link.textContent)).toEqual(['View results', 'Open survey']);
    expect(links[0]).toHaveAttribute('href', '/survey/1/results');
  });

  it('keeps Open survey first while the check is under way', async () => {
    signedInWith([]);
    servePoll(makePoll({ status: 'started', user_permissions: ['CAN_VIEW_POLL_RESULTS_PAGE'] }));
    renderChecks('/checks/1');
    await screen.findByRole('heading', { level: 1 });
    const links = screen
      .getAllByRole('link')
      .filter((link) => ['View results', 'Open survey'].includes(link.textContent ?? ''));
    expect(links.map((link) => link.textContent)).toEqual(['Open survey', 'View results']);
  });

  it.each([
    [
      'new',
      [
        'Start check',
        'Assign expert',
        'Change main expert',
        'Set QC owner',
        'Extend due date',
        'Mark invalid',
        'Cancel check',
      ],
    ],
    [
      'started',
      [
        'Assign expert',
        'Change main expert',
        'Set QC owner',
        'Extend due date',
        'Mark invalid',
        'Cancel check',
      ],
    ],
    ['supervisor_review', ['Set QC owner', 'Mark invalid']],
    ['finished', ['Mark invalid']],
  ] as const)('with every permission, a %s check offers %j', async (status, expected) => {
    signedInWith([]);
    servePoll(makePoll({ status, user_permissions: ALL_ACTIONS }));
    renderChecks('/checks/1');
    await screen.findByRole('heading', { name: 'Manage this check' });
    expect(actionButtons()).toEqual(expected);
  });

  it('offers only the actions the poll permits', async () => {
    signedInWith(ALL_ACTIONS); // user-level permissions do not count on a poll
    servePoll(makePoll({ status: 'new', user_permissions: ['CAN_CANCEL_CHECK'] }));
    renderChecks('/checks/1');
    await screen.findByRole('heading', { name: 'Manage this check' });
    expect(actionButtons()).toEqual(['Cancel check']);
  });

  it('cancels only with a reason, and sends it', async () => {
    signedInWith([]);
    servePoll(makePoll({ user_permissions: ['CAN_CANCEL_CHECK'] }));
    const sent = recordAction('post', '/api/polls/1/cancel/', () =>
      HttpResponse.json(makePoll({ status: 'canceled' })),
    );
    renderChecks('/checks/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel check' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this check?' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel check' }));
    const reason = within(dialog).getByLabelText('Reason');
    expect(within(dialog).getByText('Give the reason for canceling the check.')).toBeVisible();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveFocus();
    await userEvent.type(reason, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel check' }));
    expect(sent).toEqual([]);

    await userEvent.clear(reason);
    await userEvent.type(reason, 'Project closed early');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel check' }));
    await waitFor(() => expect(sent).toEqual([{ reason: 'Project closed early' }]));
    expect(await screen.findByText('The check has been canceled.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the reason when canceling fails', async () => {
    signedInWith([]);
    servePoll(makePoll({ user_permissions: ['CAN_CANCEL_CHECK'] }));
    recordAction('post', '/api/polls/1/cancel/', () =>
      HttpResponse.json({ detail: 'The check is locked.' }, { status: 409 }),
    );
    renderChecks('/checks/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel check' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this check?' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Duplicate');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel check' }));

    expect(await screen.findByText('The check is locked.')).toBeInTheDocument();
    expect(dialog).toBeVisible();
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Duplicate');
    expect(within(dialog).getByRole('button', { name: 'Cancel check' })).toBeEnabled();
  });

  it('says "Starting…" while the check starts', async () => {
    signedInWith([]);
    servePoll(makePoll({ status: 'new', user_permissions: ['CAN_START_CHECK'] }));
    let release = () => {};
    const answer = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(`${API}/api/polls/1/start/`, async () => {
        await answer;
        return HttpResponse.json(makePoll());
      }),
    );
    renderChecks('/checks/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Start check' }));
    const dialog = screen.getByRole('dialog', { name: 'Start this check?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start check' }));
    // Busy, it holds back another click but keeps the focus.
    const starting = await within(dialog).findByRole('button', { name: 'Starting…' });
    expect(starting).toHaveAttribute('aria-disabled', 'true');
    expect(starting).toHaveFocus();
    release();
    expect(await screen.findByText('The check has started.')).toBeInTheDocument();
  });

  it('changes the main expert through a person search, by keyboard', async () => {
    signedInWith([]);
    servePoll(makePoll({ user_permissions: ['CAN_ASSIGN_EXPERT'] }));
    const terms = servePeople();
    const sent = recordAction('patch', '/api/polls/1/main-expert/', () =>
      HttpResponse.json(makePoll({ main_expert: RAVI })),
    );
    renderChecks('/checks/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Change main expert' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the main expert' });
    const search = within(dialog).getByRole('combobox', { name: 'New main expert' });
    expect(search).toHaveAttribute('aria-expanded', 'false');

    await userEvent.type(search, 'ra');
    await waitFor(() => expect(search).toHaveAttribute('aria-expanded', 'true'));
    expect(terms).toEqual(['ra']);
    expect(within(dialog).getByRole('option', { name: 'Ravi Patel (rpatel)' })).toBeVisible();
    await userEvent.keyboard('{ArrowDown}');
    expect(search).toHaveAttribute(
      'aria-activedescendant',
      within(dialog).getByRole('option', { name: 'Ravi Patel (rpatel)' }).id,
    );
    await userEvent.keyboard('{Enter}');
    expect(search).toHaveValue('Ravi Patel (rpatel)');
    expect(search).toHaveAttribute('aria-expanded', 'false');
    expect(sent).toEqual([]);

    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(sent).toEqual([{ user_id: RAVI.id }]));
    expect(await screen.findByText(MAIN_EXPERT_CHANGED)).toBeInTheDocument();
    expect(MAIN_EXPERT_CHANGED).toBe('You have successfully changed your Main Expert');
  });

  it('extends the due date only to a later day, with a reason', async () => {
    signedInWith([]);
    servePoll(makePoll({ user_permissions: ['CAN_SET_POLL_EXTENSION'] }));
    const sent = recordAction('post', '/api/polls/1/extensions/', () =>
      HttpResponse.json(makePoll()),
    );
    renderChecks('/checks/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Extend due date' }));
    const dialog = screen.getByRole('dialog', { name: 'Extend the due date' });
    const until = within(dialog).getByLabelText('New due date');
    // The calendar offers no day before the day after the current due date.
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Choose a date from the calendar' }),
    );
    const calendar = await screen.findByRole('dialog', { name: 'Choose a date from the calendar' });
    expect(within(calendar).getByRole('button', { name: /December 1st, 2026/ })).toBeDisabled();
    expect(within(calendar).getByRole('button', { name: /December 2nd, 2026/ })).toBeEnabled();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(calendar).not.toBeInTheDocument());

    await userEvent.type(until, '12/01/2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Extend' }));
    expect(within(dialog).getByText('The new due date must be after 12/01/2026.')).toBeVisible();
    expect(within(dialog).getByText('Give the reason for the extension.')).toBeVisible();
    expect(sent).toEqual([]);

    await userEvent.clear(until);
    await userEvent.type(until, '12/20/2026');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Client holidays');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Extend' }));
    await waitFor(() => expect(sent).toEqual([{ until: '2026-12-20', reason: 'Client holidays' }]));
    expect(await screen.findByText('The due date is extended to 12/20/2026.')).toBeInTheDocument();
  });

  it.each([403, 404])('shows the not-found state when the server answers %i', async (status) => {
    signedInWith([]);
    server.use(
      http.get(`${API}/api/polls/1/`, () =>
        HttpResponse.json({ detail: 'Not found.' }, { status }),
      ),
    );
    renderChecks('/checks/1');
    // The one not-found state of spec §2/§8, as on every page, with the way back to the list.
    expect(
      await screen.findByRole('heading', { name: 'Looks like something went wrong' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The page you asked for does not exist, or you may not open it.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to checks' })).toHaveAttribute('href', '/checks');
  });

  it('shows an error with a retry for other failures', async () => {
    signedInWith([]);
    let fail = true;
    server.use(
      http.get(`${API}/api/polls/1/`, () =>
        fail ? new HttpResponse(null, { status: 502 }) : HttpResponse.json(makePoll()),
      ),
    );
    renderChecks('/checks/1');
    expect(await screen.findByText('The check could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Apollo Portal' })).toBeVisible();
  });
});
