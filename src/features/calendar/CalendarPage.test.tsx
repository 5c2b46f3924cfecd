import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarEvent } from '../../api/contract/calendar';
import { useMockBackend } from '../../testing/mockBackend';
import { failUntilAllowed } from '../../testing/msw/failUntilAllowed';
import { API } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { onAPhone } from '../../testing/phone';
import { phoneFilters } from '../../testing/phoneFilters';
import { renderRoutes, urlParams } from '../../testing/renderRoutes';
import { onTheSeedClock } from '../../testing/seedClock';
import { UNSAFE_TARGETS, unsafeHrefs } from '../../testing/unsafeLinks';
import { authApi } from '../auth/api';
import CalendarPage from './CalendarPage';
import { filterEvents, rangeLabel, step, visibleRange } from './range';

const APOLLO = { id: 1, name: 'Apollo Portal' };
const ZEUS = { id: 2, name: 'Zeus Billing' };
const ACME = { id: 7, name: 'Acme' };
const LUCIA = { id: 8, name: 'Lucia Romero', login: 'lromero' };

const event = (id: string, fields: Partial<CalendarEvent>): CalendarEvent => ({
  id,
  kind: 'check',
  title: id,
  start: '2026-11-23',
  end: '2026-11-23',
  status: 'open',
  project: APOLLO,
  account: ACME,
  owner: null,
  mine: false,
  path: null,
  ...fields,
});
const EVENTS: CalendarEvent[] = [
  event('check-2', {
    title: 'Health check HC_2 · Apollo Portal',
    end: '2026-11-27',
    status: 'Expert review',
    path: '/checks/2',
    mine: true,
  }),
  event('period-2-end', {
    kind: 'period',
    title: '2026 Q4 ends',
    start: '2026-12-31',
    end: '2026-12-31',
    project: null,
    account: null,
    path: '/planning/periods',
  }),
  event('action-item-1', {
    kind: 'action_item',
    title: 'Action item due: Pair a second engineer',
    start: '2026-12-01',
    end: '2026-12-01',
    project: ZEUS,
    owner: LUCIA,
    path: '/risks/1',
  }),
  event('finding-31', {
    kind: 'action_item',
    title: 'Corrective action due: Sign the change requests',
    start: '2026-11-28',
    end: '2026-11-28',
    mine: true,
  }),
];

/** The ranges the page asks the mock backend for (a listener, no handler). */
function watchRanges() {
  const asked: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/calendar/events/')
      asked.push(`${url.searchParams.get('start')}..${url.searchParams.get('end')}`);
  });
  return asked;
}

const renderPage = (search: string) =>
  renderRoutes([{ path: '/calendar', element: <CalendarPage /> }], `/calendar${search}`);

/**
 * The mock backend answers as `admin` (Alex Morgan, who sees the planner and its periods) on the
 * seed's clock (Friday, November 20, 2026; src/testing/seedClock.ts), unless a test signs in
 * again. The seed's calendar for admin: 211 items in the weeks of November 2026, 150 in the 30
 * days from November 23, 31 in the week of November 30 (6 checks; Handmade Ball panel's issue
 * and action item, neither his own). The tests that filter take that week, not the 150 items.
 */
