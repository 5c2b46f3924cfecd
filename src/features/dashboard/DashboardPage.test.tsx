import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Workbook } from 'exceljs';
import { HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RISK_MESSAGES } from '../../api/contract/risks';
import { failUntilAllowed } from '../../testing/msw/failUntilAllowed';
import { signedInWith } from '../../testing/msw/session';
import { onAPhone } from '../../testing/phone';
import { urlParams } from '../../testing/renderRoutes';
import {
  DAVID,
  giveTableLayout,
  makeDashboard,
  makeRow,
  renderDashboard,
  serveDashboard,
} from './testing';

const params = (url: URL) => Object.fromEntries(url.searchParams);

const ACME = makeRow();
const BOREALIS = makeRow({
  id: 13,
  name: 'Borealis',
  business_line: { id: 4, name: 'Energy' },
  business_segment: { id: 2, name: 'Americas' },
  riskiness: { level: 'high', score: 41, previous_level: 'moderate', previous_score: 30 },
  issueness: { level: 'moderate', score: 14, previous_level: null, previous_score: null },
  open_high_risks: 5,
  overdue_action_items: 0,
  last_check: null,
  actual_riskiness: {
    id: 3,
    month: '2026-03',
    level: 'moderate',
    reason: 'Two of the high risks are mitigated already.',
    recorded_by: DAVID,
    recorded_at: '2026-03-05T10:00:00Z',
  },
  disagrees: true,
});
const CYGNUS = makeRow({
  id: 14,
  name: 'Cygnus',
  business_line: { id: 5, name: 'Public' },
  riskiness: { level: 'low', score: 3, previous_level: 'low', previous_score: 5 },
  issueness: { level: 'low', score: 0, previous_level: 'low', previous_score: 0 },
  open_high_risks: 0,
  overdue_action_items: 7,
});
const ROWS = [ACME, BOREALIS, CYGNUS];

