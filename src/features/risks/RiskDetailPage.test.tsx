import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { RISK_MESSAGES } from '../../api/contract/risks';
import { currentMockBackend, useMockBackend } from '../../testing/mockBackend';
import { API } from '../../testing/msw/handlers';
import { recordJson } from '../../testing/msw/recordJson';
import { server } from '../../testing/msw/server';
import { PRIYA, makeRisk, renderRiskRoute } from './detail/detailTesting';
import { resolutionActionsFor } from './detail/ResolutionTab';

/**
 * The mock backend answers (src/testing/mockBackend.ts) from the seed's canonical risks: risk 1
 * is the open project risk of Handmade Ball panel owned by Lucia Romero (`risk_owner`, every
 * edit flag), with two action items, two comments and Priya Nair informed; risk 2 an open issue
 * (High priority, Moderate severity); risk 3 a closed (resolved) risk; risk 7 transferred to
 * Grace Thompson (`viewer`, client side), the one risk she may open.
 */
// The seed is built once per worker (seconds on two busy cores): before the first test's clock.
beforeAll(() => useMockBackend(), 60_000);

const panel = () => screen.getByRole('tabpanel');
const riskInState = (id: number) =>
  currentMockBackend()!
    .state()
    .risks.find((r) => r.id === id)!;

