import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { RISK_MESSAGES } from '../../api/contract/risks';
import { page } from '../../testing/msw/drf';
import { API } from '../../testing/msw/handlers';
import { recordJson } from '../../testing/msw/recordJson';
import { LUCIA } from '../../testing/msw/riskFixtures';
import { server } from '../../testing/msw/server';
import { signedInAs } from '../../testing/msw/session';
import {
  GRACE,
  OWNER_FLAGS,
  PRIYA,
  makeRisk,
  renderRiskRoute,
  serveRisk,
} from './detail/detailTesting';
import { resolutionActionsFor } from './detail/ResolutionTab';

const panel = () => screen.getByRole('tabpanel');

describe('the risk detail', () => {
  it('shows the header, the seven tabs, and keeps the chosen tab in the URL', async () => {
    serveRisk(makeRisk(), {
      history: [
        {
          id: 1,
          at: '2026-11-12T14:05:00',
          by: LUCIA,
          field: 'probability',
          old_value: 'low',
          new_value: 'moderate',
        },
      ],
    });
    const { router } = renderRiskRoute('/risks/1');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Key developer may leave before the release',
      }),
    ).toBeVisible();
    expect(screen.getByText(/Project risk · Apollo Portal/)).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Details',
      'Action items (1)',
      'Comments (1)',
      'Communication with client',
      'Resolution',
      'Transfer',
      'History',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');

    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(router.state.location.search).toBe('?tab=history');
    const rows = await within(panel()).findAllByRole('row');
    expect(rows[1]).toHaveTextContent(
      '11/12/2026 14:05Lucia Romero (lromero)ProbabilityLowModerate',
    );

    // Arrow keys move between the tabs and select them.
    screen.getByRole('tab', { name: 'History' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveFocus();
    expect(router.state.location.search).toBe('');
  });

  it('an issue has no Transfer tab and shows priority and severity', async () => {
    serveRisk(
      makeRisk({
        id: 2,
        kind: 'issue',
        probability: null,
        impact: null,
        rating: null,
        priority: 'high',
        severity: 'critical',
        user_permissions: ['CAN_VIEW_ISSUE'],
      }),
    );
    renderRiskRoute('/risks/2?tab=transfer');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('tab', { name: 'Transfer' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    const summary = screen.getAllByText('Priority')[0]!.closest('dl') as HTMLElement;
    expect(summary).toHaveTextContent('PriorityHigh');
    expect(summary).toHaveTextContent('SeverityCritical');
    expect(summary).not.toHaveTextContent('Rating');
  });

  it('shows a field read-only when its flag is missing and editable when present', async () => {
    serveRisk(makeRisk({ user_permissions: ['CAN_VIEW_RISK', 'CAN_EDIT_RISK_PROBABILITY'] }));
    renderRiskRoute('/risks/1');
    const probability = await screen.findByRole('combobox', { name: 'Probability' });
    expect(probability).toHaveValue('moderate');
    // Impact is text, not a disabled input pretending.
    expect(screen.queryByRole('combobox', { name: 'Impact' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Statement' })).not.toBeInTheDocument();
    expect(screen.getByText('Impact', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'High',
    );
    expect(
      screen.getByText('Informed people', { selector: 'dt' }).nextElementSibling,
    ).toHaveTextContent('Priya Nair (pnair)');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('shows everything read-only to a persona without edit flags, and says why', async () => {
    serveRisk(makeRisk({ user_permissions: ['CAN_VIEW_RISK'] }));
    renderRiskRoute('/risks/1');
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Read-only. Your role lets you view this risk, not change it.',
    );
    expect(within(panel()).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(panel()).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(panel()).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Escalate & share' })).not.toBeInTheDocument();
  });

  it('saves only the changed fields and keeps what was typed when the server refuses', async () => {
    serveRisk(makeRisk());
    const bodies = recordJson('patch', '/api/risks/1/', () =>
      HttpResponse.json(
        { statement: ['Statements must be unique in the project.'] },
        { status: 400 },
      ),
    );
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
      await screen.findByText('Statements must be unique in the project.', {
        selector: '[id$="-error"]',
      }),
    ).toBeVisible();
    expect(statement).toHaveValue('Lead developer may resign');
    expect(statement).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows everything read-only to the receiver of a transfer, with why', async () => {
    signedInAs({ id: GRACE.id, name: GRACE.name, login: '', permissions: [] });
    serveRisk(
      makeRisk({
        id: 7,
        transfer: {
          to: GRACE,
          side: 'client',
          comment: 'Yours to watch.',
          by: LUCIA,
          at: '2026-11-15T10:00:00Z',
        },
        user_permissions: ['CAN_VIEW_RISK'],
      }),
    );
    renderRiskRoute('/risks/7');
    await screen.findByRole('heading', { level: 1 });
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

  it.each([
    [403, 'You do not have permission to perform this action.'],
    [404, 'Not found.'],
  ])('is the not-found state on %s', async (status, detail) => {
    server.use(http.get(`${API}/api/risks/99/`, () => HttpResponse.json({ detail }, { status })));
    renderRiskRoute('/risks/99');
    expect(
      await screen.findByRole('heading', { name: 'Looks like something went wrong' }),
    ).toBeVisible();
    expect(screen.getByText(/does not exist, or you may not open it/)).toBeInTheDocument();
  });
});

describe('a tab whose list could not be loaded', () => {
  it.each([
    ['action-items', 'The action items could not be loaded'],
    ['history', 'The history could not be loaded'],
  ])('says so on ?tab=%s, and Try again asks again', async (tab, title) => {
    const risk = makeRisk();
    serveRisk(risk);
    let calls = 0;
    server.use(
      http.get(`${API}/api/risks/${risk.id}/${tab}/`, () => {
        calls += 1;
        return HttpResponse.json({ detail: 'Server error' }, { status: 500 });
      }),
    );
    renderRiskRoute(`/risks/${risk.id}?tab=${tab}`);
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
    serveRisk(makeRisk());
    const bodies = recordJson('post', '/api/risks/1/resolution/', () =>
      HttpResponse.json(makeRisk({ status: 'closed', resolution: 'invalid' })),
    );
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
    await waitFor(() =>
      expect(bodies).toEqual([{ action: 'resolve_as_invalid', comment: 'Never a real risk' }]),
    );
    expect(await screen.findByText(RISK_MESSAGES.actionProcessed('risk'))).toBeVisible();
  });

  it('offers only reopen on a closed risk, with the reopened message', async () => {
    serveRisk(
      makeRisk({
        id: 3,
        status: 'closed',
        resolution: 'resolved',
        resolution_comment: 'Delivered on time.',
        user_permissions: ['CAN_VIEW_RISK', 'CAN_REOPEN_RISK'],
      }),
    );
    recordJson('post', '/api/risks/3/resolution/', () => HttpResponse.json(makeRisk({ id: 3 })));
    renderRiskRoute('/risks/3?tab=resolution');
    // One way on: a Reopen button, not a choice of one.
    expect(await screen.findByRole('button', { name: 'Reopen…' })).toBeVisible();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByText('Delivered on time.')).toBeVisible();
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
  });
});

describe('the Actions menu', () => {
  it('offers what the flags allow and escalates to a chosen person', async () => {
    serveRisk(
      makeRisk({ user_permissions: OWNER_FLAGS.filter((flag) => flag !== 'CAN_PROPAGATE_RISK') }),
    );
    // Only the people who may act on risk 1 are offered: the client-side Grace is not.
    server.use(
      http.get(`${API}/api/users/`, ({ request }) =>
        HttpResponse.json(
          page(
            new URL(request.url).searchParams.get('can_receive_risk') === '1' ? [PRIYA] : [GRACE],
          ),
        ),
      ),
    );
    const bodies = recordJson('post', '/api/risks/1/actions/', () => HttpResponse.json(makeRisk()));
    renderRiskRoute('/risks/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Escalate & share' }));
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Delegate…',
      'Escalate…',
      'Raise awareness…',
      'Share with the account…',
    ]);
    expect(items[0]).toHaveFocus();
    await userEvent.click(items[1]!);
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Escalate' }));
    expect(within(dialog).getByText('Choose who receives the request.')).toBeVisible();
    expect(within(dialog).getByRole('combobox', { name: 'Recipient' })).toHaveAccessibleDescription(
      /Only people who may act on this risk are offered/,
    );
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Recipient' }), 'Pri');
    await userEvent.click(await within(dialog).findByRole('option', { name: /Priya Nair/ }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Comment' }),
      'Needs a decision',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Escalate' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        { action: 'escalate', recipient_id: PRIYA.id, comment: 'Needs a decision' },
      ]),
    );
    expect(await screen.findByText(RISK_MESSAGES.actionProcessed('risk'))).toBeVisible();
  });

  it('shares with the account with the spec message', async () => {
    serveRisk(makeRisk());
    recordJson('post', '/api/risks/1/actions/', () =>
      HttpResponse.json(makeRisk({ shared_with: ['account'] })),
    );
    renderRiskRoute('/risks/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Escalate & share' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Share with the account…' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Share with the account' }),
    );
    expect(await screen.findByText(RISK_MESSAGES.sharedWithAccount('risk'))).toBeVisible();
  });
});
