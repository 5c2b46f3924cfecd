import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Workbook } from 'exceljs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_DOWNLOAD_LIMIT, RISK_MESSAGES } from '../../../api/contract/risks';
import { buildSeedFirst, type MockBackend } from '../../../testing/mockBackend';
import { recordRequests } from '../../../testing/recordRequests';
import { addRisks, giveTableLayout, PROJECT_1, renderRisks, useRiskBackend } from './listTesting';

/**
 * Against the mock backend as Alex Morgan (admin) on the seed's clock. The seed holds fewer project
 * risks than a download may hold: a test that needs more adds them (projectRisksUpTo).
 */
buildSeedFirst('seed');
beforeEach(() => giveTableLayout());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

/**
 * Copies of risk 1 in project 5 (which has none in the seed), so that the project level holds
 * `total` risks; the `index`th added gets `labels(index)`.
 */
function projectRisksUpTo(
  backend: MockBackend,
  total: number,
  labels: (index: number) => string[] = () => [],
) {
  const project = backend.state().projects.find((one) => one.id === 5)!;
  const seeded = backend
    .state()
    .risks.filter((risk) => risk.level === 'project' && risk.kind === 'risk').length;
  addRisks(backend, total - seeded, 1, (index) => ({
    statement: `Risk ${index}`,
    scope: { id: 5, name: project.name, level: 'project' },
    project: { id: 5, name: project.name },
    labels: labels(index),
  }));
}

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
    await useRiskBackend('admin');
    const seen = recordRequests('/api/risks/');
    const exportCalls = recordRequests('/api/risks/export/', 'POST');
    const files = catchDownloads();
    // Project 1's four open records: risks 7, 1 and 119 and issue 2.
    renderRisks(`${PROJECT_1}&status=open&ordering=statement`);
    await screen.findByRole('table', { name: /risks and issues/ });

    await userEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByText(RISK_MESSAGES.excelDownload)).toBeInTheDocument();
    await waitFor(() => expect(files).toHaveLength(1), { timeout: 10_000 });
    expect(files[0]!.name).toMatch(/^project-risks-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(exportCalls).toEqual([]);
    // One page of the same query and order, as large as a download may be.
    expect(Object.fromEntries(seen.at(-1)!.searchParams)).toEqual({
      level: 'project',
      scope: '1',
      status: 'open',
      ordering: 'statement',
      page_size: String(EXPORT_DOWNLOAD_LIMIT),
    });

    const workbook = new Workbook();
    await workbook.xlsx.load(await files[0]!.blob.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(1).getCell(3).value).toBe('Statement');
    expect(sheet.getRow(2).getCell(3).value).toBe(
      'Client data export format may change before go-live',
    );
    expect(sheet.getRow(2).getCell(2).value).toBe('Project risk');
    expect(sheet.getRow(3).getCell(3).value).toBe('Key developer may leave before the release');
    expect(sheet.getRow(3).getCell(13).value).toBe('Lucia Romero (lromero)');
    expect(sheet.getRow(3).getCell(14).value).toEqual(new Date(Date.UTC(2026, 11, 15)));
    expect(sheet.getRow(4).getCell(3).value).toBe(
      'Offshore team ramp-up slower than planned (billing)',
    );
    expect(sheet.getRow(5).getCell(3).value).toBe('Test environment is down twice a week');
    expect(sheet.getRow(5).getCell(2).value).toBe('Project issue');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeEnabled(),
    );
  }, 20_000);

  it(`sends more than ${EXPORT_DOWNLOAD_LIMIT} rows by e-mail instead, as the server counts them`, async () => {
    const backend = await useRiskBackend('admin');
    // One project risk over the limit.
    projectRisksUpTo(backend, EXPORT_DOWNLOAD_LIMIT + 1);
    const seen = recordRequests('/api/risks/');
    const files = catchDownloads();
    renderRisks('/risks?level=project&kind=risk&ordering=-rating');
    await screen.findByRole('table', { name: /risks and issues/ });

    const button = screen.getByRole('button', { name: 'Export to Excel' });
    expect(button).toHaveAccessibleDescription(RISK_MESSAGES.excelWillBeSent);
    await userEvent.click(button);
    expect(await screen.findByText(RISK_MESSAGES.excelByEmail)).toBeInTheDocument();
    // Only a build on the Express mock points to its outbox (this one is the tests').
    expect(screen.queryByText(/__mock\/outbox/)).not.toBeInTheDocument();
    // The query, not the rows: only the first page was ever read.
    expect(
      backend.state().sentEmails.map(({ to, count, risk_query }) => ({ to, count, risk_query })),
    ).toEqual([
      {
        to: 'amorgan@example.com',
        count: EXPORT_DOWNLOAD_LIMIT + 1,
        risk_query: { level: 'project', kind: 'risk', ordering: '-rating' },
      },
    ]);
    expect(seen.map((url) => url.searchParams.get('page_size'))).not.toContain(
      String(EXPORT_DOWNLOAD_LIMIT),
    );
    expect(files).toEqual([]);
  });

  it('tells the demo where the mock keeps the e-mailed workbook', async () => {
    vi.stubEnv('MODE', 'demo');
    const backend = await useRiskBackend('admin');
    projectRisksUpTo(backend, EXPORT_DOWNLOAD_LIMIT + 1);
    renderRisks('/risks?level=project&kind=risk');
    await screen.findByRole('table', { name: /risks and issues/ });
    await userEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByText(RISK_MESSAGES.excelByEmail)).toBeInTheDocument();
    expect(await screen.findByText(/listed at \/__mock\/outbox\//)).toBeInTheDocument();
  });

  it('downloads once the filters bring the rows under the limit', async () => {
    const backend = await useRiskBackend('admin');
    // Over the limit at project level; three of the added risks are labelled vip.
    projectRisksUpTo(backend, EXPORT_DOWNLOAD_LIMIT + 5, (index) => (index <= 3 ? ['vip'] : []));
    const exportCalls = recordRequests('/api/risks/export/', 'POST');
    const files = catchDownloads();
    renderRisks('/risks?level=project&kind=risk&label=vip');
    await screen.findByRole('table', { name: /risks and issues/ });
    expect(screen.getByText('3 risks and issues')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Export to Excel' });
    expect(button).not.toHaveAccessibleDescription();
    await userEvent.click(button);
    await waitFor(() => expect(files).toHaveLength(1), { timeout: 10_000 });
    expect(exportCalls).toEqual([]);
    expect(backend.state().sentEmails).toEqual([]);
  }, 20_000);
});
