import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Workbook } from 'exceljs';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Paginated } from '../../api/contract/drf';
import {
  REPORT_DOWNLOAD_LIMIT,
  REPORT_MESSAGES,
  type ReportExportQueued,
  type ReportRow,
} from '../../api/contract/reports';
import { POWER_BI_REPORT_URL } from '../../shared/config/links';
import { page } from '../../testing/msw/drf';
import { API } from '../../testing/msw/handlers';
import { recordJson } from '../../testing/msw/recordJson';
import { server } from '../../testing/msw/server';
import { signedInWith } from '../../testing/msw/session';
import { renderRoutes, urlParams } from '../../testing/renderRoutes';
import { onAPhone } from '../../testing/phone';
import ReportsPage from './ReportsPage';
import { PREVIEW_PAGE_SIZE } from './ReportView';

const OVERDUE: ReportRow[] = [
  {
    id: 11,
    title: 'Sign the change request',
    owner: 'Lucia Romero (lromero)',
    due_date: '2026-10-15',
    days_overdue: 42,
    risk_id: 5,
    statement: 'Scope creep on the portal',
    kind: 'risk',
    level: 'project',
    account: 'Acme',
  },
  {
    id: 12,
    title: 'Book the steering committee',
    owner: 'Mei Chen (mchen)',
    due_date: '2026-11-01',
    days_overdue: 25,
    risk_id: 6,
    statement: 'No sponsor for release 2',
    kind: 'issue',
    level: 'account',
    account: 'Acme',
  },
];

/** Answers `GET /api/reports/{kind}/` and records every URL asked. */
function serveReport(kind: string, answer: (url: URL) => Paginated<ReportRow> | Response) {
  const seen: URL[] = [];
  server.use(
    http.get(`${API}/api/reports/${kind}/`, ({ request }) => {
      const url = new URL(request.url);
      seen.push(url);
      const body = answer(url);
      return body instanceof Response ? body : HttpResponse.json(body);
    }),
  );
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

beforeEach(() => signedInWith(['CAN_VIEW_REPORTS']));
afterEach(() => {
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
    const seen = serveReport('overdue-actions', () => page(OVERDUE));
    const { router } = renderReports('/reports');
    await userEvent.click(screen.getByRole('link', { name: /Overdue action items/ }));

    const table = await screen.findByRole('table', { name: 'Overdue action items preview' });
    expect(urlParams(router)).toEqual({ report: 'overdue-actions' });
    expect(params(seen.at(-1)!)).toEqual({ page_size: String(PREVIEW_PAGE_SIZE) });
    const [, first] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Sign the change request');
    expect(first).toHaveTextContent('10/15/2026');
    expect(first).toHaveTextContent('Project level');
    expect(screen.getByText('2 rows')).toBeVisible();
    expect(screen.getByRole('link', { name: /Overdue action items/ })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await userEvent.selectOptions(screen.getByLabelText('Level'), 'account');
    await userEvent.type(screen.getByLabelText('Account'), 'acme');
    await userEvent.click(screen.getByRole('button', { name: 'Due' }));
    await waitFor(() =>
      expect(urlParams(router)).toEqual({
        report: 'overdue-actions',
        level: 'account',
        account: 'acme',
        ordering: 'due_date',
      }),
    );
    await waitFor(() =>
      expect(params(seen.at(-1)!)).toEqual({
        level: 'account',
        account: 'acme',
        ordering: 'due_date',
        page_size: String(PREVIEW_PAGE_SIZE),
      }),
    );
  });

  it('reads a report and its filters from the URL, leaving out values that are not a choice', async () => {
    const seen = serveReport('check-results', () => page([], 0));
    renderReports('/reports?report=check-results&period=2026-Q4&model=nope&ordering=-due_date');
    expect(
      await screen.findByRole('heading', { name: 'Nothing matches these filters' }),
    ).toBeVisible();
    expect(params(seen.at(-1)!)).toEqual({
      period: '2026-Q4',
      ordering: '-due_date',
      page_size: String(PREVIEW_PAGE_SIZE),
    });
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeDisabled();
  });
});

