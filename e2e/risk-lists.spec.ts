import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';
import { riskColumnTexts, showRiskColumns } from './flows';

/**
 * The risk lists against the canonical fixtures: risk 1 is an open project risk of project 1
 * (probability Moderate, impact High), 2 an open issue there, 3 a closed risk; 4, 5 and 6 make
 * duplicates group 1 in project 2 (4 the initial); 8, 9 and 10 sit at account, business line and
 * business segment level.
 */

const EXCEL_DOWNLOAD =
  'Please keep this page open until the download of your Excel file is complete. It may take a few moments.';
const ACTION_PROCESSED = 'Success! Your action on the risk has been successfully processed.';

/** The list of risks and issues (its caption names it). */
const riskTable = (page: Page) => page.getByRole('table', { name: /risks and issues/ });
/** The count above the list: '12 risks and issues', '3 of 12 risks and issues'. */
const riskCount = (page: Page) => page.getByRole('status').filter({ hasText: /(risk|issue)/ });

/**
 * The link to a risk in the list, scrolled into the DOM: the list is virtualised, so a row far down
 * exists only once the box has scrolled to it. Count 0 once the whole list has gone by.
 */
async function reveal(page: Page, riskId: number) {
  // The statement's link (the number beside it links to the risk too).
  const link = riskTable(page).getByRole('rowheader').locator(`a[href="/risks/${riskId}"]`);
  const box = page.getByRole('region', { name: /risks and issues/ });
  await box.locator('tbody tr').first().waitFor();
  await box.evaluate((element) => (element.scrollTop = 0));
  for (let step = 0; step < 500 && (await link.count()) === 0; step++) {
    const atEnd = await box.evaluate((element) => {
      const before = element.scrollTop;
      element.scrollTop += element.clientHeight - 60;
      return element.scrollTop === before;
    });
    if (atEnd) break;
    await page.waitForTimeout(30);
  }
  return link;
}

