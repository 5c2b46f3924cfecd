import ExcelJS from 'exceljs';
import { REPORT_MESSAGES } from '../src/api/contract/reports';
import { expect, test } from './fixtures';

/**
 * The report catalogue against the seeded demo: nine projects are excluded from KPI (a small
 * export that downloads), the unfiltered risk register holds more rows than the download limit
 * (it goes by e-mail).
 */

test('the catalogue: pick a report, filter it by URL, and the Power BI link opens a new tab', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('admin', '/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const catalogue = page.getByRole('navigation', { name: 'Report catalogue' });
  await expect(catalogue.getByRole('link')).toHaveCount(6);
  const powerBi = page.getByRole('link', { name: /Power BI report/ });
  await expect(powerBi).toHaveAttribute('target', '_blank');
  await expect(powerBi).toHaveAttribute('rel', 'noopener noreferrer');
  await expectAccessible();

  await catalogue.getByRole('link', { name: /Check results/ }).click();
  await expect(page).toHaveURL('/reports?report=check-results');
  await expect(page.getByRole('table', { name: 'Check results preview' })).toBeVisible();

  await page.goto('/reports?report=check-results&period=2026-Q4&model=sdo&ordering=due_date');
  const table = page.getByRole('table', { name: 'Check results preview, sorted by Due' });
  await expect(table).toBeVisible();
  await expect(page.getByLabel(/^Period/)).toHaveValue('2026-Q4');
  await expect(page.getByLabel('Model')).toHaveValue('sdo');
  const models = await table.locator('tbody tr td:nth-child(5)').allInnerTexts();
  expect(models.length).toBeGreaterThan(0);
  expect(new Set(models)).toEqual(new Set(['SDO']));
  const dues = await table.locator('tbody tr td:nth-child(7)').allInnerTexts();
  expect(dues.every((due) => /^(10|11|12)\/\d{2}\/2026$/.test(due))).toBe(true);
  expect(dues).toEqual([...dues].sort());
  await expectAccessible();
});

test('a small report downloads as an Excel file holding the previewed rows', async ({
  page,
  signInAs,
}) => {
  await signInAs('admin', '/reports?report=kpi-excluded');
  const table = page.getByRole('table', { name: 'Projects excluded from KPI preview' });
  await expect(table).toBeVisible();
  const names = await table.locator('tbody tr td:first-child').allInnerTexts();
  expect(names.length).toBeGreaterThan(0);
  await expect(page.getByText(`${names.length} rows`)).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export to Excel' }).click(),
  ]);
  await expect(page.getByText(REPORT_MESSAGES.keepOpen)).toBeVisible();
  expect(download.suggestedFilename()).toMatch(/^kpi-excluded-\d{4}-\d{2}-\d{2}\.xlsx$/);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  expect(sheet.name).toBe('Projects excluded from KPI');
  expect(sheet.getRow(1).getCell(1).value).toBe('Project');
  expect(sheet.getColumn(1).values.slice(2)).toEqual(names);
});

test('a report over the download limit is sent by e-mail', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('admin', '/reports?report=risk-register');
  await expect(page.getByRole('table', { name: 'Risk and issue register preview' })).toBeVisible();
  const button = page.getByRole('button', { name: 'Export to Excel' });
  await expect(button).toHaveAccessibleDescription(REPORT_MESSAGES.willBeSent);
  await expectAccessible();
  await button.click();
  await expect(page.getByText(REPORT_MESSAGES.byEmail)).toBeVisible();
});

test('a persona without CAN_VIEW_REPORTS is kept out', async ({ page, signInAs }) => {
  await signInAs('expert', '/reports');
  await expect(page.getByRole('heading', { name: 'You may not open this page' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Report catalogue' })).toHaveCount(0);
});
