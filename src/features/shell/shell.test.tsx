import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../api/contract/auth';
import { TEST_USER } from '../../testing/msw/fixtures';
import { currentMockBackend, useMockBackend } from '../../testing/mockBackend';
import { renderRoute } from '../../testing/renderRoutes';
import { BANNER_HIDDEN_KEY, Banner, isBannerHiddenOn } from './Banner';
import { RouteGuard } from '../../shared/ui/RouteGuard';
import { Sidebar } from './Sidebar';
import { isSnowSeason } from './Snow';
import { UserMenu } from './UserMenu';
import { hasAccess } from '../../shared/lib/access';
import { formatCounter } from './areas';

const ADMIN: CurrentUser = {
  ...TEST_USER,
  permissions: [
    'CAN_VIEW_PROJECT_CARD',
    'CAN_VIEW_RISK_DASHBOARD',
    'CAN_VIEW_CHECKLISTS',
    'CAN_VIEW_SCHEDULER',
    'CAN_VIEW_CHECK_PLANNER',
    'CAN_VIEW_REPORTS',
    'CAN_VIEW_CHECKS',
  ],
  available_checklists_counter: 124,
};
const VIEWER: CurrentUser = { ...TEST_USER, permissions: [], available_checklists_counter: 0 };

// The seed is built once per worker (seconds on two busy cores): before the first test's clock.
beforeAll(() => useMockBackend(), 60_000);

/**
 * The usage-statistics events the mock backend stored (src/testing/mockBackend.ts): the SPA's
 * `POST /api/stats/` goes to the mock, which checks each event as the backend's serializer does.
 */
const storedStats = () =>
  currentMockBackend()!
    .state()
    .stats.map((event) => event.data);

describe('access rule (spec §6)', () => {
  it('needs one allowed permission and none excluded; no allowed list denies', () => {
    expect(hasAccess(['A'], ['A', 'B'])).toBe(true);
    expect(hasAccess(['C'], ['A', 'B'])).toBe(false);
    expect(hasAccess(['A', 'X'], ['A'], ['X'])).toBe(false);
    expect(hasAccess(['A'], [])).toBe(false);
    expect(hasAccess(['A'], undefined)).toBe(false);
  });
});

describe('RouteGuard', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a loading screen while permissions load', () => {
    renderRoute(
      <RouteGuard permissions={undefined} allowed={['CAN_VIEW_REPORTS']}>
        <p>Reports</p>
      </RouteGuard>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Checking your access');
    expect(screen.queryByText('Reports')).not.toBeInTheDocument();
  });

  it('shows the page to a user holding an allowed permission', () => {
    renderRoute(
      <RouteGuard permissions={['CAN_VIEW_REPORTS']} allowed={['CAN_VIEW_REPORTS']}>
        <p>Reports</p>
      </RouteGuard>,
    );
    expect(screen.getByText('Reports')).toBeInTheDocument();
  });

  it('denies with the fallback and a console message naming the missing permission', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderRoute(
      <RouteGuard permissions={['CAN_VIEW_RISK']} allowed={['CAN_VIEW_REPORTS']}>
        <p>Reports</p>
      </RouteGuard>,
      { path: '/reports' },
    );
    expect(screen.getByRole('heading', { name: 'You may not open this page' })).toBeInTheDocument();
    expect(screen.queryByText('Reports')).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/reports'));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('CAN_VIEW_REPORTS'));
  });

  it('denies a user holding an excluded permission, redirecting where configured', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderRoute(
      <RouteGuard
        permissions={['CAN_VIEW_REPORTS', 'IS_CLIENT']}
        allowed={['CAN_VIEW_REPORTS']}
        except={['IS_CLIENT']}
        redirectTo="/elsewhere"
      >
        <p>Reports</p>
      </RouteGuard>,
    );
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  });
});

