import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentMockBackend, useMockBackend } from '../../testing/mockBackend';
import { API } from '../../testing/msw/handlers';
import { recordJson } from '../../testing/msw/recordJson';
import { server } from '../../testing/msw/server';
import { renderRoutes } from '../../testing/renderRoutes';
import NotificationsPage from './NotificationsPage';

/**
 * The mock backend answers as `pm` (src/testing/mockBackend.ts): Priya Nair has two pending
 * requests in the seed, among them request 6, Erik Lindqvist's escalation of risk 146 (owned by
 * Camylle Cronin, due 12/05/2026) on Incredible Sausages program.
 */
const TITLE = 'Vendor delivers the payment component late (checkout)';

beforeEach(async () => {
  await useMockBackend('pm');
});

const viewButton = () => screen.findByRole('button', { name: 'View risk', description: TITLE });

const renderPage = () =>
  renderRoutes([{ path: '/notifications', element: <NotificationsPage /> }], '/notifications');

describe('a request opens its risk beside the list', () => {
  it('previews the risk read-only, and the decision is made from the panel', async () => {
    const decisions = recordJson('post', '/api/risk-action-requests/6/decision/');
    renderPage();
    const view = await viewButton();
    await userEvent.click(view);
    const panel = await screen.findByRole('dialog', { name: 'Escalation request' });
    expect(await within(panel).findByRole('heading', { name: TITLE })).toBeVisible();
    expect(panel).toHaveTextContent('Project risk · Incredible Sausages program');
    expect(panel).toHaveTextContent('OwnerCamylle Cronin (ccronin)');
    expect(panel).toHaveTextContent('Due12/05/2026');
    expect(panel).toHaveTextContent(
      'Please take this over; it affects every project of the account.',
    );
    expect(within(panel).getByRole('link', { name: 'Open the risk' })).toHaveAttribute(
      'href',
      '/risks/146',
    );
    expect(within(panel).queryByRole('textbox')).not.toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Accept' }));
    const confirm = await screen.findByRole('dialog', { name: /^Accept this escalation\?/ });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(decisions).toEqual([{ decision: 'accepted' }]));
    await waitFor(() =>
      expect(
        currentMockBackend()!
          .state()
          .actionRequests.find((request) => request.id === 6),
      ).toMatchObject({ status: 'accepted' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Escalation request' })).not.toBeInTheDocument(),
    );
    // Decided, it leaves the pending requests; the other one stays.
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: TITLE })).not.toBeInTheDocument(),
    );
    expect(
      screen.getByRole('heading', { name: /Unclear ownership of the data migration/ }),
    ).toBeVisible();
  });

  it('says plainly when the risk may not be opened', async () => {
    server.use(
      http.get(`${API}/api/risks/146/`, () =>
        HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
      ),
    );
    renderPage();
    await userEvent.click(await viewButton());
    const panel = await screen.findByRole('dialog', { name: 'Escalation request' });
    expect(
      await within(panel).findByRole('heading', { name: 'You cannot open this risk' }),
    ).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await viewButton()).toHaveFocus();
  });
});
