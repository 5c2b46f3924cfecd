import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ActionRequest } from '../../api/contract/actionRequests';
import type { Risk } from '../../api/contract/risks';
import { page } from '../../testing/msw/drf';
import { TEST_USER } from '../../testing/msw/fixtures';
import { API } from '../../testing/msw/handlers';
import { LUCIA, TEST_RISK_ROW } from '../../testing/msw/riskFixtures';
import { server } from '../../testing/msw/server';
import { renderRoutes } from '../../testing/renderRoutes';
import NotificationsPage from './NotificationsPage';

const REQUEST: ActionRequest = {
  id: 21,
  kind: 'escalation',
  status: 'pending',
  subject: {
    id: 2,
    type: 'risk',
    title: 'Vendor may deliver late',
    level: 'project',
    scope_name: 'Apollo Portal',
  },
  target_level: 'account',
  requested_by: LUCIA,
  recipient: { id: TEST_USER.id, name: TEST_USER.name, login: 'me' },
  comment: 'Needs the account to decide.',
  created_at: '2026-11-20T10:00:00Z',
  decided_at: null,
};

const RISK: Risk = {
  ...TEST_RISK_ROW,
  id: 2,
  statement: 'Vendor may deliver late',
  description: 'The vendor lost two engineers.',
  response_decision: null,
  client_communication: '',
  resolution_comment: '',
  informed: [],
  created_by: LUCIA,
  awareness_raised: false,
  shared_with: [],
  transfer: null,
  action_items_count: 2,
  comments_count: 0,
  user_permissions: ['CAN_VIEW_RISK'],
};

function serve(riskAnswer: () => Response = () => HttpResponse.json(RISK)) {
  const decisions: unknown[] = [];
  let decided = false;
  server.use(
    http.get(`${API}/api/auth/self/`, () =>
      HttpResponse.json({ ...TEST_USER, risk_action_requests_counter: decided ? 0 : 1 }),
    ),
    http.get(`${API}/api/risk-action-requests/`, () =>
      HttpResponse.json(page(decided ? [] : [REQUEST])),
    ),
    http.get(`${API}/api/risks/2/`, riskAnswer),
    http.post(`${API}/api/risk-action-requests/21/decision/`, async ({ request }) => {
      decisions.push(await request.json());
      decided = true;
      return HttpResponse.json({ ...REQUEST, status: 'accepted' });
    }),
  );
  return decisions;
}

const renderPage = () =>
  renderRoutes([{ path: '/notifications', element: <NotificationsPage /> }], '/notifications');

describe('a request opens its risk beside the list', () => {
  it('previews the risk read-only, and the decision is made from the panel', async () => {
    const decisions = serve();
    renderPage();
    const view = await screen.findByRole('button', { name: 'View risk' });
    await userEvent.click(view);
    const panel = await screen.findByRole('dialog', { name: 'Escalation request' });
    expect(
      await within(panel).findByRole('heading', { name: 'Vendor may deliver late' }),
    ).toBeVisible();
    expect(panel).toHaveTextContent('Project risk · Apollo Portal');
    expect(panel).toHaveTextContent('OwnerLucia Romero (lromero)');
    expect(panel).toHaveTextContent('Due12/15/2026');
    expect(panel).toHaveTextContent('2 action items');
    expect(panel).toHaveTextContent('Needs the account to decide.');
    expect(within(panel).getByRole('link', { name: 'Open the risk' })).toHaveAttribute(
      'href',
      '/risks/2',
    );
    expect(within(panel).queryByRole('textbox')).not.toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Accept' }));
    const confirm = await screen.findByRole('dialog', { name: /^Accept this escalation\?/ });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(decisions).toEqual([{ decision: 'accepted' }]));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Escalation request' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('You are all caught up')).toBeVisible();
  });

  it('says plainly when the risk may not be opened', async () => {
    serve(() => HttpResponse.json({ detail: 'Not found.' }, { status: 404 }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'View risk' }));
    const panel = await screen.findByRole('dialog', { name: 'Escalation request' });
    expect(
      await within(panel).findByRole('heading', { name: 'You cannot open this risk' }),
    ).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'View risk' })).toHaveFocus();
  });
});