describe('Excel export', () => {
  it(`at or under ${REPORT_DOWNLOAD_LIMIT} rows builds the workbook in the browser and keeps the page open`, async () => {
    const seen = serveReport('overdue-actions', () => page(OVERDUE));
    const emails = recordJson('post', '/api/reports/overdue-actions/export/', () =>
      HttpResponse.json({}, { status: 202 }),
    );
    const files = catchDownloads();
    renderReports('/reports?report=overdue-actions&level=project&ordering=-due_date');
    await screen.findByRole('table', { name: /Overdue action items/ });

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
    expect(emails).toEqual([]);

    const workbook = new Workbook();
    await workbook.xlsx.load(await files[0]!.blob.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Overdue action items');
    expect(sheet.rowCount).toBe(3);
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
    expect(sheet.getRow(2).getCell(1).value).toBe('Sign the change request');
    expect(sheet.getRow(2).getCell(3).value).toEqual(new Date(Date.UTC(2026, 9, 15)));
    expect(sheet.getRow(2).getCell(4).value).toBe(42);
    expect(sheet.getRow(2).getCell(7).value).toBe('Risk');
    expect(sheet.getRow(3).getCell(8).value).toBe('Account level');
  }, 20_000);

  it(`over ${REPORT_DOWNLOAD_LIMIT} rows says it goes by e-mail, sends the filters and confirms`, async () => {
    serveReport('risk-register', () => page([], REPORT_DOWNLOAD_LIMIT + 1));
    const files = catchDownloads();
    const bodies = recordJson('post', '/api/reports/risk-register/export/', () =>
      HttpResponse.json(
        {
          email: 'amorgan@example.com',
          count: REPORT_DOWNLOAD_LIMIT + 1,
        } satisfies ReportExportQueued,
        { status: 202 },
      ),
    );
    renderReports('/reports?report=risk-register&kind=risk');
    const button = await screen.findByRole('button', { name: 'Export to Excel' });
    await waitFor(() => expect(button).toHaveAccessibleDescription(REPORT_MESSAGES.willBeSent));
    await userEvent.click(button);
    expect(await screen.findByText(REPORT_MESSAGES.byEmail)).toBeInTheDocument();
    expect(bodies).toEqual([{ kind: 'risk' }]);
    expect(files).toEqual([]);
  });
});

describe('refusals and failures', () => {
  it('lays the preview out to fit: every column a width, the action item its row’s header', async () => {
    serveReport('overdue-actions', () => page(OVERDUE));
    renderReports('/reports?report=overdue-actions');
    const table = await screen.findByRole('table', { name: 'Overdue action items preview' });
    const widths = [...table.querySelectorAll('col')].map((col) => col.style.width);
    expect(widths).toHaveLength(9);
    expect(widths.filter((width) => width === 'auto')).toHaveLength(2); // the title, the statement
    // The action item is the row's header.
    const row = within(table)
      .getByRole('rowheader', { name: 'Sign the change request' })
      .closest('tr')!;
    expect(row).toHaveTextContent('Lucia Romero (lromero)');
  });

  it('on a phone each row is a card, its action item first', async () => {
    onAPhone();
    serveReport('overdue-actions', () => page(OVERDUE));
    renderReports('/reports?report=overdue-actions');
    const title = await screen.findByRole('rowheader', { name: 'Sign the change request' });
    const cells = within(title.closest('tr')!).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('OwnerLucia Romero (lromero)');
  });

  it('a 403 names CAN_VIEW_REPORTS', async () => {
    serveReport('kpi-excluded', () =>
      HttpResponse.json(
        { detail: 'You do not have permission to perform this action (CAN_VIEW_REPORTS).' },
        { status: 403 },
      ),
    );
    renderReports('/reports?report=kpi-excluded');
    expect(
      await screen.findByRole('heading', { name: 'Reports are not part of your role' }),
    ).toBeVisible();
    expect(screen.getByText(/CAN_VIEW_REPORTS/)).toBeVisible();
  });

  it('a failed load offers to try again', async () => {
    let calls = 0;
    serveReport('audit-findings', () => {
      calls += 1;
      return calls === 1
        ? HttpResponse.json({ detail: 'Boom' }, { status: 500 })
        : page([
            {
              id: 1,
              title: 'No signed change requests',
              severity: 'major',
              state: 'open',
              owner: null,
              due_date: null,
              done_at: null,
              check: 'AUD_1',
              project: 'Apollo',
              account: 'Acme',
            },
          ]);
    });
    renderReports('/reports?report=audit-findings');
    expect(await screen.findByText('The report could not be loaded')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const table = await screen.findByRole('table', { name: 'Audit findings preview' });
    expect(table).toHaveTextContent('Major finding');
  });
});
