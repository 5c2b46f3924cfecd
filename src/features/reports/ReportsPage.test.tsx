import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Workbook } from 'exceljs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPORT_DOWNLOAD_LIMIT, REPORT_MESSAGES } from '../../api/contract/reports';
import { POWER_BI_REPORT_URL } from '../../shared/config/links';
import { useMockBackend, type MockBackend } from '../../testing/mockBackend';
import { failUntilAllowed } from '../../testing/msw/failUntilAllowed';
import { server } from '../../testing/msw/server';
import { signedInWith } from '../../testing/msw/session';
import { renderRoutes, urlParams } from '../../testing/renderRoutes';
import { onAPhone } from '../../testing/phone';
import { phoneFilters } from '../../testing/phoneFilters';
import { onTheSeedClock } from '../../testing/seedClock';
import ReportsPage from './ReportsPage';
import { PREVIEW_PAGE_SIZE } from './ReportView';

/**
 * The mock backend answers as `admin` (Alex Morgan) on the seed's clock (Friday, November 20,
 * 2026; src/testing/seedClock.ts), so the days overdue do not move with the day the tests run.
 * On that day the seed has 258 overdue action items, 159 of them on project-level risks and
 * issues (the oldest "Add the risk to the weekly status report", due December 5, 2025, 350 days
 * over; the latest "Book a workshop with the client", due November 18, 2 days over) and two on
 * Bosco Group's account-level ones; the register holds 610 risks and issues, over the
 * download limit; 87 checks are due in 2026 Q4.
 */
const OLDEST = 'Add the risk to the weekly status report';

/** The URLs of the calls for a report, as the mock backend receives them (a listener, no handler). */
function watchReport(kind: string) {
  const seen: URL[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === `/api/reports/${kind}/`) seen.push(url);
  });
  return seen;
}

/** Catches what the browser would download: the file and its name. */
function catchDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let pending: Blob | undefined;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    pending = blob;
    return 'blob:report';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (pending) files.push({ name: this.download, blob: pending });
  });
  return files;
}

const renderReports = (path: string) =>
  renderRoutes([{ path: '/reports', element: <ReportsPage /> }], path);
const params = (url: URL) => Object.fromEntries(url.searchParams);

let backend: MockBackend;

