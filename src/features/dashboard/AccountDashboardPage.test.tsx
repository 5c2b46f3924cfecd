import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInWith } from '../../testing/msw/session';
import { urlParams } from '../../testing/renderRoutes';
import { makeAccountDetail, renderDashboard, serveAccount } from './testing';

beforeEach(() => signedInWith(['CAN_VIEW_RISK_DASHBOARD']));

const openRisks = () =>
  within(screen.getByRole('table', { name: 'Open risks, the most points first' }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('/dashboard/account/{id}', () => {
  it('shows both scores with their trend, each leading to its page, under the way back', async () => {
    const seen = serveAccount(
      makeAccountDetail({
        actual_riskiness: {
          id: 5,
          month: '2026-03',
          level: 'high',
          reason: 'The client is unhappy.',
          recorded_by: { id: 9, name: 'David Kowalski', login: 'dkowalski' },
          recorded_at: '2026-03-02T08:00:00Z',
        },
        disagrees: true,
      }),
    );
    renderDashboard('/dashboard/account/12');

    expect(await screen.findByRole('heading', { level: 1, name: 'Acme' })).toBeVisible();
    expect(seen[0]!.pathname).toBe('/api/dashboard/accounts/12/');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(
      screen.getByText('Retail · Europe · Delivery owner David Kowalski (dkowalski)'),
    ).toBeInTheDocument();

    const riskiness = screen.getByRole('region', { name: 'Riskiness' });
    expect(riskiness).toHaveTextContent('Moderate');
    expect(riskiness).toHaveTextContent('score 22');
    expect(within(riskiness).getByText('up 4 points since last month')).toBeInTheDocument();
    expect(
      within(riskiness).getByRole('link', { name: 'How the riskiness is counted' }),
    ).toHaveAttribute('href', '/dashboard/account/12/riskiness');
    expect(riskiness).toHaveTextContent('Disagrees with the computed Moderate');
    const issueness = screen.getByRole('region', { name: 'Issueness' });
    expect(
      within(issueness).getByRole('link', { name: 'How the issueness is counted' }),
    ).toHaveAttribute('href', '/dashboard/account/12/issueness');

    // Twelve months of both scores, told in a sentence and as a table.
    expect(
      screen.getByText(
        'From Apr 2025 to Mar 2026, riskiness went from 10 to 21 and issueness from 6 to 6.',
      ),
    ).toBeInTheDocument();
    expect(
      within(
        screen.getByRole('table', { name: 'Riskiness and issueness, month by month' }),
      ).getAllByRole('row'),
    ).toHaveLength(13);

    // Projects, the one adding the most points first.
    const projects = screen.getByRole('table', {
      name: 'Projects, ranked by the points they add to both scores',
    });
    const [, first, second] = within(projects).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'Apollo Portal' })).toHaveAttribute(
      'href',
      '/projects/3',
    );
    expect(second).toHaveTextContent('Borealis');

    const changes = screen.getByRole('region', { name: 'Recent changes' });
    expect(
      within(changes).getByRole('link', { name: 'Key developer leaves before the release' }),
    ).toHaveAttribute('href', '/risks/21');
    const change = within(changes).getAllByRole('row')[1]!;
    expect(
      within(change)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '03/10/2026 09:30',
      'Key developer leaves before the releaseRisk',
      'Probability: Low → Moderate',
      'Lucia Romero (lromero)',
    ]);
  });

  it('filters the open risks by a heat-map cell, and clears by the cell again or by Show all', async () => {
    serveAccount(makeAccountDetail());
    const { router } = renderDashboard('/dashboard/account/12');
    await screen.findByRole('heading', { level: 1, name: 'Acme' });
    expect(screen.getByText('4 open risks')).toBeInTheDocument();
    expect(openRisks()).toEqual([
      'The integration partner may miss the interface deadline',
      'Key developer leaves before the release',
      'Licences renewed after expiry',
      'Test data arrive late',
    ]);

    const cell = screen.getByRole('button', {
      name: 'Probability Moderate, impact High: 2 risks',
    });
    expect(
      screen.getByRole('button', { name: 'Probability High, impact High: 1 risk' }),
    ).toBeInTheDocument();
    await userEvent.click(cell);
    expect(cell).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(urlParams(router)).toEqual({ probability: 'moderate', impact: 'high' }),
    );
    expect(
      screen.getByText('2 of 4 open risks: probability Moderate, impact High'),
    ).toBeInTheDocument();
    expect(openRisks()).toEqual([
      'Key developer leaves before the release',
      'Licences renewed after expiry',
    ]);

    await userEvent.click(cell);
    await waitFor(() => expect(urlParams(router)).toEqual({}));
    expect(openRisks()).toHaveLength(4);

    // By keyboard: the cell is a button in the tab order.
    screen.getByRole('button', { name: 'Probability Low, impact Moderate: 1 risk' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(openRisks()).toEqual(['Test data arrive late']);
    await userEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(openRisks()).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Show all' })).not.toBeInTheDocument();
  });

  it('says an unknown account is not on the dashboard, with the way back', async () => {
    serveAccount(HttpResponse.json({ detail: 'Not found.' }, { status: 404 }));
    renderDashboard('/dashboard/account/999');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Account not found' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/There is no account 999 on the dashboard/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('names the permission when the server refuses the account', async () => {
    serveAccount(HttpResponse.json({ detail: 'You may not.' }, { status: 403 }));
    renderDashboard('/dashboard/account/12');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: "This account's dashboard is not part of your role",
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(/CAN_VIEW_RISK_DASHBOARD/)).toBeInTheDocument();
  });
});