describe('the risk detail', () => {
  it('shows the header, the seven tabs, and keeps the chosen tab in the URL', async () => {
    await useMockBackend('risk_owner');
    const { router } = renderRiskRoute('/risks/1');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Key developer may leave before the release',
      }),
    ).toBeVisible();
    expect(screen.getByText(/Project risk · Handmade Ball panel/)).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Details',
      'Action items (2)',
      'Comments (2)',
      'Communication with client',
      'Resolution',
      'Transfer',
      'History',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');

    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(router.state.location.search).toBe('?tab=history');
    const rows = await within(panel()).findAllByRole('row');
    // Seven changes, newest first; Lucia's change of the probability among them.
    expect(rows).toHaveLength(8);
    expect(rows.find((row) => /Probability/.test(row.textContent ?? ''))).toHaveTextContent(
      /^11\/17\/2026 \d\d:51Lucia Romero \(lromero\)ProbabilityLowModerate$/,
    );

    // Arrow keys move between the tabs and select them.
    screen.getByRole('tab', { name: 'History' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveFocus();
    expect(router.state.location.search).toBe('');
  });

  it('an issue has no Transfer tab and shows priority and severity', async () => {
    await useMockBackend('risk_owner');
    renderRiskRoute('/risks/2?tab=transfer');
    await screen.findByRole('heading', { level: 1, name: 'Test environment is down twice a week' });
    expect(screen.queryByRole('tab', { name: 'Transfer' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    const summary = screen.getAllByText('Priority')[0]!.closest('dl') as HTMLElement;
    expect(summary).toHaveTextContent('PriorityHigh');
    expect(summary).toHaveTextContent('SeverityModerate');
    expect(summary).not.toHaveTextContent('Rating');
  });

  it('shows a field read-only when its flag is missing and editable when present', async () => {
    // pm may edit a risk's statement, due date and action plan, not its probability or impact.
    await useMockBackend('pm');
    renderRiskRoute('/risks/1');
    const statement = await screen.findByRole('textbox', { name: 'Statement' });
    expect(statement).toHaveValue('Key developer may leave before the release');
    // Probability and impact are text, not disabled inputs pretending.
    expect(screen.queryByRole('combobox', { name: 'Probability' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Impact' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Probability', { selector: 'dt' }).nextElementSibling,
    ).toHaveTextContent('Moderate');
    expect(screen.getByText('Impact', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'High',
    );
    expect(
      screen.getByText('Informed people', { selector: 'dt' }).nextElementSibling,
    ).toHaveTextContent('Priya Nair (pnair)');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('shows everything read-only to a persona without edit flags, and says why', async () => {
    // The QC lead may view risks, not change them.
    await useMockBackend('qcl');
    renderRiskRoute('/risks/1');
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Read-only. Your role lets you view this risk, not change it.',
    );
    expect(within(panel()).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(panel()).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(panel()).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Escalate & share' })).not.toBeInTheDocument();
  });

  it('saves only the changed fields, and the risk takes them with its new rating', async () => {
    const backend = await useMockBackend('risk_owner');
    const bodies = recordJson('patch', '/api/risks/1/');
    renderRiskRoute('/risks/1');
    const statement = await screen.findByRole('textbox', { name: 'Statement' });
    await userEvent.clear(statement);
    await userEvent.type(statement, 'Lead developer may resign');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Impact' }), 'moderate');
    expect(screen.getByRole('status', { name: 'Rating' })).toHaveTextContent('Moderate');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(bodies).toEqual([{ statement: 'Lead developer may resign', impact: 'moderate' }]),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lead developer may resign' }),
    ).toBeVisible();
    expect(backend.state().risks.find((risk) => risk.id === 1)).toMatchObject({
      statement: 'Lead developer may resign',
      probability: 'moderate',
      impact: 'moderate',
      rating: 'moderate',
      labels: ['staffing', 'release'],
    });
  });

  it('keeps what was typed and marks the field when the server refuses it', async () => {
    await useMockBackend('risk_owner');
    // An override: the form checks every rule the mock has for a statement (blank, 200
    // characters) before sending, so no seed case gets a field error back; this stands for a
    // rule only the backend knows.
    recordJson('patch', '/api/risks/1/', () =>
      HttpResponse.json(
        { statement: ['Statements must be unique in the project.'] },
        { status: 400 },
      ),
    );
    renderRiskRoute('/risks/1');
    const statement = await screen.findByRole('textbox', { name: 'Statement' });
    await userEvent.clear(statement);
    await userEvent.type(statement, 'Lead developer may resign');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Statements must be unique in the project.', {
        selector: '[id$="-error"]',
      }),
    ).toBeVisible();
    expect(statement).toHaveValue('Lead developer may resign');
    expect(statement).toHaveAttribute('aria-invalid', 'true');
    expect(riskInState(1).statement).toBe('Key developer may leave before the release');
  });

  it('shows everything read-only to the receiver of a transfer, with why', async () => {
    await useMockBackend('viewer');
    renderRiskRoute('/risks/7');
    await screen.findByRole('heading', {
      level: 1,
      name: 'Client data export format may change before go-live',
    });
    // One note, saying who sent it and when; not a second one saying the same of 'the receiver'.
    await waitFor(() =>
      expect(screen.getByRole('note')).toHaveTextContent(
        /transferred to you by Lucia Romero \(lromero\) on 11\/15\/2026/,
      ),
    );
    expect(screen.queryByText(/The receiver can only view/)).not.toBeInTheDocument();
    // The header's facts are not repeated in the read-only details.
    expect(screen.getAllByText('Rating', { selector: 'dt' })).toHaveLength(1);
    expect(screen.getAllByText('Owner', { selector: 'dt' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Escalate & share' })).not.toBeInTheDocument();
    expect(within(panel()).queryByRole('textbox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: /Comments/ }));
    expect(
      await screen.findByText(/You can read the comments of this risk, not add one/),
    ).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Comment' })).not.toBeInTheDocument();
  });

  it('is the not-found page on a risk the user may not see (the mock answers 404)', async () => {
    // Grace sees only the risk transferred to her: risk 1 is absent for her.
    await useMockBackend('viewer');
    renderRiskRoute('/risks/1');
    await expectRiskNotFound('/risks/1');
  });

  it.each(['/risks/999999', '/risks/abc'])(
    'is the not-found page on %s, with the way back to the register',
    async (path) => {
      await useMockBackend('admin');
      renderRiskRoute(path);
      await expectRiskNotFound(path);
      expect(screen.queryByRole('button', { name: 'Reload page' })).not.toBeInTheDocument();
    },
  );

  it('keeps the failure and its retry on a 500', async () => {
    await useMockBackend('admin');
    // An override: a server error the seed cannot produce.
    server.use(
      http.get(`${API}/api/risks/1/`, () =>
        HttpResponse.json({ detail: 'Server error' }, { status: 500 }),
      ),
    );
    renderRiskRoute('/risks/1');
    expect(await screen.findByText('The risk could not be loaded')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
  });

  it('is the not-found page on a 403 too', async () => {
    await useMockBackend('risk_owner');
    // An override: the mock hides an unseen risk as a 404 and never answers 403 here; a
    // backend that refuses instead must read the same.
    server.use(
      http.get(`${API}/api/risks/1/`, () =>
        HttpResponse.json(
          { detail: 'You do not have permission to perform this action.' },
          { status: 403 },
        ),
      ),
    );
    renderRiskRoute('/risks/1');
    await expectRiskNotFound('/risks/1');
  });
});

/** The 'Page not found' page: the address that is no risk, and the way back to the register. */
async function expectRiskNotFound(path: string) {
  expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect(screen.getByText(/There is no risk or issue at/)).toHaveTextContent(path);
  expect(screen.getByRole('link', { name: 'Back to risks and issues' })).toHaveAttribute(
    'href',
    '/risks',
  );
  expect(
    screen.queryByRole('heading', { name: 'Looks like something went wrong' }),
  ).not.toBeInTheDocument();
}

describe('a tab whose list could not be loaded', () => {
  it.each([
    ['action-items', 'The action items could not be loaded'],
    ['history', 'The history could not be loaded'],
  ])('says so on ?tab=%s, and Try again asks again', async (tab, title) => {
    await useMockBackend('risk_owner');
    let calls = 0;
    // An override: a 500 the seed cannot produce.
    server.use(
      http.get(`${API}/api/risks/1/${tab}/`, () => {
        calls += 1;
        return HttpResponse.json({ detail: 'Server error' }, { status: 500 });
      }),
    );
    renderRiskRoute(`/risks/1?tab=${tab}`);
    const alert = await within(await screen.findByRole('tabpanel')).findByRole('alert');
    expect(within(alert).getByRole('heading', { name: title })).toBeVisible();
    expect(alert).toHaveTextContent('Check your connection, then try again.');
    const before = calls;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls).toBeGreaterThan(before));
  });
});

describe('resolution', () => {
  it('offers the actions the status allows', () => {
    expect(resolutionActionsFor(makeRisk())).toEqual([
      'resolve',
      'resolve_as_duplicate',
      'resolve_as_invalid',
      'resolve_as_not_actual',
      'resolve_as_ignore',
      'convert_to_issue',
    ]);
    const issue = makeRisk({ kind: 'issue', user_permissions: ['CAN_EDIT_ISSUE_RESOLUTION'] });
    expect(resolutionActionsFor(issue)).toHaveLength(5);
    expect(resolutionActionsFor(issue)).not.toContain('convert_to_issue');
    expect(resolutionActionsFor(makeRisk({ status: 'closed', resolution: 'resolved' }))).toEqual([
      'reopen',
    ]);
    expect(
      resolutionActionsFor(makeRisk({ status: 'closed', user_permissions: ['CAN_VIEW_RISK'] })),
    ).toEqual([]);
    expect(resolutionActionsFor(makeRisk({ user_permissions: ['CAN_VIEW_RISK'] }))).toEqual([]);
  });

  it('resolves with a comment after confirming, with the spec message', async () => {
    await useMockBackend('risk_owner');
    renderRiskRoute('/risks/1?tab=resolution');
    const group = await screen.findByRole('group', { name: 'Action' });
    expect(within(group).getAllByRole('radio')).toHaveLength(6);
    await userEvent.click(screen.getByRole('button', { name: 'Continue…' }));
    expect(screen.getByText('Choose what to do.')).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: /Resolve as invalid/ }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Comment' }), 'Never a real risk');
    await userEvent.click(screen.getByRole('button', { name: 'Resolve as invalid…' }));
    const dialog = screen.getByRole('dialog', { name: 'Resolve this risk as invalid?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve as invalid' }));
    expect(await screen.findByText(RISK_MESSAGES.actionProcessed('risk'))).toBeVisible();
    expect(riskInState(1)).toMatchObject({
      status: 'closed',
      resolution: 'invalid',
      resolution_comment: 'Never a real risk',
    });
  });

  it('offers only reopen on a closed risk, with the reopened message', async () => {
    await useMockBackend('risk_owner');
    renderRiskRoute('/risks/3?tab=resolution');
    // One way on: a Reopen button, not a choice of one.
    expect(await screen.findByRole('button', { name: 'Reopen…' })).toBeVisible();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByText('Delivered on time after the escalation.')).toBeVisible();
    expect(screen.getAllByRole('note')[0]).toHaveTextContent(
      /closed \(resolved\), so it is read-only/,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Comment' }), 'It came back');
    await userEvent.click(screen.getByRole('button', { name: 'Reopen…' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Reopen this risk?' })).getByRole('button', {
        name: 'Reopen',
      }),
    );
    expect(await screen.findByText(RISK_MESSAGES.reopened('risk'))).toBeVisible();
    expect(riskInState(3)).toMatchObject({
      status: 'open',
      resolution: null,
      resolution_comment: 'It came back',
    });
  });
});

describe('the Actions menu', () => {
  it('offers what the flags allow and escalates to a chosen person', async () => {
    const backend = await useMockBackend('risk_owner');
    renderRiskRoute('/risks/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Escalate & share' }));
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Propagate…',
      'Delegate…',
      'Escalate…',
      'Raise awareness…',
      'Share with the account…',
    ]);
    expect(items[0]).toHaveFocus();
    await userEvent.click(items[2]!);
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Escalate' }));
    expect(within(dialog).getByText('Choose who receives the request.')).toBeVisible();
    const recipient = within(dialog).getByRole('combobox', { name: 'Recipient' });
    expect(recipient).toHaveAccessibleDescription(
      /Only people who may act on this risk are offered/,
    );
    // The client-side Grace Thompson may not act on risk 1: she is not offered.
    await userEvent.type(recipient, 'Grace');
    await waitFor(() =>
      expect(within(dialog).queryByRole('option', { name: /Grace Thompson/ })).toBeNull(),
    );
    await userEvent.clear(recipient);
    await userEvent.type(recipient, 'Pri');
    await userEvent.click(await within(dialog).findByRole('option', { name: /Priya Nair/ }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Comment' }),
      'Needs a decision',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Escalate' }));
    expect(await screen.findByText(RISK_MESSAGES.actionProcessed('risk'))).toBeVisible();
    expect(backend.state().actionRequests.at(-1)).toMatchObject({
      kind: 'escalation',
      status: 'pending',
      subject: { id: 1, type: 'risk' },
      recipient: PRIYA,
      requested_by: { id: 8, name: 'Lucia Romero' },
      comment: 'Needs a decision',
    });
  });

  it('shares with the account with the spec message', async () => {
    await useMockBackend('risk_owner');
    renderRiskRoute('/risks/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Escalate & share' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Share with the account…' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Share with the account' }),
    );
    expect(await screen.findByText(RISK_MESSAGES.sharedWithAccount('risk'))).toBeVisible();
    expect(riskInState(1).shared_with).toEqual(['account']);
  });
});
