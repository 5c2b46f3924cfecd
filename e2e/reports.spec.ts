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

test('the risk register preview fits its box at 1280 and 1440 px, no word cut, its status a pill', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs('admin', '/reports?report=risk-register');
  const preview = page.getByRole('table', { name: 'Risk and issue register preview' });
  await expect(preview.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    // The table is no wider than the frame that holds it: nothing waits behind a sideways scroll.
    const [table, frame] = await preview.evaluate((element) => [
      element.getBoundingClientRect().width,
      element.parentElement!.clientWidth,
    ]);
    expect(table, `at ${width} px`).toBeLessThanOrEqual(frame);
    // No header or value is cut: no word of a cell is broken over two lines (a hyphen may end one).
    const cut = await preview.evaluate((element) =>
      [...element.querySelectorAll('th, td')].flatMap((cell) => {
        const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        const broken: string[] = [];
        for (let node = texts.nextNode(); node; node = texts.nextNode()) {
          for (const word of (node.textContent ?? '').matchAll(/[^\s-]+/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            if (lines.size > 1) broken.push(word[0]);
          }
        }
        return broken;
      }),
    );
    expect(cut, `at ${width} px`).toEqual([]);
    // No header is cut short with an ellipsis ('Mo…').
    const clipped = await preview.evaluate((element) =>
      [...element.querySelectorAll('th, th *')]
        .filter((node) => node.scrollWidth > node.clientWidth + 1)
        .map((node) => node.textContent),
    );
    expect(clipped, `at ${width} px`).toEqual([]);
    // The statement, the column people read, keeps room for its words and more.
    const statement = await preview.getByRole('columnheader', { name: /^Statement/ }).boundingBox();
    expect(statement!.width, `at ${width} px`).toBeGreaterThanOrEqual(width === 1280 ? 110 : 250);
  }
  // The status is the register's pill, as on /risks.
  const status = preview.locator('tbody tr').first().locator('[data-status]');
  await expect(status).toHaveText(/^(Open|Closed)$/);
  await expectAccessible();
});
