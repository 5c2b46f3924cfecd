import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMockBackend } from '../../testing/mockBackend';
import { recordRequests } from '../../testing/recordRequests';
import { urlParams } from '../../testing/renderRoutes';
import { onTheSeedClock } from '../../testing/seedClock';
import { onAPhone } from '../../testing/phone';
import { cardsOf, renderDashboard } from './testing';

/**
 * The mock backend answers as `account_owner` (David Kowalski) on the seed's clock (November
 * 2026): his account Stanton - Wyman (18), High 43 up 1, which he judged Moderate this month;
 * ten open risks over seven projects.
 */
beforeEach(async () => {
  onTheSeedClock();
  await useMockBackend('account_owner');
});
afterEach(() => {
  vi.useRealTimers();
});

const openRisks = () =>
  within(screen.getByRole('table', { name: 'Open risks, the most points first' }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

const MARGIN = 'Account margin below target for two quarters';
const KEY_DEVELOPER = 'Key developer may leave before the release';
const LICENCE = 'Open source licence of a library is not cleared (CRM integration)';
const SEARCH_PAGE = 'Performance of the search page degrades with production data (mobile app)';

describe('/dashboard/account/{id}', () => {
  it('shows both scores with their trend, each leading to its page, under the way back', async () => {
    const seen = recordRequests('/api/dashboard/accounts/:accountId/');
    renderDashboard('/dashboard/account/18');

    expect(await screen.findByRole('heading', { level: 1, name: 'Stanton - Wyman' })).toBeVisible();
    expect(seen[0]!.pathname).toBe('/api/dashboard/accounts/18/');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(
      screen.getByText('Media · Retail and Media · Delivery owner David Kowalski (dkowalski)'),
    ).toBeInTheDocument();

    const riskiness = screen.getByRole('region', { name: 'Riskiness' });
    expect(riskiness).toHaveTextContent('High');
    expect(riskiness).toHaveTextContent('score 43');
    expect(within(riskiness).getByText('up 1 point since last month')).toBeInTheDocument();
    expect(
      within(riskiness).getByRole('link', { name: 'How the riskiness is counted' }),
    ).toHaveAttribute('href', '/dashboard/account/18/riskiness');
    expect(riskiness).toHaveTextContent('Disagrees with the computed High');
    const issueness = screen.getByRole('region', { name: 'Issueness' });
    expect(
      within(issueness).getByRole('link', { name: 'How the issueness is counted' }),
    ).toHaveAttribute('href', '/dashboard/account/18/issueness');

    // Twelve months of both scores, told in a sentence and as a table.
    expect(
      screen.getByText(
        'From Dec 2025 to Nov 2026, riskiness went from 52 to 43 and issueness from 36 to 25.',
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
    expect(within(first!).getByRole('link', { name: 'Intelligent Pants panel' })).toHaveAttribute(
      'href',
      '/projects/213',
    );
    expect(second).toHaveTextContent('Handmade Ball panel');

    // An open risk's project is a link to its card, as in the projects' table.
    const keyDeveloper = within(
      screen.getByRole('table', { name: 'Open risks, the most points first' }),
    )
      .getByRole('rowheader', { name: KEY_DEVELOPER })
      .closest('tr')!;
    expect(within(keyDeveloper).getByRole('link', { name: 'Handmade Ball panel' })).toHaveAttribute(
      'href',
      '/projects/1',
    );

    const changes = screen.getByRole('region', { name: 'Recent changes' });
    const change = within(changes).getAllByRole('row')[1]!;
    expect(
      within(change).getByRole('link', {
        name: 'Performance of the search page degrades with production data (CRM integration)',
      }),
    ).toHaveAttribute('href', '/risks/599');
    // The changed record heads its row.
    expect(within(change).getByRole('rowheader')).toHaveTextContent(
      'Performance of the search page degrades with production data (CRM integration)Risk',
    );
    expect(
      within(change)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '11/19/2026 11:37',
      'Resolution: Open → Resolved as invalid',
      'Erwin Kertzmann (ekertzmann)',
    ]);
  });
  it('filters the open risks by a heat-map cell, and clears by the cell again or by Show all', async () => {
    const { router } = renderDashboard('/dashboard/account/18');
    await screen.findByRole('heading', { level: 1, name: 'Stanton - Wyman' });
    expect(screen.getByText('10 open risks')).toBeInTheDocument();
    expect(openRisks().slice(0, 4)).toEqual([MARGIN, KEY_DEVELOPER, LICENCE, SEARCH_PAGE]);

    const cell = screen.getByRole('button', {
      name: 'Probability Moderate, impact High: 3 risks',
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
      screen.getByText('3 of 10 open risks: probability Moderate, impact High'),
    ).toBeInTheDocument();
    expect(openRisks()).toEqual([KEY_DEVELOPER, LICENCE, SEARCH_PAGE]);

    await userEvent.click(cell);
    await waitFor(() => expect(urlParams(router)).toEqual({}));
    expect(openRisks()).toHaveLength(10);

    // By keyboard: the cell is a button in the tab order.
    screen.getByRole('button', { name: 'Probability Low, impact Moderate: 1 risk' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(openRisks()).toEqual(['Third-party API rate limits block the load test (billing)']);
    await userEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(openRisks()).toHaveLength(10);
    expect(screen.queryByRole('button', { name: 'Show all' })).not.toBeInTheDocument();
  });

  it('says an unknown account is not on the dashboard, with the way back', async () => {
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
    // Priya Nair, a project manager, has no CAN_VIEW_RISK_DASHBOARD: the mock's 403.
    await useMockBackend('pm');
    renderDashboard('/dashboard/account/18');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: "This account's dashboard is not part of your role",
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(/CAN_VIEW_RISK_DASHBOARD/)).toBeInTheDocument();
  });
});

describe('/dashboard/account/{id} on a phone', () => {
  it('shows every table as cards, the most-read value first, each project a link', async () => {
    onAPhone();
    renderDashboard('/dashboard/account/18');
    await screen.findByRole('heading', { level: 1, name: 'Stanton - Wyman' });
    const table = (name: string) => screen.getByRole('table', { name });

    const [december] = cardsOf(table('Riskiness and issueness, month by month'));
    expect(december).toEqual({ title: 'Dec 2025', values: ['Riskiness: 52', 'Issueness: 36'] });

    const projects = table('Projects, ranked by the points they add to both scores');
    expect(cardsOf(projects)[1]).toEqual({
      title: 'Handmade Ball panel',
      values: ['Riskiness points: 11', 'Issueness points: 6', 'Open risks: 3', 'Open issues: 1'],
    });
    expect(within(projects).getByRole('link', { name: 'Handmade Ball panel' })).toHaveAttribute(
      'href',
      '/projects/1',
    );

    // The statement first; the risk's project a link to its card, the account's own in words.
    const risks = table('Open risks, the most points first');
    expect(cardsOf(risks).slice(0, 2)).toEqual([
      {
        title: MARGIN,
        values: [
          'Probability: High',
          'Impact: High',
          'Points: 9',
          'Project: Account level',
          'Owner: David Kowalski (dkowalski)',
        ],
      },
      {
        title: KEY_DEVELOPER,
        values: [
          'Probability: Moderate',
          'Impact: High',
          'Points: 6',
          'Project: Handmade Ball panel',
          'Owner: Lucia Romero (lromero)',
        ],
      },
    ]);
    const keyDeveloper = within(risks)
      .getByRole('rowheader', { name: KEY_DEVELOPER })
      .closest('tr')!;
    expect(within(keyDeveloper).getByRole('link', { name: 'Handmade Ball panel' })).toHaveAttribute(
      'href',
      '/projects/1',
    );

    // The changed record first, then when, what and who.
    expect(
      cardsOf(table("The latest changes to the account's risks and issues, newest first"))[0],
    ).toEqual({
      title: 'Performance of the search page degrades with production data (CRM integration)Risk',
      values: [
        'When: 11/19/2026 11:37',
        'Change: Resolution: Open → Resolved as invalid',
        'By: Erwin Kertzmann (ekertzmann)',
      ],
    });
  });
});
