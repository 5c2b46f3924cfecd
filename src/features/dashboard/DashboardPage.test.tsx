import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Workbook } from 'exceljs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RISK_MESSAGES } from '../../api/contract/risks';
import { useMockBackend, type MockBackend } from '../../testing/mockBackend';
import { failUntilAllowed } from '../../testing/msw/failUntilAllowed';
import { onAPhone } from '../../testing/phone';
import { recordRequests } from '../../testing/recordRequests';
import { urlParams } from '../../testing/renderRoutes';
import { onTheSeedClock } from '../../testing/seedClock';
import { giveTableLayout, renderDashboard } from './testing';

/**
 * The mock backend answers as `account_owner` (David Kowalski, CAN_VIEW_RISK_DASHBOARD) on the
 * seed's clock (November 2026): the seed's 40 accounts in four segments, the riskiest Bauch -
 * Cummings (High, 84); Goyette - Connelly (Insurance, Financial Services) is Moderate 18, up 3.
 */
const params = (url: URL) => Object.fromEntries(url.searchParams);
const dashboardCalls = () => recordRequests('/api/dashboard/');

/** The accounts table's body rows, by account name, in the order shown. */
const shownAccounts = () =>
  within(screen.getByRole('table', { name: /^Accounts, sorted by/ }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

let backend: MockBackend;
beforeEach(() => giveTableLayout());
beforeEach(async () => {
  onTheSeedClock();
  backend = await useMockBackend('account_owner');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/dashboard', () => {
  it('shows every account with its scores, trend, counts, last check and actual riskiness, the riskiest first', async () => {
    renderDashboard('/dashboard');

    const table = await screen.findByRole('table', {
      name: 'Accounts, sorted by Riskiness, descending',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(screen.getByText('40 accounts')).toBeInTheDocument();
    expect(shownAccounts().slice(0, 3)).toEqual([
      'Bauch - Cummings',
      'Doyle - Jacobs',
      'Schmeler - Ferry',
    ]);
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

    const [bauch, doyle, , , , stanton] = within(table).getAllByRole('row').slice(1);
    expect(within(bauch!).getByRole('link', { name: 'Bauch - Cummings' })).toHaveAttribute(
      'href',
      '/dashboard/account/26',
    );
    const [line, segment, riskiness, issueness, highRisks, overdue, lastCheck, actual] = within(
      bauch!,
    ).getAllByRole('cell');
    expect(line).toHaveTextContent('Healthcare');
    expect(segment).toHaveTextContent('Public Sector');
    // The arrow is a picture; its meaning is in words for screen readers.
    expect(riskiness).toHaveTextContent('High');
    expect(riskiness).toHaveTextContent('score 84');
    expect(within(riskiness!).getByText('down 2 points since last month')).toBeInTheDocument();
    expect(within(issueness!).getByText('down 3 points since last month')).toBeInTheDocument();
    expect(highRisks).toHaveTextContent('6');
    expect(overdue).toHaveTextContent('15');
    expect(
      within(lastCheck!).getByRole('link', { name: 'Audit check AUD_238, Soft Gloves matrix' }),
    ).toHaveAttribute('href', '/checks/238');
    expect(lastCheck).toHaveTextContent('Due 12/18/2026');
    expect(actual).toHaveTextContent('Not recorded');
    expect(within(bauch!).queryByText('Disagrees')).not.toBeInTheDocument();

    // Doyle - Jacobs' delivery owner agrees with the computed High; Stanton - Wyman's does not.
    expect(within(doyle!).getAllByRole('cell')[7]).toHaveTextContent(/^High/);
    expect(within(doyle!).queryByText(/Disagrees/)).not.toBeInTheDocument();
    const stantonCells = within(stanton!).getAllByRole('cell');
    expect(stantonCells[7]).toHaveTextContent('Moderate');
    expect(stantonCells[7]).toHaveTextContent('Disagrees with the computed High');
  });

  it('says in words how each score moved since last month: up, unchanged, across a level, or no score then', async () => {
    // Every seed account has a score last month: Swift Group's October snapshot goes here.
    const snapshots = backend.runtime.db.getState().scoreSnapshots;
    snapshots.splice(
      snapshots.findIndex((snapshot) => snapshot.account_id === 3 && snapshot.month === '2026-10'),
      1,
    );
    // The moderate accounts of Industry and Energy.
    renderDashboard('/dashboard?segment=2&riskiness=moderate');
    const table = await screen.findByRole('table', { name: /^Accounts, sorted by/ });
    const cells = (account: string) =>
      within(within(table).getByRole('row', { name: new RegExp(account) })).getAllByRole('cell');

    const crooks = cells('Crooks, Wiza-Shanahan and Langosh');
    expect(
      within(crooks[2]!).getByText('down 3 points since last month, was High'),
    ).toBeInTheDocument();
    const upton = cells('Upton - Farrell');
    expect(within(upton[2]!).getByText('up 2 points since last month')).toBeInTheDocument();
    expect(within(upton[3]!).getByText('unchanged since last month')).toBeInTheDocument();
    expect(within(cells('Swift Group')[2]!).getByText('no score last month')).toBeInTheDocument();
  });

  it('sends the filters of a shared link, leaving out values it does not know', async () => {
    const seen = dashboardCalls();
    renderDashboard(
      '/dashboard?search=on&segment=1&line=2&riskiness=moderate&issueness=extreme&sort=-overdue',
    );
    await screen.findByRole('table', { name: /^Accounts, sorted by Overdue action items/ });
    expect(params(seen[0]!)).toEqual({
      search: 'on',
      segment: '1',
      line: '2',
      riskiness: 'moderate',
    });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('on');
    expect(screen.getByLabelText('Business segment')).toHaveValue('1');
    expect(screen.getByLabelText('Business line')).toHaveValue('2');
    expect(screen.getByLabelText('Riskiness')).toHaveValue('moderate');
    expect(screen.getByLabelText('Issueness')).toHaveValue('');
    expect(screen.getByRole('columnheader', { name: /Overdue/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    // Opened filtered, the answer still says how many accounts there are in all.
    expect(screen.getByText('2 of 40 accounts')).toBeInTheDocument();
    expect(shownAccounts()).toEqual(['Goyette - Connelly', 'Zieme and Sons']);
  });

  it('puts each filter in the URL and in the request, and counts the rows against all', async () => {
    const seen = dashboardCalls();
    const { router } = renderDashboard('/dashboard');
    await screen.findByText('40 accounts');

    await userEvent.selectOptions(screen.getByLabelText('Business segment'), 'Financial Services');
    await waitFor(() => expect(urlParams(router)).toEqual({ segment: '1' }));
    await waitFor(() => expect(params(seen.at(-1)!)).toEqual({ segment: '1' }));
    expect(await screen.findByText('8 of 40 accounts')).toBeInTheDocument();
    // The other segments stay choices, and the lines are those of the segment chosen.
    expect(
      within(screen.getByLabelText('Business segment'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Any segment',
      'Financial Services',
      'Industry and Energy',
      'Public Sector',
      'Retail and Media',
    ]);
    expect(
      within(screen.getByLabelText('Business line'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any line', 'Banking', 'Insurance']);

    await userEvent.selectOptions(screen.getByLabelText('Riskiness'), 'Low');
    await waitFor(() => expect(urlParams(router)).toEqual({ segment: '1', riskiness: 'low' }));
    await waitFor(() => expect(params(seen.at(-1)!)).toEqual({ segment: '1', riskiness: 'low' }));
    expect(await screen.findByText('1 of 40 accounts')).toBeInTheDocument();
    expect(shownAccounts()).toEqual(['Gutmann LLC']);

    await userEvent.selectOptions(screen.getByLabelText('Riskiness'), 'Any level');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'emar');
    await waitFor(() => expect(urlParams(router)).toEqual({ segment: '1', search: 'emar' }));
    await waitFor(() => expect(params(seen.at(-1)!)).toEqual({ segment: '1', search: 'emar' }));
    expect(seen.filter((url) => url.searchParams.has('search'))).toHaveLength(1);
    expect(await screen.findByText('1 of 40 accounts')).toBeInTheDocument();
    expect(shownAccounts()).toEqual(['Emard, Baumbach and Smith']);

    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(urlParams(router)).toEqual({}));
    expect(await screen.findByText('40 accounts')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('sorts by any column on the answer it has, ascending then descending, the order in the URL', async () => {
    const seen = dashboardCalls();
    const { router } = renderDashboard('/dashboard');
    await screen.findByText('40 accounts');
    const header = (name: RegExp) => screen.getByRole('columnheader', { name });

    await userEvent.click(within(header(/^Account/)).getByRole('button'));
    await waitFor(() => expect(urlParams(router)).toEqual({ sort: 'account' }));
    expect(shownAccounts().slice(0, 3)).toEqual([
      'Bauch - Cummings',
      'Bosco Group',
      'Buckridge and Sons',
    ]);
    expect(header(/^Account/)).toHaveAttribute('aria-sort', 'ascending');
    expect(header(/^Riskiness/)).not.toHaveAttribute('aria-sort');

    await userEvent.click(within(header(/^Overdue/)).getByRole('button'));
    expect(shownAccounts()[0]).toBe('Zulauf, Schulist and Lowe');
    await userEvent.click(within(header(/^Overdue/)).getByRole('button'));
    await waitFor(() => expect(urlParams(router)).toEqual({ sort: '-overdue' }));
    expect(shownAccounts().slice(0, 3)).toEqual([
      'Bauch - Cummings',
      'Mante - Bartoletti',
      "Willms, O'Connell and Ryan",
    ]);

    await userEvent.click(within(header(/^Actual riskiness/)).getByRole('button'));
    await userEvent.click(within(header(/^Actual riskiness/)).getByRole('button'));
    expect(shownAccounts().slice(0, 2)).toEqual(['Doyle - Jacobs', 'Stanton - Wyman']);
    // Sorting never asks the server again.
    expect(seen).toHaveLength(1);
  });

  it('is a list of cards on a phone: the account first, each value under its column name, the sort at hand', async () => {
    onAPhone();
    // The eight accounts of Financial Services, all in view.
    renderDashboard('/dashboard?segment=1');
    const table = await screen.findByRole('table', {
      name: 'Accounts, sorted by Riskiness, descending',
    });
    expect(table).toHaveAttribute('role', 'table');
    const emard = within(table).getByRole('row', { name: /Emard, Baumbach and Smith/ });
    const [title, ...values] = [...emard.children] as HTMLElement[];
    expect(title).toHaveAttribute('role', 'rowheader');
    expect(title).toHaveTextContent('Emard, Baumbach and Smith');
    expect(values.map((cell) => cell.getAttribute('role'))).toEqual(Array(8).fill('cell'));
    expect(values[0]).toHaveTextContent(/^LineInsurance$/);
    expect(values[5]).toHaveTextContent(/^Overdue action items7$/);
    expect(
      within(values[6]!).getByRole('link', { name: 'Health check HC_199, Practical Shirt card' }),
    ).toBeVisible();
    await userEvent.click(within(table).getByRole('button', { name: /^Account/ }));
    expect(shownAccounts().slice(0, 3)).toEqual([
      'Emard, Baumbach and Smith',
      'Goyette - Connelly',
      'Gutmann LLC',
    ]);
  });

  it('keeps its filters behind a Filters button on a phone, those in force as chips; a segment takes its line with it', async () => {
    onAPhone();
    const seen = dashboardCalls();
    const { router } = renderDashboard('/dashboard?segment=1&line=2&riskiness=high&search=em');
    await screen.findByRole('table', { name: /^Accounts, sorted by/ });
    // The form is not on the page: the list starts under the button and the chips.
    expect(screen.queryByLabelText('Business segment')).toBeNull();
    const chips = screen.getByRole('list', { name: 'Filters in force' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual([
      'Search: em',
      'Business segment: Financial Services',
      'Business line: Insurance',
      'Riskiness: High',
    ]);
    await userEvent.click(
      screen.getByRole('button', { name: 'Remove filter Business segment: Financial Services' }),
    );
    await waitFor(() => expect(urlParams(router)).toEqual({ riskiness: 'high', search: 'em' }));
    await waitFor(() => expect(params(seen.at(-1)!)).toEqual({ riskiness: 'high', search: 'em' }));

    await userEvent.click(screen.getByRole('button', { name: 'Filters, 2 in force' }));
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Issueness'), 'Low');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show results' }));
    await waitFor(() =>
      expect(urlParams(router)).toEqual({ riskiness: 'high', search: 'em', issueness: 'low' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(urlParams(router)).toEqual({}));
    expect(screen.queryByRole('list', { name: 'Filters in force' })).toBeNull();
  });

  it('renders only the rows in view of a thousand accounts', async () => {
    // The seed holds 40 accounts: 960 more, copies of the first one, are set up here.
    const { accounts } = backend.runtime.db.getState();
    const template = accounts[0]!;
    for (let index = 1; index <= 960; index += 1)
      accounts.push({
        ...template,
        id: 10_000 + index,
        name: `Account ${String(index).padStart(4, '0')}`,
      });
    renderDashboard('/dashboard?sort=account');
    const table = await screen.findByRole('table', { name: /^Accounts, sorted by Account/ });
    expect(screen.getByText('1,000 accounts')).toBeInTheDocument();
    expect(table).toHaveAttribute('aria-rowcount', '1001');
    const rendered = within(table).getAllByRole('rowheader');
    expect(rendered.length).toBeLessThan(40);
    expect(rendered[0]).toHaveTextContent('Account 0001');
  });

  it('charts the levels now and over twelve months, each with a sentence and a table', async () => {
    renderDashboard('/dashboard');
    await screen.findByText('40 accounts');
    expect(screen.getByRole('heading', { level: 2, name: 'Levels now' })).toBeVisible();
    expect(
      screen.getByText(
        'Of 40 accounts, riskiness is High for 12, Moderate for 22 and Low for 6; issueness is High for 10, Moderate for 22 and Low for 8.',
      ),
    ).toBeInTheDocument();
    const levels = screen.getByRole('table', { name: 'Accounts by level now' });
    expect(within(levels).getByRole('row', { name: /Issueness/ })).toHaveTextContent(
      'Issueness82210',
    );
    expect(
      screen.getByRole('heading', { level: 2, name: 'Riskiness over 12 months' }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'From Dec 2025 to Nov 2026, the accounts of each riskiness level went: High from 13 to 12, Moderate from 12 to 22, Low from 15 to 6.',
      ),
    ).toBeInTheDocument();
    const trend = screen.getByRole('table', {
      name: 'Accounts by issueness level, month by month',
    });
    expect(within(trend).getAllByRole('row')).toHaveLength(13);
    expect(screen.getAllByText('Show the figures as a table')).toHaveLength(3);
  });

  it('exports exactly the rows shown, in their order, with the keep-this-page-open message', async () => {
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
    renderDashboard('/dashboard?segment=1&riskiness=moderate&sort=-overdue');
    await screen.findByText('5 of 40 accounts');

    await userEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByText(RISK_MESSAGES.excelDownload)).toBeInTheDocument();
    await waitFor(() => expect(files).toHaveLength(1), { timeout: 10_000 });
    expect(files[0]!.name).toMatch(/^dashboard-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new Workbook();
    await workbook.xlsx.load(await files[0]!.blob.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(6);
    expect(
      Array.from({ length: 5 }, (_, index) => sheet.getRow(index + 2).getCell(1).value),
    ).toEqual(shownAccounts());
    const goyette = sheet.getRow(shownAccounts().indexOf('Goyette - Connelly') + 2);
    expect(goyette.getCell(7).value).toBe('up 3 points since last month');
    expect(goyette.getCell(14).value).toEqual(new Date(Date.UTC(2026, 11, 23)));
  }, 20_000);

  it('offers to reset filters that keep no account', async () => {
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
    expect(await screen.findByText('40 accounts')).toBeInTheDocument();
  });

  it('tells a user the server refuses which permission the dashboard needs, without filters', async () => {
    // Priya Nair, a project manager, has no CAN_VIEW_RISK_DASHBOARD: the mock's 403.
    await useMockBackend('pm');
    renderDashboard('/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'The dashboard is not part of your role' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/CAN_VIEW_RISK_DASHBOARD/)).toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });

  it('says when the dashboard could not load, and tries again', async () => {
    // A 500 the seed cannot produce; once it is over, the mock answers.
    const load = failUntilAllowed('get', '/api/dashboard/');
    renderDashboard('/dashboard');
    expect(await screen.findByText('The dashboard could not be loaded')).toBeInTheDocument();
    load.allow();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('40 accounts')).toBeInTheDocument();
  });
});
