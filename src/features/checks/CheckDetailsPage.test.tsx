import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSeedFirst, currentMockBackend, useMockBackend } from '../../testing/mockBackend';
import { failUntilAllowed } from '../../testing/msw/failUntilAllowed';
import { API } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { signedInWith } from '../../testing/msw/session';
import { onAPhone } from '../../testing/phone';
import { MAIN_EXPERT_CHANGED } from './CheckActions';
import { renderChecks } from './testing';

/**
 * Against the mock backend (src/testing/mockBackend.ts), as the persona each test names, on the
 * seed's canonical checks: 1 (Priya's started self check), 2 (a health check of Tasty Gloves
 * microchip in its expert phase: Priya and Omar have submitted, Erik and Mei, its main expert, not
 * yet), 3 (an audit under way), 4 (an audit in supervisor review), 6 (a new health check), 8 (a
 * finished health check) and 10 (an audit whose review is completed). `admin` may manage every
 * check; the check's `user_permissions` come from the mock's own rule.
 */
buildSeedFirst();

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

/** Check `id` as the mock holds it, to set a case up (tracked) or to assert a save. */
const heldPoll = (id: number) =>
  currentMockBackend()!
    .runtime.db.getState()
    .polls.find((poll) => poll.id === id)!;

/**
 * The user, typing and clicking without a pause between two events (user-event waits a timer's
 * turn after each by default): every key still goes through the events a browser sends.
 */