/** The accounts table's body rows, by account name, in the order shown. */
const shownAccounts = () =>
  within(screen.getByRole('table', { name: /^Accounts, sorted by/ }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

beforeAll(() => giveTableLayout());
beforeEach(() => signedInWith(['CAN_VIEW_RISK_DASHBOARD']));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/dashboard', () => {
  it('shows every account with its scores, trend, counts, last check and actual riskiness, the riskiest first', async () => {
    serveDashboard(() => makeDashboard(ROWS));
    renderDashboard('/dashboard');

    const table = await screen.findByRole('table', {
      name: 'Accounts, sorted by Riskiness, descending',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(screen.getByText('3 accounts')).toBeInTheDocument();
    expect(shownAccounts()).toEqual(['Borealis', 'Acme', 'Cygnus']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent?.replace(/[▲▼↕]/, '')),
    ).toEqual([
      'Account',
      'Line',
      'Segment',
      'Riskiness',
      'Issueness',
      'Open high risks',
      'Overdue action items',
      'Last check',
      'Actual riskiness',
    ]);

    const acme = within(table).getByRole('row', { name: /Acme/ });
    expect(within(acme).getByRole('link', { name: 'Acme' })).toHaveAttribute(
      'href',
      '/dashboard/account/12',
    );
    const [line, segment, riskiness, issueness, highRisks, overdue, lastCheck, actual] =
      within(acme).getAllByRole('cell');
    expect(line).toHaveTextContent('Retail');
    expect(segment).toHaveTextContent('Europe');
    // The arrow is a picture; its meaning is in words for screen readers.
    expect(riskiness).toHaveTextContent('Moderate');
    expect(riskiness).toHaveTextContent('score 22');
    expect(within(riskiness!).getByText('up 4 points since last month')).toBeInTheDocument();
    expect(within(issueness!).getByText('unchanged since last month')).toBeInTheDocument();
    expect(highRisks).toHaveTextContent('2');
    expect(overdue).toHaveTextContent('1');
    expect(
      within(lastCheck!).getByRole('link', { name: 'Health check HC_7, Apollo Portal' }),
    ).toHaveAttribute('href', '/checks/7');
    expect(lastCheck).toHaveTextContent('Due 11/30/2026');
    expect(actual).toHaveTextContent('Not recorded');
    expect(within(acme).queryByText('Disagrees')).not.toBeInTheDocument();

    const borealis = within(table).getByRole('row', { name: /Borealis/ });
    const cells = within(borealis).getAllByRole('cell');
    expect(
      within(cells[2]!).getByText('up 11 points since last month, was Moderate'),
    ).toBeInTheDocument();
    expect(within(cells[3]!).getByText('no score last month')).toBeInTheDocument();
    expect(cells[6]).toHaveTextContent('None');
    expect(cells[7]).toHaveTextContent('Moderate');
    expect(cells[7]).toHaveTextContent('Disagrees with the computed High');
  });

  it('sends the filters of a shared link, leaving out values it does not know', async () => {
    const seen = serveDashboard(() => makeDashboard([ACME], ROWS));
    renderDashboard(
      '/dashboard?search=ac&segment=1&line=3&riskiness=moderate&issueness=extreme&sort=-overdue',
    );
    await screen.findByRole('table', { name: /^Accounts, sorted by Overdue action items/ });
    expect(params(seen[0]!)).toEqual({
      search: 'ac',
      segment: '1',
      line: '3',
      riskiness: 'moderate',
    });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('ac');
    expect(screen.getByLabelText('Business segment')).toHaveValue('1');
    expect(screen.getByLabelText('Business line')).toHaveValue('3');
    expect(screen.getByLabelText('Riskiness')).toHaveValue('moderate');
    expect(screen.getByLabelText('Issueness')).toHaveValue('');
    expect(screen.getByRole('columnheader', { name: /Overdue/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    // Opened filtered, the answer still says how many accounts there are in all.
    expect(screen.getByText('1 of 3 accounts')).toBeInTheDocument();
  });

  it('puts each filter in the URL and in the request, and counts the rows against all', async () => {
    const seen = serveDashboard((url) => {
      const segment = url.searchParams.get('segment');
      const level = url.searchParams.get('riskiness');
      const search = url.searchParams.get('search')?.toLowerCase() ?? '';
      return makeDashboard(
        ROWS.filter(
          (row) =>
            (!segment || String(row.business_segment.id) === segment) &&
            (!level || row.riskiness.level === level) &&
            row.name.toLowerCase().includes(search),
        ),
        ROWS,
      );
    });
    const { router } = renderDashboard('/dashboard');
    await screen.findByText('3 accounts');

    await userEvent.selectOptions(screen.getByLabelText('Business segment'), 'Europe');
    await waitFor(() => expect(urlParams(router)).toEqual({ segment: '1' }));
    await waitFor(() => expect(params(seen.at(-1)!)).toEqual({ segment: '1' }));
    expect(await screen.findByText('2 of 3 accounts')).toBeInTheDocument();
    // The other segment stays a choice, and the lines are those of the segment chosen.
    expect(
      within(screen.getByLabelText('Business segment'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any segment', 'Americas', 'Europe']);
    expect(
      within(screen.getByLabelText('Business line'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any line', 'Public', 'Retail']);

    await userEvent.selectOptions(screen.getByLabelText('Riskiness'), 'Low');
    await waitFor(() => expect(urlParams(router)).toEqual({ segment: '1', riskiness: 'low' }));
    await waitFor(() => expect(params(seen.at(-1)!)).toEqual({ segment: '1', riskiness: 'low' }));
    expect(await screen.findByText('1 of 3 accounts')).toBeInTheDocument();
    expect(shownAccounts()).toEqual(['Cygnus']);

    await userEvent.selectOptions(screen.getByLabelText('Riskiness'), 'Any level');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'acm');
    await waitFor(() => expect(urlParams(router)).toEqual({ segment: '1', search: 'acm' }));
    await waitFor(() => expect(params(seen.at(-1)!)).toEqual({ segment: '1', search: 'acm' }));
    expect(seen.filter((url) => url.searchParams.has('search'))).toHaveLength(1);
    expect(await screen.findByText('1 of 3 accounts')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(urlParams(router)).toEqual({}));
    expect(await screen.findByText('3 accounts')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('sorts by any column on the answer it has, ascending then descending, the order in the URL', async () => {
    const seen = serveDashboard(() => makeDashboard(ROWS));
    const { router } = renderDashboard('/dashboard');
    await screen.findByText('3 accounts');
    const header = (name: RegExp) => screen.getByRole('columnheader', { name });

    await userEvent.click(within(header(/^Account/)).getByRole('button'));
    await waitFor(() => expect(urlParams(router)).toEqual({ sort: 'account' }));
    expect(shownAccounts()).toEqual(['Acme', 'Borealis', 'Cygnus']);
    expect(header(/^Account/)).toHaveAttribute('aria-sort', 'ascending');
    expect(header(/^Riskiness/)).not.toHaveAttribute('aria-sort');

    await userEvent.click(within(header(/^Overdue/)).getByRole('button'));
    expect(shownAccounts()).toEqual(['Borealis', 'Acme', 'Cygnus']);
    await userEvent.click(within(header(/^Overdue/)).getByRole('button'));
    await waitFor(() => expect(urlParams(router)).toEqual({ sort: '-overdue' }));
    expect(shownAccounts()).toEqual(['Cygnus', 'Acme', 'Borealis']);

    await userEvent.click(within(header(/^Actual riskiness/)).getByRole('button'));
    expect(shownAccounts()).toEqual(['Acme', 'Cygnus', 'Borealis']);
    // Sorting never asks the server again.
    expect(seen).toHaveLength(1);
  });

  it('is a list of cards on a phone: the account first, each value under its column name, the sort at hand', async () => {
    onAPhone();
    serveDashboard(() => makeDashboard(ROWS));
    renderDashboard('/dashboard');
    const table = await screen.findByRole('table', {
      name: 'Accounts, sorted by Riskiness, descending',
    });
    expect(table).toHaveAttribute('role', 'table');
    const acme = within(table).getByRole('row', { name: /Acme/ });
    const [title, ...values] = [...acme.children] as HTMLElement[];
    expect(title).toHaveAttribute('role', 'rowheader');
    expect(title).toHaveTextContent('Acme');
    expect(values.map((cell) => cell.getAttribute('role'))).toEqual(Array(8).fill('cell'));
    expect(values[0]).toHaveTextContent(/^LineRetail$/);
    expect(values[5]).toHaveTextContent(/^Overdue action items1$/);
    expect(
      within(values[6]!).getByRole('link', { name: 'Health check HC_7, Apollo Portal' }),
    ).toBeVisible();
    await userEvent.click(within(table).getByRole('button', { name: /^Account/ }));
    expect(shownAccounts()).toEqual(['Acme', 'Borealis', 'Cygnus']);
  });

  it('keeps its filters behind a Filters button on a phone, those in force as chips; a segment takes its line with it', async () => {
    onAPhone();
    const seen = serveDashboard(() => makeDashboard(ROWS));
    const { router } = renderDashboard('/dashboard?segment=1&line=5&riskiness=high&search=acm');
    await screen.findByRole('table', { name: /^Accounts, sorted by/ });
    // The form is not on the page: the list starts under the button and the chips.
    expect(screen.queryByLabelText('Business segment')).toBeNull();
    const chips = screen.getByRole('list', { name: 'Filters in force' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual([
      'Search: acm',
      'Business segment: Europe',
      'Business line: Public',
      'Riskiness: High',
    ]);
    await userEvent.click(
      screen.getByRole('button', { name: 'Remove filter Business segment: Europe' }),
    );
    await waitFor(() => expect(urlParams(router)).toEqual({ riskiness: 'high', search: 'acm' }));
    await waitFor(() => expect(params(seen.at(-1)!)).toEqual({ riskiness: 'high', search: 'acm' }));

    await userEvent.click(screen.getByRole('button', { name: 'Filters, 2 in force' }));
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Issueness'), 'Low');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show results' }));
    await waitFor(() =>
      expect(urlParams(router)).toEqual({ riskiness: 'high', search: 'acm', issueness: 'low' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(urlParams(router)).toEqual({}));
    expect(screen.queryByRole('list', { name: 'Filters in force' })).toBeNull();
  });

  it('renders only the rows in view of a thousand accounts', async () => {
    const many = Array.from({ length: 1000 }, (_, index) =>
      makeRow({ id: index + 1, name: `Account ${String(index + 1).padStart(4, '0')}` }),
    );
    serveDashboard(() => makeDashboard(many));
    renderDashboard('/dashboard?sort=account');
    const table = await screen.findByRole('table', { name: /^Accounts, sorted by Account/ });
    expect(screen.getByText('1,000 accounts')).toBeInTheDocument();
    expect(table).toHaveAttribute('aria-rowcount', '1001');
    const rendered = within(table).getAllByRole('rowheader');
    expect(rendered.length).toBeLessThan(40);
    expect(rendered[0]).toHaveTextContent('Account 0001');
  });

  it('charts the levels now and over twelve months, each with a sentence and a table', async () => {
    serveDashboard(() => makeDashboard(ROWS));
    renderDashboard('/dashboard');
    await screen.findByText('3 accounts');
    expect(screen.getByRole('heading', { level: 2, name: 'Levels now' })).toBeVisible();
    expect(
      screen.getByText(
        'Of 3 accounts, riskiness is High for 1, Moderate for 1 and Low for 1; issueness is High for 0, Moderate for 1 and Low for 2.',
      ),
    ).toBeInTheDocument();
    const levels = screen.getByRole('table', { name: 'Accounts by level now' });
    expect(within(levels).getByRole('row', { name: /Issueness/ })).toHaveTextContent(
      'Issueness210',
    );
    expect(
      screen.getByRole('heading', { level: 2, name: 'Riskiness over 12 months' }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'From Apr 2025 to Mar 2026, the accounts of each riskiness level went: High from 0 to 1, Moderate from 0 to 1, Low from 1 to 1.',
      ),
    ).toBeInTheDocument();
    const trend = screen.getByRole('table', {
      name: 'Accounts by issueness level, month by month',
    });
    expect(within(trend).getAllByRole('row')).toHaveLength(13);
    expect(screen.getAllByText('Show the figures as a table')).toHaveLength(3);
  });

  it('exports exactly the rows shown, in their order, with the keep-this-page-open message', async () => {
    serveDashboard(() => makeDashboard([ACME, CYGNUS], ROWS));
    const files: { name: string; blob: Blob }[] = [];
    let pending: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      pending = blob;
      return 'blob:dashboard';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (pending) files.push({ name: this.download, blob: pending });
    });
    renderDashboard('/dashboard?riskiness=low&sort=-overdue');
    await screen.findByText('2 of 3 accounts');

    await userEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByText(RISK_MESSAGES.excelDownload)).toBeInTheDocument();
    await waitFor(() => expect(files).toHaveLength(1), { timeout: 10_000 });
    expect(files[0]!.name).toMatch(/^dashboard-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new Workbook();
    await workbook.xlsx.load(await files[0]!.blob.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(1).value).toBe('Cygnus');
    expect(sheet.getRow(3).getCell(1).value).toBe('Acme');
    expect(sheet.getRow(3).getCell(7).value).toBe('up 4 points since last month');
    expect(sheet.getRow(3).getCell(14).value).toEqual(new Date(Date.UTC(2026, 10, 30)));
  }, 20_000);

  it('offers to reset filters that keep no account', async () => {
    serveDashboard((url) => makeDashboard(url.searchParams.has('search') ? [] : ROWS));
    const { router } = renderDashboard('/dashboard?search=zzz');
    expect(
      await screen.findByRole('heading', { name: 'No account matches these filters' }),
    ).toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole('heading', { name: /No account/ }).parentElement!).getByRole(
        'button',
        { name: 'Reset filters' },
      ),
    );
    await waitFor(() => expect(urlParams(router)).toEqual({}));
    expect(await screen.findByText('3 accounts')).toBeInTheDocument();
  });

  it('tells a user the server refuses which permission the dashboard needs, without filters', async () => {
    serveDashboard(() =>
      HttpResponse.json({ detail: 'You do not have permission.' }, { status: 403 }),
    );
    renderDashboard('/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'The dashboard is not part of your role' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/CAN_VIEW_RISK_DASHBOARD/)).toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });

  it('says when the dashboard could not load, and tries again', async () => {
    serveDashboard(() => makeDashboard(ROWS));
    const load = failUntilAllowed('get', '/api/dashboard/');
    renderDashboard('/dashboard');
    expect(await screen.findByText('The dashboard could not be loaded')).toBeInTheDocument();
    load.allow();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('3 accounts')).toBeInTheDocument();
  });
});