describe('the calendar page', () => {
  // The first test of a worker builds the seed (3 s, far more on a loaded machine).
  beforeEach(async () => {
    onTheSeedClock();
    await useMockBackend('admin');
  }, 30_000);
  afterEach(() => {
    server.events.removeAllListeners();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks for the weeks of the month once and names the month', async () => {
    const asked = watchRanges();
    renderPage('?date=2026-11-26');
    expect(await screen.findByText('211 items in November 2026')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'November 2026' })).toBeVisible();
    expect(asked).toEqual(['2026-10-26..2026-12-06']);
  });

  it('lists the items with links in the agenda; the own ones say so', async () => {
    renderPage('?date=2026-11-23&view=agenda');
    const item = await screen.findByRole('link', {
      name: 'Yours: Action item due: Review the estimate with the architect',
    });
    expect(item).toHaveAttribute('href', '/risks/143');
    // A check shows on each day of its planned week, Monday to Friday.
    const check = screen.getAllByRole('link', {
      name: 'Health check HC_204 · Handmade Pizza application',
    });
    expect(check).toHaveLength(5);
    expect(check[0]).toHaveAttribute('href', '/checks/204');
  });

  it('names a record the user may not open without a link', async () => {
    // Erik Lindqvist's own planned check: he may not open the planner.
    await useMockBackend('expert');
    renderPage('?date=2026-12-07&view=agenda');
    const planned = await screen.findAllByText(/Planned health check: Fresh Sausages transmitter/);
    expect(planned).toHaveLength(5);
    expect(
      screen.queryByRole('link', { name: /Fresh Sausages transmitter/ }),
    ).not.toBeInTheDocument();
  });

  it('links an item only to an in-app path: a data:, vbscript: or javascript: answer is plain text', async () => {
    // The mock answers in-app paths only: a broken or hostile server is this test's own answer.
    server.use(
      http.get(`${API}/api/calendar/events/`, () =>
        HttpResponse.json(
          Object.entries(UNSAFE_TARGETS).map(([name, path], index) =>
            event(`risk-${index}`, { kind: 'risk', title: `Risk due: ${name}`, path }),
          ),
        ),
      ),
    );
    renderPage('?date=2026-11-23&view=agenda');
    for (const name of Object.keys(UNSAFE_TARGETS)) {
      expect(await screen.findByText(`Risk due: ${name}`)).toBeVisible();
      expect(screen.queryByRole('link', { name: `Risk due: ${name}` })).not.toBeInTheDocument();
    }
    expect(unsafeHrefs()).toEqual([]);
  });

  it('filters by kind, account, project and own items at once, in the URL, without asking again', async () => {
    const asked = watchRanges();
    const { router } = renderPage('?date=2026-11-30&view=week');
    await screen.findByText('31 items in Nov 30 – Dec 6, 2026');
    await screen.findByRole('checkbox', { name: 'Planner periods' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Checks' }));
    expect(urlParams(router)).toMatchObject({ kinds: 'period,risk,issue,action_item' });
    // The week's six checks go.
    expect(screen.getByText('25 items in Nov 30 – Dec 6, 2026 (of 31)')).toBeVisible();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Project' }),
      'Handmade Ball panel',
    );
    // Its issue and an action item, neither of them admin's.
    expect(screen.getByText('2 items in Nov 30 – Dec 6, 2026 (of 31)')).toBeVisible();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Only my items' }));
    expect(screen.getByText('Nothing in this range matches the filters.')).toBeVisible();
    await userEvent.click(screen.getAllByRole('button', { name: 'Reset filters' })[0]!);
    expect(screen.getByText('31 items in Nov 30 – Dec 6, 2026')).toBeVisible();
    expect(asked).toHaveLength(1);
  });

  it('keeps its filters behind a Filters button on a phone, each filter in force a chip that clears it', async () => {
    onAPhone();
    const { router } = renderPage(
      '?date=2026-11-30&view=week&kinds=check,action_item&project=1&mine=1',
    );
    await screen.findByText('Nothing in this range matches the filters.');
    // The form waits behind the button: the agenda starts near the top of the screen.
    phoneFilters.expectFolded('Only my items', [
      'Show: Checks, Action item due dates',
      'Project: Handmade Ball panel',
      'Only my items',
    ]);
    await phoneFilters.remove('Only my items');
    expect(urlParams(router)).not.toHaveProperty('mine');
    // Handmade Ball panel's action item of the week.
    expect(screen.getByText('1 item in Nov 30 – Dec 6, 2026 (of 31)')).toBeVisible();
    await phoneFilters.remove('Show: Checks, Action item due dates');
    expect(urlParams(router)).toEqual({ date: '2026-11-30', view: 'week', project: '1' });
    await phoneFilters.remove('Project: Handmade Ball panel');
    expect(screen.getByText('31 items in Nov 30 – Dec 6, 2026')).toBeVisible();
    expect(phoneFilters.chips()).toEqual([]);
  });

  it('offers no planner periods to a user without their viewing flag, nor writes them in the URL', async () => {
    // Priya Nair sees the calendar but not the planner's periods: 103 items, 3 of them checks.
    await useMockBackend('pm');
    const { router, store } = renderPage('?date=2026-11-23&view=agenda');
    await screen.findByText('103 items in Nov 23 – Dec 22, 2026');
    // The user (as the app shell has loaded them) is known before the boxes are read.
    await act(() => store.dispatch(authApi.endpoints.getCurrentUser.initiate()).unwrap());
    const kinds = within(screen.getByRole('group', { name: 'Show' })).getAllByRole('checkbox');
    expect(kinds.map((kind) => (kind as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'Checks',
      'Risk due dates',
      'Issue due dates',
      'Action item due dates',
    ]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Checks' }));
    expect(urlParams(router)).toMatchObject({ kinds: 'risk,issue,action_item' });
    expect(screen.getByText('100 items in Nov 23 – Dec 22, 2026 (of 103)')).toBeVisible();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Checks' }));
    expect(urlParams(router)).not.toHaveProperty('kinds');
  });

  it('moves by view: next month, the week tab, today', async () => {
    const asked = watchRanges();
    const { router } = renderPage('?date=2026-11-26');
    await screen.findByText('211 items in November 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(urlParams(router)).toMatchObject({ date: '2026-12-01' });
    expect(await screen.findByRole('heading', { level: 2, name: 'December 2026' })).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Week' }));
    expect(urlParams(router)).toMatchObject({ view: 'week', date: '2026-12-01' });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Nov 30 – Dec 6, 2026' }),
    ).toBeVisible();
    await waitFor(() => expect(asked).toContain('2026-11-30..2026-12-06'));
    // The week's items, admin's own action item of Tuesday among them.
    expect(await screen.findByText('31 items in Nov 30 – Dec 6, 2026')).toBeVisible();
    expect(
      screen.getByRole('link', {
        name: 'Yours: Action item due: Ask the vendor for a recovery plan',
      }),
    ).toHaveAttribute('href', '/risks/209');
  });

  it('offers a retry when the calendar cannot be loaded', async () => {
    // A 503 the seed cannot give: the calls fail until the test lets them reach the mock backend.
    const load = failUntilAllowed('get', '/api/calendar/events/', {
      status: 503,
      body: { detail: 'Down.' },
    });
    renderPage('?date=2026-11-30&view=week');
    // The error toast is an alert too: find the page's own by its words.
    const title = await screen.findByText('The calendar could not be loaded');
    const alert = title.closest<HTMLElement>('[role="alert"]')!;
    expect(alert).not.toBeNull();
    load.allow();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('31 items in Nov 30 – Dec 6, 2026')).toBeVisible();
  });
});