describe('Sidebar (spec §2)', () => {
  it('shows every permitted item and the checklist counter as 99+ above 99', () => {
    renderRoute(<Sidebar user={ADMIN} />, { path: '/reports' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels.slice(0, 8)).toEqual([
      'Project Portfolio Structure',
      'Dashboard',
      'Risks And Issues',
      'Checks',
      'Project Checklists99+',
      'Calendar',
      'Planner',
      'Reports',
    ]);
    expect(
      screen.getByLabelText('124 checklists to fill (available or in progress)'),
    ).toHaveTextContent('99+');
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the counter as is up to 99', () => {
    expect(formatCounter(99)).toBe('99');
    expect(formatCounter(100)).toBe('99+');
  });

  it('hides items without their permission', () => {
    renderRoute(<Sidebar user={VIEWER} />);
    const areas = within(screen.getByRole('navigation', { name: 'Main' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(areas.slice(0, 1)).toEqual(['Risks And Issues']);
    expect(screen.queryByRole('link', { name: /Dashboard/ })).not.toBeInTheDocument();
  });

  it('shows Checks only to a user who may list checks, whose list call would otherwise be refused', () => {
    renderRoute(<Sidebar user={VIEWER} />);
    expect(screen.queryByRole('link', { name: 'Checks' })).not.toBeInTheDocument();
    cleanup();
    renderRoute(<Sidebar user={{ ...VIEWER, permissions: ['CAN_VIEW_CHECKS'] }} />);
    expect(screen.getByRole('link', { name: 'Checks' })).toHaveAttribute('href', '/checks');
  });

  it.each([
    ['/survey/12/drivers/delivery', 'Checks'],
    ['/audit-survey/12/outcomes', 'Checks'],
    ['/create-risk/project', 'Risks And Issues'],
    ['/create-issue/account', 'Risks And Issues'],
  ])('marks the item active on %s', (path, label) => {
    renderRoute(<Sidebar user={ADMIN} />, { path });
    expect(screen.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
  });

  it('opens support chat, document space and help in a new tab and records the visit', async () => {
    await useMockBackend('admin');
    renderRoute(<Sidebar user={VIEWER} />);
    const help = screen.getByRole('link', { name: /^Help\s?\(opens in a new tab\)$/ });
    expect(help).toHaveAttribute('href', '/online-help/index.htm');
    for (const name of ['Support chat', 'Document space', 'Help']) {
      const link = screen.getByRole('link', {
        name: new RegExp(`^${name}\\s?\\(opens in a new tab\\)$`),
      });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    help.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(help);
    await waitFor(() => expect(storedStats()).toEqual([{ action: 'help_visit' }]));
  });
});

describe('Banner (spec §2)', () => {
  beforeEach(async () => {
    await useMockBackend('admin');
  });
  /** The admin's banner in the mock backend's state, as `GET …/banner/` answers it. */
  const bannerHtml = (html_text: string) => {
    currentMockBackend()!.runtime.db.getState().banner.html_text = html_text;
  };

  it('renders the admin HTML sanitized, keeping its link', async () => {
    bannerHtml(
      '<p>Plan <a href="https://example.com/plan" target="_blank">now</a><img src=x onerror="alert(1)"><script>alert(2)</script></p>',
    );
    const { container } = renderRoute(<Banner hiddenByUser={false} />);
    const link = await screen.findByRole('link', { name: 'now' });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
  });

  it('closes, remembers it in local storage and reports the seconds it was shown', async () => {
    bannerHtml('<p>Maintenance on Saturday</p>');
    vi.useFakeTimers({ toFake: ['Date'] });
    renderRoute(<Banner hiddenByUser={false} />);
    await screen.findByText('Maintenance on Saturday');
    vi.setSystemTime(Date.now() + 7_000);
    await userEvent.click(screen.getByRole('button', { name: 'Close the announcement' }));
    expect(screen.queryByText('Maintenance on Saturday')).not.toBeInTheDocument();
    expect(localStorage.getItem(BANNER_HIDDEN_KEY)).toBe('<p>Maintenance on Saturday</p>');
    await waitFor(() =>
      expect(storedStats()).toEqual([{ action: 'banner_close', current_value: 7 }]),
    );
    vi.useRealTimers();
  });

  it('stays closed for the same text and shows again for a new one', async () => {
    localStorage.setItem(BANNER_HIDDEN_KEY, '<p>Old news</p>');
    bannerHtml('<p>Old news</p>');
    const first = renderRoute(<Banner hiddenByUser={false} />);
    await waitFor(() => expect(first.store.getState().api.queries).not.toEqual({}));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText('Old news')).not.toBeInTheDocument();
    first.unmount();
    bannerHtml('<p>Fresh news</p>');
    renderRoute(<Banner hiddenByUser={false} />);
    expect(await screen.findByText('Fresh news')).toBeInTheDocument();
  });

  it('records a click on a link of the banner', async () => {
    bannerHtml('<p><a href="https://example.com/plan">Plan</a></p>');
    renderRoute(<Banner hiddenByUser={false} />);
    const link = await screen.findByRole('link', { name: 'Plan' });
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    await waitFor(() =>
      expect(storedStats()).toEqual([
        { action: 'banner_link_click', action_detail: 'https://example.com/plan' },
      ]),
    );
  });

  it.each([
    ['/audit-survey/4/overview', true],
    ['/create-risk/project', true],
    ['/create-issue/account', true],
    ['/planning/periods', true],
    ['/survey/4/overview', false],
    ['/planning', false],
    ['/risks', false],
  ])('is hidden on %s: %s', (path, hidden) => {
    expect(isBannerHiddenOn(path)).toBe(hidden);
  });
});

describe('UserMenu', () => {
  it('opens by keyboard, focuses Sign out, and Escape closes back to the button', async () => {
    const onSignOut = vi.fn();
    renderRoute(<UserMenu name="Alex Morgan" onSignOut={onSignOut} signingOut={false} />);
    const button = screen.getByRole('button', { name: /Alex Morgan/ });
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    const item = screen.getByRole('menuitem', { name: 'Sign out' });
    expect(item).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Enter}');
    expect(onSignOut).toHaveBeenCalledOnce();
  });
});

describe('snow (spec §9)', () => {
  it('falls in December, January and February only', () => {
    const months = Array.from({ length: 12 }, (_, month) =>
      isSnowSeason(new Date(2026, month, 15)),
    );
    expect(months).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
  });
});