test.beforeEach(async ({ request }) => {
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

test('filters and order live in the URL and survive a reload', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('risk_owner', '/risks?level=project&scope=1');
  const risk1 = await reveal(page, 1);
  await expect(risk1).toBeVisible();
  await expect(await reveal(page, 2)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Project' })).not.toHaveValue('All projects');
  await expectAccessible();

  const word = (await risk1.innerText()).split(/\s+/).find((part) => part.length >= 5)!;
  await page.getByLabel('Risk or issue').selectOption({ label: 'Risk' });
  await page.getByLabel('Status').selectOption({ label: 'Open' });
  await page.getByRole('searchbox', { name: 'Search' }).fill(word);
  await expect(page).toHaveURL(/kind=risk/);
  await expect(page).toHaveURL(/status=open/);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(word)}`));
  await expect(await reveal(page, 1)).toBeVisible();
  await expect(await reveal(page, 2)).toHaveCount(0);
  await expect(await reveal(page, 3)).toHaveCount(0);

  await page.getByRole('button', { name: /^Statement/ }).click();
  await expect(page).toHaveURL(/ordering=statement/);
  const shown = await riskCount(page).innerText();

  await page.reload();
  await expect(page.getByLabel('Risk or issue')).toHaveValue('risk');
  await expect(page.getByLabel('Status')).toHaveValue('open');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(word);
  await expect(page.getByRole('columnheader', { name: /^Statement/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(riskCount(page)).toHaveText(shown);
  await expect(await reveal(page, 1)).toBeVisible();

  await page.getByRole('button', { name: 'Reset to default' }).first().click();
  await expect(page).toHaveURL('/risks?level=project&scope=1&ordering=statement');
  await expect(await reveal(page, 2)).toBeVisible();
});

test('a heat map cell filters the list to its probability and impact, and back', async ({
  page,
  signInAs,
}) => {
  await signInAs('risk_owner', '/risks?level=project&scope=1');
  const list = page.getByRole('table', { name: /risks and issues/ });
  await expect(await reveal(page, 1)).toBeVisible();
  // Probability waits in the Columns picker (the Rating sums it).
  await showRiskColumns(page, ['Probability']);

  const cell = page.getByRole('button', {
    name: /^Probability Moderate, impact High: \d+ risks?$/,
  });
  await expect(cell).not.toHaveText('0');
  await cell.click();
  await expect(page).toHaveURL(/probability=moderate&impact=high/);
  await expect(cell).toHaveAttribute('aria-pressed', 'true');
  await expect(await reveal(page, 1)).toBeVisible();
  await expect(await reveal(page, 2)).toHaveCount(0);
  const probabilities = await riskColumnTexts(list, /^Probability/);
  expect(probabilities.length).toBeGreaterThan(0);
  expect(probabilities.every((text) => text === 'Moderate')).toBe(true);

  await cell.focus();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/probability=/);
  await expect(cell).toHaveAttribute('aria-pressed', 'false');
  await expect(await reveal(page, 2)).toBeVisible();
});

test('sorting on a column orders the rows and marks the header', async ({ page, signInAs }) => {
  await signInAs('risk_owner', '/risks?level=project&scope=1');
  const list = page.getByRole('table', { name: /risks and issues/ });
  await expect(list.locator('tbody tr').first()).toBeVisible();

  await page.getByRole('button', { name: /^Due/ }).click();
  await expect(page).toHaveURL(/ordering=due_date/);
  await expect(page.getByRole('columnheader', { name: /^Due/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  const dues = (await riskColumnTexts(list, /^Due/))
    .map((text) => text.split('\n')[0]!.trim())
    .filter((text) => /^\d{2}\/\d{2}\/\d{4}$/.test(text))
    .map((text) => text.replace(/^(\d{2})\/(\d{2})\/(\d{4})$/, '$3-$1-$2'));
  expect(dues.length).toBeGreaterThan(1);
  expect(dues).toEqual([...dues].sort());

  await page.getByRole('button', { name: /^Due/ }).click();
  await expect(page).toHaveURL(/ordering=-due_date/);
  await expect(page.getByRole('columnheader', { name: /^Due/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
});

test('a small export downloads the Excel file of exactly the rows shown', async ({
  page,
  signInAs,
}) => {
  await signInAs('risk_owner', '/risks?level=project&scope=1&status=open');
  await expect(await reveal(page, 1)).toBeVisible();
  const shown = Number((await riskCount(page).innerText()).split(' ')[0]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export to Excel' }).click(),
  ]);
  await expect(page.getByText(EXCEL_DOWNLOAD)).toBeVisible();
  expect(download.suggestedFilename()).toMatch(/^project-risks-\d{4}-\d{2}-\d{2}\.xlsx$/);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  expect(sheet.rowCount).toBe(shown + 1);
  const ids = sheet.getColumn(1).values.slice(2);
  expect(ids).toContain(1);
  expect(ids).not.toContain(3);
});

test('duplicates: merge group 1 into its initial risk', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('risk_owner', '/risks?view=duplicates');
  const group = page.getByRole('article', { name: /^Group 1/ });
  await expect(group.locator('a[href="/risks/4"]')).toBeVisible();
  await expect(
    group.getByRole('group', { name: 'Initial risk' }).getByRole('link'),
  ).toHaveAttribute('href', '/risks/4');
  await expect(
    group.getByRole('list', { name: 'Duplicates' }).locator('a[href="/risks/5"]'),
  ).toBeVisible();
  await expect(
    group.getByRole('list', { name: 'Duplicates' }).locator('a[href="/risks/6"]'),
  ).toBeVisible();
  await expectAccessible();

  await group.getByRole('button', { name: 'Merge to initial' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge to the initial risk?' });
  await expect(dialog).toContainText('action plan of the initial risk');
  await expectAccessible();
  await dialog.getByRole('button', { name: 'Merge to initial' }).click();
  await expect(page.getByText(ACTION_PROCESSED)).toBeVisible();
  await expect(page.getByRole('article', { name: /^Group 1/ })).toHaveCount(0);

  // The duplicates are closed, as duplicates; the initial risk stays open.
  await page.goto('/risks?level=project&scope=2');
  const row = async (riskId: number) => {
    await reveal(page, riskId);
    return page.getByRole('row').filter({ has: page.locator(`a[href="/risks/${riskId}"]`) });
  };
  for (const id of [5, 6]) {
    await expect(await row(id)).toContainText('Closed');
    await expect(await row(id)).toContainText('Resolved as duplicate');
  }
  await expect(await row(4)).toContainText('Open');
});

test('every list page kind is accessible and shows its level', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  // Five pages, an axe scan on each: near the 30 s default on two busy cores.
  test.slow();
  await signInAs('risk_owner', '/risks');
  const kinds = page.getByRole('navigation', { name: 'Risk lists' });
  for (const [label, level, riskId] of [
    ['Project', 'project', 1],
    ['Account', 'account', 8],
    ['Business line', 'business_line', 9],
    ['Business segment', 'business_segment', 10],
  ] as const) {
    await kinds.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`level=${level}`));
    await expect(kinds.getByRole('link', { name: label, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(await reveal(page, riskId)).toBeVisible();
    await expect(riskTable(page).getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(
      new RegExp(`^${label} (risk|issue)$`, 'i'),
    );
    await expectAccessible();
  }
  await kinds.getByRole('link', { name: 'Duplicates' }).click();
  await expect(page.getByRole('article', { name: /^Group 1/ })).toBeVisible();
  await expectAccessible();
});

test('on a phone the filters wait behind a Filters button and show as removable chips', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('risk_owner', '/risks?level=project&scope=1&status=open&kind=risk');
  await expect(await reveal(page, 1)).toBeVisible();
  await expect(page.getByRole('search', { name: 'Filter risks and issues' })).toHaveCount(0);
  const chips = page.getByRole('list', { name: 'Filters in force' });
  await expect(chips.getByRole('listitem')).toHaveText(['Risk or issue: Risk', 'Status: Open']);
  // Axe once the list is settled: a list being fetched is dimmed on purpose.
  await expect(riskTable(page)).not.toHaveAttribute('aria-busy', 'true');
  await expectAccessible();

  await page.getByRole('button', { name: 'Filters, 2 in force' }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await dialog.getByLabel('Rating').selectOption({ label: 'High' });
  await expectAccessible();
  await dialog.getByRole('button', { name: 'Show results' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/rating=high/);
  await expect(chips.getByRole('listitem')).toHaveText([
    'Risk or issue: Risk',
    'Status: Open',
    'Rating: High',
  ]);

  await page.getByRole('button', { name: 'Remove filter Status: Open' }).click();
  await expect(page).not.toHaveURL(/status=/);
  await expect(page).toHaveURL(/kind=risk/);
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(page).toHaveURL('/risks?level=project&scope=1');
  await expect(chips).toHaveCount(0);
  await expect(await reveal(page, 2)).toBeVisible();
  // The page does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
