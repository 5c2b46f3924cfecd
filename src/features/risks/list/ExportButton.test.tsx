import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Workbook } from 'exceljs';
import { HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EXPORT_DOWNLOAD_LIMIT,
  RISK_MESSAGES,
  type RiskExportQueued,
} from '../../../api/contract/risks';
import { signedInWith } from '../../../testing/msw/session';
import {
  giveTableLayout,
  makeIssue,
  makeRisk,
  recordPost,
  renderRisks,
  serveRisks,
  serveScopes,
} from './listTesting';

beforeAll(() => giveTableLayout());
beforeEach(() => {
  signedInWith([]);
  serveScopes([]);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

/** Catches what the browser would download: the file and its name. */
function catchDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let pending: Blob | undefined;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    pending = blob;
    return 'blob:risks';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (pending) files.push({ name: this.download, blob: pending });
  });
  return files;
}

describe('Excel export', () => {
  it('builds the file of exactly the rows the query shows, in their order, in the browser', async () => {
    const seen = serveRisks([
      makeRisk({ id: 1, statement: 'Zeta risk', due_date: '2026-12-15' }),
      makeIssue({ id: 2, statement: 'Alpha issue' }),
      makeRisk({ id: 3, statement: 'Closed one', status: 'closed', resolution: 'invalid' }),
    ]);
    const exportCalls = recordPost('/api/risks/export/', () => HttpResponse.json({}));
    const files = catchDownloads();
    renderRisks('/risks?level=project&status=open&ordering=statement');
    await screen.findByRole('table', { name: /risks and issues/ });

    await userEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByText(RISK_MESSAGES.excelDownload)).toBeInTheDocument();
    await waitFor(() => expect(files).toHaveLength(1), { timeout: 10_000 });
    expect(files[0]!.name).toMatch(/^project-risks-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(exportCalls).toEqual([]);
    // One page of the same query and order, as large as a download may be.
    expect(Object.fromEntries(seen.at(-1)!.searchParams)).toEqual({
      level: 'project',
      status: 'open',
      ordering: 'statement',
      page_size: String(EXPORT_DOWNLOAD_LIMIT),
    });

    const workbook = new Workbook();
    await workbook.xlsx.load(await files[0]!.blob.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).getCell(3).value).toBe('Statement');
    expect(sheet.getRow(2).getCell(3).value).toBe('Alpha issue');
    expect(sheet.getRow(2).getCell(2).value).toBe('Project issue');
    expect(sheet.getRow(3).getCell(3).value).toBe('Zeta risk');
    expect(sheet.getRow(3).getCell(13).value).toBe('Lucia Romero (lromero)');
    expect(sheet.getRow(3).getCell(14).value).toEqual(new Date(Date.UTC(2026, 11, 15)));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeEnabled(),
    );
  }, 20_000);

  it(`sends more than ${EXPORT_DOWNLOAD_LIMIT} rows by e-mail instead, as the server counts them`, async () => {
    const rows = Array.from({ length: EXPORT_DOWNLOAD_LIMIT + 1 }, (_, index) =>
      makeRisk({ id: index + 1, statement: `Risk ${index + 1}` }),
    );
    const seen = serveRisks(rows);
    const files = catchDownloads();
    const bodies = recordPost('/api/risks/export/', () =>
      HttpResponse.json(
        { email: 'amorgan@example.com', count: rows.length } satisfies RiskExportQueued,
        { status: 202 },
      ),
    );
    renderRisks('/risks?level=project&kind=risk&ordering=-rating');
    await screen.findByRole('table', { name: /risks and issues/ });

    const button = screen.getByRole('button', { name: 'Export to Excel' });
    expect(button).toHaveAccessibleDescription(RISK_MESSAGES.excelWillBeSent);
    await userEvent.click(button);
    expect(await screen.findByText(RISK_MESSAGES.excelByEmail)).toBeInTheDocument();
    // Only a build on the Express mock points to its outbox (this one is the tests').
    expect(screen.queryByText(/__mock\/outbox/)).not.toBeInTheDocument();
    // The query, not the rows: only the first page was ever read.
    expect(bodies).toEqual([{ level: 'project', kind: 'risk', ordering: '-rating' }]);
    expect(seen.map((url) => url.searchParams.get('page_size'))).not.toContain(
      String(EXPORT_DOWNLOAD_LIMIT),
    );
    expect(files).toEqual([]);
  });

  it('tells the demo where the mock keeps the e-mailed workbook', async () => {
    vi.stubEnv('MODE', 'demo');
    const rows = Array.from({ length: EXPORT_DOWNLOAD_LIMIT + 1 }, (_, index) =>
      makeRisk({ id: index + 1, statement: `Risk ${index + 1}` }),
    );
    serveRisks(rows);
    recordPost('/api/risks/export/', () =>
      HttpResponse.json(
        { email: 'amorgan@example.com', count: rows.length } satisfies RiskExportQueued,
        { status: 202 },
      ),
    );
    renderRisks('/risks?level=project');
    await screen.findByRole('table', { name: /risks and issues/ });
    await userEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByText(RISK_MESSAGES.excelByEmail)).toBeInTheDocument();
    expect(await screen.findByText(/listed at \/__mock\/outbox\//)).toBeInTheDocument();
  });

  it('downloads once the filters bring the rows under the limit', async () => {
    const rows = Array.from({ length: EXPORT_DOWNLOAD_LIMIT + 5 }, (_, index) =>
      makeRisk({ id: index + 1, statement: `Risk ${index + 1}`, labels: index < 3 ? ['vip'] : [] }),
    );
    serveRisks(rows);
    const bodies = recordPost('/api/risks/export/', () => HttpResponse.json({}, { status: 202 }));
    const files = catchDownloads();
    renderRisks('/risks?level=project&label=vip');
    await screen.findByRole('table', { name: /risks and issues/ });
    const button = screen.getByRole('button', { name: 'Export to Excel' });
    expect(button).not.toHaveAccessibleDescription();
    await userEvent.click(button);
    await waitFor(() => expect(files).toHaveLength(1), { timeout: 10_000 });
    expect(bodies).toEqual([]);
  }, 20_000);
});
