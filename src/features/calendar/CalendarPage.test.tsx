import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarEvent } from '../../api/contract/calendar';
import { API } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { onAPhone } from '../../testing/phone';
import { phoneFilters } from '../../testing/phoneFilters';
import { signedInWith } from '../../testing/msw/session';
import { renderRoutes, urlParams } from '../../testing/renderRoutes';
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

/** Serves the events and records each range asked for. */
function serve(events: CalendarEvent[] = EVENTS) {
  const asked: string[] = [];
  server.use(
    http.get(`${API}/api/calendar/events/`, ({ request }) => {
      const url = new URL(request.url);
      asked.push(`${url.searchParams.get('start')}..${url.searchParams.get('end')}`);
      return HttpResponse.json(events);
    }),
  );
  return asked;
}

const renderPage = (search: string) =>
  renderRoutes([{ path: '/calendar', element: <CalendarPage /> }], `/calendar${search}`);

describe('the calendar page', () => {
  beforeEach(() => signedInWith(['CAN_VIEW_SCHEDULER', 'CAN_VIEW_PLANNER_PERIODS']));
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the weeks of the month once and names the month', async () => {
    const asked = serve();
    renderPage('?date=2026-11-26');
    expect(await screen.findByText('4 items in November 2026')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'November 2026' })).toBeVisible();
    expect(asked).toEqual(['2026-10-26..2026-12-06']);
  });

  it('lists the items with links in the agenda; the own ones say so', async () => {
    serve();
    renderPage('?date=2026-11-23&view=agenda');
    const item = await screen.findByRole('link', {
      name: 'Action item due: Pair a second engineer',
    });
    expect(item).toHaveAttribute('href', '/risks/1');
    // The check shows on each day of its planned week, Monday to Friday.
    const check = screen.getAllByRole('link', { name: 'Yours: Health check HC_2 · Apollo Portal' });
    expect(check).toHaveLength(5);
    expect(check[0]).toHaveAttribute('href', '/checks/2');
    // A record the user may not open is named without a link.
    expect(screen.getByText('Corrective action due: Sign the change requests')).toBeVisible();
    expect(
      screen.queryByRole('link', { name: /Sign the change requests/ }),
    ).not.toBeInTheDocument();
  });

  it('links an item only to an in-app path: a data:, vbscript: or javascript: answer is plain text', async () => {
    serve(
      Object.entries(UNSAFE_TARGETS).map(([name, path], index) =>
        event(`risk-${index}`, { kind: 'risk', title: `Risk due: ${name}`, path }),
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
    const asked = serve();
    const { router } = renderPage('?date=2026-11-23&view=agenda');
    await screen.findByText('4 items in Nov 23 – Dec 22, 2026');
    await screen.findByRole('checkbox', { name: 'Planner periods' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Checks' }));
    expect(urlParams(router)).toMatchObject({ kinds: 'period,risk,issue,action_item' });
    expect(screen.getByText('3 items in Nov 23 – Dec 22, 2026 (of 4)')).toBeVisible();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Project' }),
      'Zeus Billing',
    );
    expect(screen.getByText('1 item in Nov 23 – Dec 22, 2026 (of 4)')).toBeVisible();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Only my items' }));
    expect(screen.getByText('Nothing in this range matches the filters.')).toBeVisible();
    await userEvent.click(screen.getAllByRole('button', { name: 'Reset filters' })[0]!);
    expect(screen.getByText('4 items in Nov 23 – Dec 22, 2026')).toBeVisible();
    expect(asked).toHaveLength(1);
  });

  it('keeps its filters behind a Filters button on a phone, each filter in force a chip that clears it', async () => {
    onAPhone();
    serve();
    const { router } = renderPage('?date=2026-11-23&kinds=check,action_item&project=2&mine=1');
    await screen.findByText('Nothing in this range matches the filters.');
    // The form waits behind the button: the agenda starts near the top of the screen.
    phoneFilters.expectFolded('Only my items', [
      'Show: Checks, Action item due dates',
      'Project: Zeus Billing',
      'Only my items',
    ]);
    await phoneFilters.remove('Only my items');
    expect(urlParams(router)).not.toHaveProperty('mine');
    expect(screen.getByText('1 item in Nov 23 – Dec 22, 2026 (of 4)')).toBeVisible();
    await phoneFilters.remove('Show: Checks, Action item due dates');
    expect(urlParams(router)).toEqual({ date: '2026-11-23', project: '2' });
    await phoneFilters.remove('Project: Zeus Billing');
    expect(screen.getByText('4 items in Nov 23 – Dec 22, 2026')).toBeVisible();
    expect(phoneFilters.chips()).toEqual([]);
  });

  it('offers no planner periods to a user without their viewing flag, nor writes them in the URL', async () => {
    signedInWith(['CAN_VIEW_SCHEDULER']);
    serve(EVENTS.filter((shown) => shown.kind !== 'period'));
    const { router, store } = renderPage('?date=2026-11-23&view=agenda');
    await screen.findByText('3 items in Nov 23 – Dec 22, 2026');
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
    expect(screen.getByText('2 items in Nov 23 – Dec 22, 2026 (of 3)')).toBeVisible();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Checks' }));
    expect(urlParams(router)).not.toHaveProperty('kinds');
  });

  it('moves by view: next month, the week tab, today', async () => {
    const asked = serve();
    const { router } = renderPage('?date=2026-11-26');
    await screen.findByText('4 items in November 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(urlParams(router)).toMatchObject({ date: '2026-12-01' });
    expect(await screen.findByRole('heading', { level: 2, name: 'December 2026' })).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Week' }));
    expect(urlParams(router)).toMatchObject({ view: 'week', date: '2026-12-01' });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Nov 30 – Dec 6, 2026' }),
    ).toBeVisible();
    await waitFor(() => expect(asked).toContain('2026-11-30..2026-12-06'));
  });

  it('offers a retry when the calendar cannot be loaded', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/api/calendar/events/`, () =>
        fail ? HttpResponse.json({ detail: 'Down.' }, { status: 503 }) : HttpResponse.json(EVENTS),
      ),
    );
    renderPage('?date=2026-11-26');
    // The error toast is an alert too: find the page's own by its words.
    const title = await screen.findByText('The calendar could not be loaded');
    const alert = title.closest<HTMLElement>('[role="alert"]')!;
    expect(alert).not.toBeNull();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('4 items in November 2026')).toBeVisible();
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
