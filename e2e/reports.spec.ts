import ExcelJS from 'exceljs';
import { REPORT_MESSAGES } from '../src/api/contract/reports';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll, filterChips } from './flows';

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

test('the risk register preview fits its box at 1024, 1280 and 1440 px, no word cut, the statement given room, its status a pill', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs('admin', '/reports?report=risk-register');
  const preview = page.getByRole('table', { name: 'Risk and issue register preview' });
  await expect(preview.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
  for (const width of [1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(preview.getByRole('columnheader', { name: /^Priority/ })).toHaveCount(
      width === 1440 ? 1 : 0,
    );
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
    // The statement, the column people read, keeps room for five words a line at every width:
    // at 1280 and 1024 px the columns read least wait in the Excel export, and the page says so.
    const statement = await preview.getByRole('columnheader', { name: /^Statement/ }).boundingBox();
    expect(statement!.width, `at ${width} px`).toBeGreaterThanOrEqual(240);
    await expect(page.getByText(/^At this width the preview leaves out /)).toHaveCount(
      width === 1440 ? 0 : 1,
    );
  }
  // The status is the register's pill, as on /risks.
  const status = preview.locator('tbody tr').first().locator('[data-status]');
  await expect(status).toHaveText(/^(Open|Closed)$/);
  await expectAccessible();
});

test('at 390 px the filters wait behind the Filters button, the filter in force a chip that removes it', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('pm', '/reports?report=risk-register&status=open');
  const preview = page.getByRole('table', { name: 'Risk and issue register preview' });
  await expect(preview.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  // No form above the preview: a button, and the chip of the filter the URL holds.
  await expect(page.getByRole('search', { name: 'Filter Risk and issue register' })).toHaveCount(0);
  await expect(filterChips(page).getByRole('listitem')).toHaveText(['Status: Open']);
  await expectNoSidewaysScroll(page);
  await expectAccessible();

  // The button opens the whole form; a choice there is a chip.
  await page.getByRole('button', { name: 'Filters, 1 in force' }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await expect(
    dialog.getByRole('search', { name: 'Filter Risk and issue register' }),
  ).toBeVisible();
  await expect(dialog.getByLabel('Status')).toHaveValue('open');
  await expectAccessible();
  await dialog.getByLabel('Level').selectOption({ label: 'Project level' });
  await expect(page).toHaveURL(/level=project/);
  await dialog.getByRole('button', { name: 'Show results' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(filterChips(page).getByRole('listitem')).toHaveText([
    'Level: Project level',
    'Status: Open',
  ]);

  // A chip's × clears its filter alone, and the preview follows.
  const count = page.getByText(/^\d+ rows?/);
  const before = await count.innerText();
  await filterChips(page).getByRole('button', { name: 'Remove filter Status: Open' }).click();
  await expect(page).toHaveURL(/\/reports\?report=risk-register&level=project$/);
  await expect(filterChips(page).getByRole('listitem')).toHaveText(['Level: Project level']);
  await expect(count).not.toHaveText(before);
});