describe('calendar ranges and filters', () => {
  it('shows whole weeks of a month from Monday, a week, and 30 days of agenda', () => {
    const day = new Date(2026, 10, 26);
    expect(visibleRange('month', day)).toEqual({ start: '2026-10-26', end: '2026-12-06' });
    expect(visibleRange('week', day)).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(visibleRange('agenda', day)).toEqual({ start: '2026-11-26', end: '2026-12-25' });
    expect(rangeLabel('week', new Date(2026, 11, 30))).toBe('Dec 28, 2026 – Jan 3, 2027');
    expect(step('month', new Date(2026, 0, 31), 1)).toEqual(new Date(2026, 1, 1));
  });

  it('has a day view, where "+N more" of the month leads: one day, a day a step', () => {
    const day = new Date(2026, 10, 26);
    expect(visibleRange('day', day)).toEqual({ start: '2026-11-26', end: '2026-11-26' });
    expect(rangeLabel('day', day)).toBe('Thursday, November 26, 2026');
    expect(step('day', day, -1)).toEqual(new Date(2026, 10, 25));
  });

  it('keeps the events of the chosen kinds, place and owner', () => {
    const all = new Set(['check', 'period', 'risk', 'issue', 'action_item'] as const);
    expect(filterEvents(EVENTS, { kinds: all, mine: true }).map((e) => e.id)).toEqual([
      'check-2',
      'finding-31',
    ]);
    expect(filterEvents(EVENTS, { kinds: all, mine: false, account: 7 })).toHaveLength(3);
    expect(filterEvents(EVENTS, { kinds: new Set(['period']), mine: false })).toHaveLength(1);
  });
});