// The first test of a worker builds the seed (3 s, far more on a loaded machine).
beforeEach(async () => {
  onTheSeedClock();
  backend = await useMockBackend('admin');
}, 30_000);
afterEach(() => {
  server.events.removeAllListeners();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/reports: the catalogue', () => {
  it('lists every report and the power-BI link, which opens in a new tab', async () => {
    renderReports('/reports');
    const catalogue = screen.getByRole('navigation', { name: 'Report catalogue' });
    expect(
      within(catalogue)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      expect.stringContaining('Check results'),
      expect.stringContaining('Planned against completed checks'),
      expect.stringContaining('Risk and issue register'),
      expect.stringContaining('Overdue action items'),
      expect.stringContaining('Audit findings'),
      expect.stringContaining('Projects excluded from KPI'),
    ]);
    expect(screen.getByRole('heading', { name: 'Choose a report' })).toBeVisible();
    const powerBi = screen.getByRole('link', {
      name: /^Power BI report\s?\(opens in a new tab\)$/,
    });
    expect(powerBi).toHaveAttribute('href', POWER_BI_REPORT_URL);
    expect(powerBi).toHaveAttribute('target', '_blank');
    expect(powerBi).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('choosing a report and its filters lands in the URL and in the request', async () => {
    const seen = watchReport('overdue-actions');
    const { router } = renderReports('/reports');
    await userEvent.click(screen.getByRole('link', { name: /Overdue action items/ }));

    const table = await screen.findByRole('table', { name: 'Overdue action items preview' });
    expect(urlParams(router)).toEqual({ report: 'overdue-actions' });
    expect(params(seen.at(-1)!)).toEqual({ page_size: String(PREVIEW_PAGE_SIZE) });
    const [, first] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent(OLDEST);
    expect(first).toHaveTextContent('12/05/2025');
    expect(first).toHaveTextContent('350');
    expect(first).toHaveTextContent('Project level');
    expect(screen.getByText('258 rows · preview page 1 of 11')).toBeVisible();
    expect(within(table).getAllByRole('row')).toHaveLength(PREVIEW_PAGE_SIZE + 1);
    expect(screen.getByRole('link', { name: /Overdue action items/ })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await userEvent.selectOptions(screen.getByLabelText('Level'), 'account');
    await userEvent.type(screen.getByLabelText('Account'), 'bosco');
    await userEvent.click(screen.getByRole('button', { name: 'Due' }));
    await waitFor(() =>
      expect(urlParams(router)).toEqual({
        report: 'overdue-actions',
        level: 'account',
        account: 'bosco',
        ordering: 'due_date',
      }),
    );
    await waitFor(() =>
      expect(params(seen.at(-1)!)).toEqual({
        level: 'account',
        account: 'bosco',
        ordering: 'due_date',
        page_size: String(PREVIEW_PAGE_SIZE),
      }),
    );
    // Bosco Group's two account-level action items, the earlier due first.
    expect(await screen.findByText('2 rows')).toBeVisible();
    const [, earlier, later] = within(
      screen.getByRole('table', { name: /^Overdue action items preview/ }),
    ).getAllByRole('row');
    expect(earlier).toHaveTextContent('Raise it at the next steering committee');
    expect(earlier).toHaveTextContent('Account level');
    expect(earlier).toHaveTextContent('Bosco Group');
    expect(later).toHaveTextContent('Agree the mitigation with the team');
  });

  it('keeps its filters behind a Filters button on a phone, each filter in force a chip that clears it', async () => {
    onAPhone();
    const seen = watchReport('overdue-actions');
    const { router } = renderReports('/reports?report=overdue-actions&level=account&account=bosco');
    // Bosco Group's two account-level action items.
    expect(await screen.findByText('2 rows')).toBeVisible();
    // The form waits behind the button: the preview starts under the chips.
    expect(screen.queryByRole('search', { name: 'Filter Overdue action items' })).toBeNull();
    expect(screen.queryByLabelText('Account')).toBeNull();
    phoneFilters.expectFolded('Level', ['Level: Account level', 'Account: bosco']);

    await phoneFilters.remove('Account: bosco');
    expect(urlParams(router)).toEqual({ report: 'overdue-actions', level: 'account' });
    await waitFor(() =>
      expect(params(seen.at(-1)!)).toEqual({ level: 'account', page_size: '25' }),
    );
    expect(phoneFilters.chips()).toEqual(['Level: Account level']);

    // The whole form opens in a dialog, the filter in force chosen there.
    const dialog = await phoneFilters.open(1);
    expect(
      within(dialog).getByRole('search', { name: 'Filter Overdue action items' }),
    ).toBeVisible();
    expect(within(dialog).getByLabelText('Level')).toHaveValue('account');
    expect(within(dialog).getByLabelText('Account')).toHaveValue('');
  });

  it('reads a report and its filters from the URL, leaving out values that are not a choice', async () => {
    const seen = watchReport('check-results');
    renderReports(
      '/reports?report=check-results&period=2026-Q4&model=nope&account=nobody&ordering=-due_date',
    );
    expect(
      await screen.findByRole('heading', { name: 'Nothing matches these filters' }),
    ).toBeVisible();
    expect(params(seen.at(-1)!)).toEqual({
      period: '2026-Q4',
      account: 'nobody',
      ordering: '-due_date',
      page_size: String(PREVIEW_PAGE_SIZE),
    });
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeDisabled();
  });
});

describe('Excel export', () => {
  it(`at or under ${REPORT_DOWNLOAD_LIMIT} rows builds the workbook in the browser and keeps the page open`, async () => {
    const seen = watchReport('overdue-actions');
    const emailsBefore = backend.state().sentEmails.length;
    const files = catchDownloads();
    renderReports('/reports?report=overdue-actions&level=project&ordering=-due_date');
    await screen.findByRole('table', { name: /Overdue action items/ });
    expect(screen.getByText('159 rows · preview page 1 of 7')).toBeVisible();

    const button = screen.getByRole('button', { name: 'Export to Excel' });
    expect(button).not.toHaveAccessibleDescription();
    await userEvent.click(button);
    expect(await screen.findByText(REPORT_MESSAGES.keepOpen)).toBeInTheDocument();
    await waitFor(() => expect(files).toHaveLength(1), { timeout: 10_000 });
    expect(files[0]!.name).toMatch(/^overdue-actions-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(params(seen.at(-1)!)).toEqual({
      level: 'project',
      ordering: '-due_date',
      page_size: String(REPORT_DOWNLOAD_LIMIT),
    });
    // Nothing was e-mailed.
    expect(backend.state().sentEmails).toHaveLength(emailsBefore);

    const workbook = new Workbook();
    await workbook.xlsx.load(await files[0]!.blob.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Overdue action items');
    expect(sheet.rowCount).toBe(160);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Action item',
      'Owner',
      'Due',
      'Days overdue',
      'Risk or issue',
      'Statement',
      'Kind',
      'Level',
      'Account',
    ]);
    expect(sheet.getRow(2).getCell(1).value).toBe('Book a workshop with the client');
    expect(sheet.getRow(2).getCell(3).value).toEqual(new Date(Date.UTC(2026, 10, 18)));
    expect(sheet.getRow(2).getCell(4).value).toBe(2);
    expect(sheet.getRow(2).getCell(7).value).toBe('Issue');
    expect(sheet.getRow(3).getCell(7).value).toBe('Risk');
    expect(sheet.getRow(160).getCell(1).value).toBe(OLDEST);
    expect(sheet.getRow(160).getCell(4).value).toBe(350);
    expect(sheet.getRow(160).getCell(8).value).toBe('Project level');
  }, 20_000);

  it(`over ${REPORT_DOWNLOAD_LIMIT} rows says it goes by e-mail, sends the filters and confirms`, async () => {
    const files = catchDownloads();
    renderReports('/reports?report=risk-register&ordering=-due_date');
    const button = await screen.findByRole('button', { name: 'Export to Excel' });
    await waitFor(() => expect(button).toHaveAccessibleDescription(REPORT_MESSAGES.willBeSent));
    await userEvent.click(button);
    expect(await screen.findByText(REPORT_MESSAGES.byEmail)).toBeInTheDocument();
    expect(backend.state().sentEmails.at(-1)).toMatchObject({
      to: 'amorgan@example.com',
      count: 610,
      report: { kind: 'risk-register', filters: {} },
    });
    expect(files).toEqual([]);
  });
});

describe('refusals and failures', () => {
  it('lays the preview out to fit: every column a width, the action item its row’s header', async () => {
    renderReports('/reports?report=overdue-actions');
    const table = await screen.findByRole('table', { name: 'Overdue action items preview' });
    const widths = [...table.querySelectorAll('col')].map((col) => col.style.width);
    expect(widths).toHaveLength(9);
    expect(widths.filter((width) => width === 'auto')).toHaveLength(2); // the title, the statement
    // The action item is the row's header.
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(within(row!).getByRole('rowheader')).toHaveAccessibleName(OLDEST);
    expect(row).toHaveTextContent('Alex Morgan (amorgan)');
  });

  it('gives the register’s statement room in a narrow box: the issue grades wait in the export, unless the rows are sorted by one', async () => {
    // A 1280 px window's box: 974 px.
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
      return this.tagName === 'SECTION' ? 974 : 0;
    });
    const headers = (table: HTMLElement) =>
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent);
    const { router } = renderReports('/reports?report=risk-register');
    const table = await screen.findByRole('table', { name: 'Risk and issue register preview' });
    // What this box keeps whatever the rows are sorted by (once the box is measured).
    const kept = ['ID', 'Kind', 'Level', 'Scope', 'Account', 'Statement', 'Status'];
    await waitFor(() => expect(headers(table)).toEqual([...kept, 'Rating', 'Owner', 'Due']));
    expect(
      screen.getByText(
        'At this width the preview leaves out Priority and Severity; the Excel export has them.',
      ),
    ).toBeVisible();

    // Sorted by priority, the grades stay; the rating and the owner make the room.
    await act(() => router.navigate('/reports?report=risk-register&ordering=priority'));
    const sorted = await screen.findByRole('table', {
      name: 'Risk and issue register preview, sorted by Priority',
    });
    expect(headers(sorted)).toEqual([...kept, 'Priority', 'Severity', 'Due']);
    expect(
      screen.getByText(
        'At this width the preview leaves out Rating and Owner; the Excel export has them.',
      ),
    ).toBeVisible();
  });

  it('a register row’s id is a link to its risk, to open in a new tab or copy', async () => {
    renderReports('/reports?report=risk-register');
    const table = await screen.findByRole('table', { name: 'Risk and issue register preview' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(within(row!).getByRole('link', { name: '1' })).toHaveAttribute('href', '/risks/1');
  });

  it('on a phone each row is a card, its action item first', async () => {
    onAPhone();
    renderReports('/reports?report=overdue-actions');
    const [title] = await screen.findAllByRole('rowheader', { name: OLDEST });
    const cells = within(title!.closest('tr')!).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('OwnerAlex Morgan (amorgan)');
  });

  it('a 403 names CAN_VIEW_REPORTS', async () => {
    // The expert's role has no reports; the screen is let through to ask, the mock refuses.
    await useMockBackend('expert');
    signedInWith(['CAN_VIEW_REPORTS']);
    renderReports('/reports?report=kpi-excluded');
    expect(
      await screen.findByRole('heading', { name: 'Reports are not part of your role' }),
    ).toBeVisible();
    expect(screen.getByText(/CAN_VIEW_REPORTS/)).toBeVisible();
  });

  it('a failed load offers to try again', async () => {
    // A 500 the seed cannot give: the calls fail until the test lets them reach the mock backend.
    const report = failUntilAllowed('get', '/api/reports/audit-findings/');
    renderReports('/reports?report=audit-findings');
    expect(await screen.findByText('The report could not be loaded')).toBeVisible();
    report.allow();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const table = await screen.findByRole('table', { name: 'Audit findings preview' });
    expect(table).toHaveTextContent('No signed change requests for two scope changes');
    expect(table).toHaveTextContent('Major finding');
  });
});