let user: UserEvent;
beforeEach(() => {
  user = userEvent.setup({ delay: null });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('check details', () => {
  it('lists the participants as cards on a phone, each person first', async () => {
    onAPhone();
    await useMockBackend('admin');
    renderChecks('/checks/2');
    const table = await screen.findByRole('table', { name: 'Participants table' });
    const cells = [...within(table).getAllByRole('row')[1]!.children];
    expect(cells[0]).toHaveAttribute('role', 'rowheader');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Mei Chen (mchen)',
      'RoleMain expert',
      'Answers0/22',
      'SubmittedNot yet',
    ]);
  });

  it('shows the check, its people, progress and extensions', async () => {
    // Priya, its project manager, who has submitted her answers.
    await useMockBackend('pm');
    const poll = heldPoll(2);
    poll.is_invalid = true;
    poll.extensions.push({
      id: 1,
      until: '2026-12-20',
      reason: 'Client holidays',
      created_at: '2026-11-25T08:30:00Z',
      created_by: { id: 4, name: 'Mei Chen', login: 'mchen' },
    });
    renderChecks('/checks/2');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tasty Gloves microchip' }),
    ).toBeVisible();
    expect(screen.getByText('Health check')).toBeInTheDocument();
    expect(screen.getByText('HC_2')).toBeInTheDocument();
    expect(screen.getByText('Expert review', { selector: '[data-status="expert"]' })).toBeVisible();
    expect(screen.getByText('Invalid')).toBeInTheDocument();
    const facts = screen.getByText('Account').closest('dl') as HTMLElement;
    expect(facts).toHaveTextContent('AccountDoyle - Jacobs');
    expect(facts).toHaveTextContent('Delivery unitDU Central Europe');
    expect(facts).toHaveTextContent('Due12/15/2026');
    expect(facts).toHaveTextContent('Main expertMei Chen (mchen)');
    expect(facts).toHaveTextContent('QC ownerOmar Haddad (ohaddad)');

    // 35 of 79 answers over all participants; Priya's 18 of 18.
    expect(screen.getByText('All participants').nextElementSibling).toHaveTextContent('44%');
    expect(screen.getByText('Yours').nextElementSibling).toHaveTextContent('100%');

    const rows = within(screen.getByRole('region', { name: 'Participants' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      'Main expertMei Chen (mchen)0/22Not yet',
      'ExpertErik Lindqvist (elindqvist)0/22Not yet',
      'Project managerPriya Nair (pnair)18/18✓Submitted',
      'QC leadOmar Haddad (ohaddad)17/17✓Submitted',
    ]);
    expect(screen.getByText('Until 12/20/2026')).toBeInTheDocument();
    expect(screen.getByText('Client holidays')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Manage this check' })).not.toBeInTheDocument();
  });

  it.each([
    // David may open every check and its project's details, not its results.
    ['a health check', 'account_owner', 2, '/survey/2/overview'],
    // Grace only owns its quality: no project details.
    ['a health check', 'viewer', 2, '/survey/2'],
    ['an audit', 'account_owner', 3, '/audit-survey/3'],
  ] as const)(
    'opens the survey of %s under way at the right place (%s)',
    async (_, persona, id, href) => {
      await useMockBackend(persona);
      if (persona === 'viewer') heldPoll(id).qc_owner_id = currentMockBackend()!.user.id;
      renderChecks(`/checks/${id}`);
      expect(await screen.findByRole('link', { name: 'Open survey' })).toHaveAttribute(
        'href',
        href,
      );
      expect(screen.queryByRole('link', { name: 'View results' })).not.toBeInTheDocument();
    },
  );

  it('closes the survey of a finished check to a user without the results page', async () => {
    await useMockBackend('account_owner');
    renderChecks('/checks/8');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Open survey' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View results' })).not.toBeInTheDocument();
  });

  it('offers the survey and the results with CAN_VIEW_POLL_RESULTS_PAGE', async () => {
    // Mei holds the results page flag.
    await useMockBackend('main_expert');
    renderChecks('/checks/10');
    expect(await screen.findByRole('link', { name: 'View results' })).toHaveAttribute(
      'href',
      '/audit-survey/10/results',
    );
    expect(screen.getByRole('link', { name: 'Open survey' })).toHaveAttribute(
      'href',
      '/audit-survey/10',
    );
  });

  it('leads a finished check with its results: View results first, the survey after', async () => {
    await useMockBackend('main_expert');
    renderChecks('/checks/8');
    await screen.findByRole('heading', { level: 1 });
    const links = screen
      .getAllByRole('link')
      .filter((link) => ['View results', 'Open survey'].includes(link.textContent ?? ''));
    expect(links.map((link) => link.textContent)).toEqual(['View results', 'Open survey']);
    expect(links[0]).toHaveAttribute('href', '/survey/8/results');
  });

  it('keeps Open survey first while the check is under way', async () => {
    await useMockBackend('main_expert');
    renderChecks('/checks/2');
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
      6,
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
      1,
    ],
    ['supervisor_review', ['Set QC owner', 'Mark invalid'], 4],
    ['finished', ['Mark invalid'], 8],
  ] as const)('with every permission, a %s check offers %j', async (_, expected, id) => {
    await useMockBackend('admin');
    renderChecks(`/checks/${id}`);
    await screen.findByRole('heading', { name: 'Manage this check' });
    expect(actionButtons()).toEqual(expected);
  });

  it('offers only the actions the poll permits', async () => {
    // Mei, the new check's main expert, may start it and assign its experts only.
    await useMockBackend('main_expert');
    signedInWith(ALL_ACTIONS); // user-level permissions do not count on a poll
    renderChecks('/checks/6');
    await screen.findByRole('heading', { name: 'Manage this check' });
    expect(actionButtons()).toEqual(['Start check', 'Assign expert', 'Change main expert']);
  });

  it('cancels only with a reason, and saves it', async () => {
    await useMockBackend('admin');
    renderChecks('/checks/2');
    await user.click(await screen.findByRole('button', { name: 'Cancel check' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this check?' });

    await user.click(within(dialog).getByRole('button', { name: 'Cancel check' }));
    const reason = within(dialog).getByLabelText('Reason');
    expect(within(dialog).getByText('Give the reason for canceling the check.')).toBeVisible();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveFocus();
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel check' }));
    expect(heldPoll(2).status).toBe('expert');

    await user.clear(reason);
    await user.type(reason, 'Project closed early');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel check' }));
    expect(await screen.findByText('The check has been canceled.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(heldPoll(2)).toMatchObject({
      status: 'canceled',
      cancel_reason: 'Project closed early',
    });
  });

  it('keeps the reason when canceling fails', async () => {
    await useMockBackend('admin');
    renderChecks('/checks/2');
    await user.click(await screen.findByRole('button', { name: 'Cancel check' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this check?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Duplicate');
    // Meanwhile the check finishes: the mock's status rule refuses to cancel it.
    heldPoll(2).status = 'finished';
    await user.click(within(dialog).getByRole('button', { name: 'Cancel check' }));

    expect(
      await screen.findByText('A check in status "finished" cannot be canceled.'),
    ).toBeInTheDocument();
    expect(dialog).toBeVisible();
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Duplicate');
    expect(within(dialog).getByRole('button', { name: 'Cancel check' })).toBeEnabled();
  });

  it('says "Starting…" while the check starts', async () => {
    await useMockBackend('admin');
    // A slow answer: the mock answers once the test lets it.
    let release = () => {};
    const answer = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(`${API}/api/polls/6/start/`, async () => {
        await answer;
        return undefined;
      }),
    );
    renderChecks('/checks/6');
    await user.click(await screen.findByRole('button', { name: 'Start check' }));
    const dialog = screen.getByRole('dialog', { name: 'Start this check?' });
    await user.click(within(dialog).getByRole('button', { name: 'Start check' }));
    // Busy, it holds back another click but keeps the focus.
    const starting = await within(dialog).findByRole('button', { name: 'Starting…' });
    expect(starting).toHaveAttribute('aria-disabled', 'true');
    expect(starting).toHaveFocus();
    release();
    expect(await screen.findByText('The check has started.')).toBeInTheDocument();
    expect(heldPoll(6).status).not.toBe('new');
  });

  it('changes the main expert through a person search, by keyboard', async () => {
    await useMockBackend('admin');
    renderChecks('/checks/2');
    await user.click(await screen.findByRole('button', { name: 'Change main expert' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the main expert' });
    const search = within(dialog).getByRole('combobox', { name: 'New main expert' });
    expect(search).toHaveAttribute('aria-expanded', 'false');

    await user.type(search, 'lindqvist');
    await waitFor(() => expect(search).toHaveAttribute('aria-expanded', 'true'));
    const erik = await within(dialog).findByRole('option', {
      name: 'Erik Lindqvist (elindqvist)',
    });
    await user.keyboard('{ArrowDown}');
    expect(search).toHaveAttribute('aria-activedescendant', erik.id);
    await user.keyboard('{Enter}');
    expect(search).toHaveValue('Erik Lindqvist (elindqvist)');
    expect(search).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(MAIN_EXPERT_CHANGED)).not.toBeInTheDocument();

    await user.keyboard('{Enter}');
    expect(await screen.findByText(MAIN_EXPERT_CHANGED)).toBeInTheDocument();
    expect(MAIN_EXPERT_CHANGED).toBe('You have successfully changed your Main Expert');
    expect(
      heldPoll(2).participants.find((participant) => participant.role === 'main_expert'),
    ).toMatchObject({ user_id: 3 });
  });

  it('extends the due date only to a later day, with a reason', async () => {
    await useMockBackend('admin');
    renderChecks('/checks/2');
    await user.click(await screen.findByRole('button', { name: 'Extend due date' }));
    const dialog = screen.getByRole('dialog', { name: 'Extend the due date' });
    const until = within(dialog).getByLabelText('New due date');
    // The calendar offers no day before the day after the current due date.
    await user.click(
      within(dialog).getByRole('button', { name: 'Choose a date from the calendar' }),
    );
    const calendar = await screen.findByRole('dialog', { name: 'Choose a date from the calendar' });
    expect(within(calendar).getByRole('button', { name: /December 15th, 2026/ })).toBeDisabled();
    expect(within(calendar).getByRole('button', { name: /December 16th, 2026/ })).toBeEnabled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(calendar).not.toBeInTheDocument());

    await user.type(until, '12/15/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Extend' }));
    expect(within(dialog).getByText('The new due date must be after 12/15/2026.')).toBeVisible();
    expect(within(dialog).getByText('Give the reason for the extension.')).toBeVisible();
    expect(heldPoll(2).extensions).toEqual([]);

    await user.clear(until);
    await user.type(until, '12/20/2026');
    await user.type(within(dialog).getByLabelText('Reason'), 'Client holidays');
    await user.click(within(dialog).getByRole('button', { name: 'Extend' }));
    expect(await screen.findByText('The due date is extended to 12/20/2026.')).toBeInTheDocument();
    expect(heldPoll(2).extensions).toEqual([
      expect.objectContaining({ until: '2026-12-20', reason: 'Client holidays' }),
    ]);
  });

  it.each([
    // Grace may not see check 2: the mock answers 404.
    ['the mock answers 404 for a check the user may not see', undefined],
    // The mock hides a check it refuses with a 404; a server may answer 403.
    ['the server answers 403', 403],
  ] as const)('shows the not-found state when %s', async (_, status) => {
    await useMockBackend('viewer');
    if (status)
      server.use(
        http.get(`${API}/api/polls/2/`, () =>
          HttpResponse.json({ detail: 'Not found.' }, { status }),
        ),
      );
    renderChecks('/checks/2');
    // The one not-found state of spec §2/§8, as on every page, with the way back to the list.
    expect(
      await screen.findByRole('heading', { name: 'Looks like something went wrong' }),
    ).toBeInTheDocument();
    // It says which check is missing, and the ways back come first: reloading cannot help.
    expect(screen.getByText(/There is no check at.*that you may open\./)).toHaveTextContent(
      '/checks/2',
    );
    const back = screen.getByRole('link', { name: 'Back to checks' });
    expect(back).toHaveAttribute('href', '/checks');
    const reload = screen.getByRole('button', { name: 'Reload page' });
    expect(back.compareDocumentPosition(reload) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it.each(['999999', 'abc'])('says check %s is not there, with the way back', async (id) => {
    await useMockBackend('admin');
    renderChecks(`/checks/${id}`);
    expect(
      await screen.findByRole('heading', { name: 'Looks like something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/There is no check at.*that you may open\./)).toHaveTextContent(
      `/checks/${id}`,
    );
    expect(screen.getByRole('link', { name: 'Back to checks' })).toBeVisible();
  });

  it('shows an error with a retry for other failures', async () => {
    await useMockBackend('admin');
    // A failed load: the mock answers the retry.
    const load = failUntilAllowed('get', '/api/polls/2/', { status: 502 });
    renderChecks('/checks/2');
    expect(await screen.findByText('The check could not be loaded')).toBeInTheDocument();
    load.allow();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tasty Gloves microchip' }),
    ).toBeVisible();
  });
});
