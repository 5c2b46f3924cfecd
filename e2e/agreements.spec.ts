import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The card's Project agreements tab on the canonical project 1: a signed master contract and a
 * signed SOW holding a document each, a signed SLA, an expired SOW and a draft change agreement.
 * admin holds CAN_EDIT_PROJECT_CARD; pm does not.
 */

const FILE_ERROR = "The file you're attaching cannot be uploaded. Change the file size or format.";
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

/** A tab's chunk loads on first use: slow on a loaded machine. */
const LOADED = { timeout: 30_000 };

test.beforeEach(async ({ request }) => {
  // Axe scans, uploads and the first load of a lazy tab: on a loaded machine they take a while.
  test.setTimeout(180_000);
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

/** `days` from today as the date field takes it, MM/DD/YYYY. */
const typedDate = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  return [date.getMonth() + 1, date.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .concat(String(date.getFullYear()))
    .join('/');
};

const agreementsTable = (page: Page) => page.getByRole('table', { name: /^Agreements of / });

test('admin adds an agreement ending soon with a document: a text file is refused unsent, the PDF is listed, the row says it expires', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  const uploads: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/documents/')) uploads.push(request);
  });
  await signInAs('admin', '/projects/1/project-agreements');
  await expect(agreementsTable(page).getByRole('row')).toHaveCount(6, LOADED);
  await expectAccessible();

  await page.getByRole('button', { name: 'Add agreement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an agreement' });
  await dialog.getByLabel('Type').selectOption({ label: 'SLA' });
  await dialog.getByLabel('Reference').fill('SLA-E2E-001');
  await dialog.getByLabel('Parties').fill('Client Corp. and Delivery Co.');
  await dialog.getByLabel('Start date').fill(typedDate(10));
  await dialog.getByLabel('End date').fill(typedDate(-30));
  await dialog.getByLabel('Value').fill('48000');
  await dialog.getByLabel('Currency').selectOption('USD');
  await dialog.getByLabel('State').selectOption({ label: 'Signed' });
  await dialog.getByRole('button', { name: 'Add agreement' }).click();
  await expect(dialog.getByText('The end date must be after the start date.')).toBeVisible();
  await expect(dialog.getByLabel('End date')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible();

  await dialog.getByLabel('Start date').fill(typedDate(-30));
  await dialog.getByLabel('End date').fill(typedDate(10));
  await dialog.getByRole('button', { name: 'Add agreement' }).click();
  await expect(page.getByText('The agreement has been added.')).toBeVisible();
  const saved = page.getByRole('dialog', { name: 'Change “SLA-E2E-001”' });
  const input = saved.getByLabel('Attach documents');
  await input.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('x'),
  });
  await expect(saved.getByRole('alert').filter({ hasText: FILE_ERROR })).toBeVisible();
  await expectAccessible();
  expect(uploads).toHaveLength(0);

  await input.setInputFiles({ name: 'signed-sla.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('The document has been attached.')).toBeVisible();
  await expect(
    saved.getByRole('list', { name: 'Documents of SLA-E2E-001' }).getByRole('link'),
  ).toHaveText('signed-sla.pdf');
  expect(uploads).toHaveLength(1);
  expect((await uploads[0]!.response())?.status()).toBe(201);
  await saved.getByRole('button', { name: 'Done' }).click();
  await expect(saved).toBeHidden();

  const row = agreementsTable(page).getByRole('row').filter({ hasText: 'SLA-E2E-001' });
  await expect(row).toContainText('Expires in 10 days');
  await expect(row).toContainText('$48,000.00');
  await expect(row).toContainText('Signed');
  await expect(row.getByRole('link', { name: 'signed-sla.pdf' })).toHaveAttribute(
    'href',
    /^\/api\/agreement-files\/\d+\/\?user=1&/,
  );
  await expect(page.getByRole('note')).toContainText('SLA-E2E-001');
  // The document downloads by its link.
  const href = await row.getByRole('link', { name: 'signed-sla.pdf' }).getAttribute('href');
  const download = await page.request.get(href!);
  expect(download.status()).toBe(200);
  expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expectAccessible();

  // The change is in the card's History.
  await page.getByRole('tab', { name: 'History', exact: true }).click();
  await expect(
    page.getByRole('row').filter({ hasText: 'SLA SLA-E2E-001 (Signed' }).first(),
  ).toBeVisible(LOADED);
});

test('admin removes an agreement after confirming', async ({ page, signInAs }) => {
  await signInAs('admin', '/projects/1/project-agreements');
  const table = agreementsTable(page);
  await expect(table.getByRole('row')).toHaveCount(6, LOADED);
  await page.getByRole('button', { name: 'Actions for CR-2026-001-04' }).click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  await page
    .getByRole('dialog', { name: 'Delete CR-2026-001-04?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('The agreement has been deleted.')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(5);
});

test('pm, without CAN_EDIT_PROJECT_CARD, sees the agreements read-only', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('pm', '/projects/1/project-agreements');
  const table = agreementsTable(page);
  await expect(table.getByRole('row')).toHaveCount(6, LOADED);
  await expect(page.getByText(/5 agreements, by end date \(read-only\)/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add agreement' })).toHaveCount(0);
  await expect(table.getByRole('button')).toHaveCount(0);
  await expect(
    table.getByRole('row').filter({ hasText: 'MSA-2025-001' }).getByRole('link'),
  ).toHaveText('MSA-2025-001.pdf');
  await expectAccessible();
});
