import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The riskiness and issueness dashboard on the seed. Account 18 (Stanton - Wyman, the account of
 * canonical project 1) is High at 43 points; its account-level risk 8 is High × High (9 points),
 * and resolving it brings the riskiness to 34, Moderate. risk_owner may resolve it and holds
 * CAN_VIEW_RISK_DASHBOARD. Account 40 (Doyle - Jacobs) is High; account_owner looks after it and
 * holds CAN_CREATE_ACTUAL_ACCOUNT_RISKINESS. pm lacks the dashboard flag.
 */

const RISK_8 = 'Account margin below target for two quarters';

test.beforeEach(async ({ request }) => {
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

const accountsTable = (page: Page) => page.getByRole('table', { name: /^Accounts/ });
/** The cells of an account's row after its name: line, segment, riskiness, issueness, … */
const rowCells = (page: Page, account: string) =>
  accountsTable(page).locator('tbody tr').filter({ hasText: account }).getByRole('cell');

test("resolving a High risk lowers its account's riskiness on the dashboard and in its explanation", async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('risk_owner', '/dashboard?search=stanton');
  // The first screen after the server started loads its chunks cold.
  await expect(accountsTable(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('stanton');
  await expect(page.getByText('1 of 40 accounts')).toBeVisible();
  const riskiness = rowCells(page, 'Stanton - Wyman').nth(2);
  await expect(riskiness).toContainText('High');
  await expect(riskiness).toContainText('43');
  await expectAccessible();

  await page.goto('/dashboard/account/18/riskiness');
  const contributors = page.getByRole('table', { name: /^Records that add points/ });
  await expect(contributors.getByRole('link', { name: RISK_8 })).toBeVisible();
  // Resolving it alone is what would bring the account down a level.
  await expect(
    page.getByRole('region', { name: 'What would bring it down a level' }),
  ).toContainText(RISK_8);
  await expectAccessible();

  await contributors.getByRole('link', { name: RISK_8 }).click();
  await expect(page).toHaveURL('/risks/8');
  await page.getByRole('tab', { name: 'Resolution' }).click();
  await expect(page).toHaveURL('/risks/8?tab=resolution');
  await page.getByRole('radio', { name: 'Resolve', exact: true }).check();
  await page.getByRole('textbox', { name: 'Comment' }).fill('The client signed the margin plan.');
  await page.getByRole('button', { name: /…$/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(
    page.getByText('Success! Your action on the risk has been successfully processed.'),
  ).toBeVisible();

  await page.goto('/dashboard?search=stanton');
  await expect(riskiness).toContainText('Moderate');
  await expect(riskiness).toContainText('34');
  // The delivery owner judged it Moderate this month: now they agree.
  await expect(rowCells(page, 'Stanton - Wyman').nth(7)).not.toContainText('Disagrees');

  await page.goto('/dashboard/account/18/riskiness');
  await expect(page.getByRole('heading', { level: 1, name: /^Riskiness of/ })).toBeVisible();
  await expect(contributors).toBeVisible();
  await expect(contributors.getByRole('link', { name: RISK_8 })).toHaveCount(0);
});

test('the account delivery owner records an actual riskiness and the dashboard marks the disagreement', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('account_owner', '/dashboard/account/40/riskiness');
  const form = page.getByRole('region', { name: /^Record the actual riskiness/ });
  await expect(form).toBeVisible({ timeout: 30_000 });
  await form.getByLabel('Level').selectOption({ label: 'Low' });
  await form
    .getByLabel('Reason')
    .fill('The client extended the contract; the risks are priced in.');
  await form.getByRole('button', { name: 'Record actual riskiness' }).click();
  await expect(page.getByText(/^The actual riskiness of .+ has been recorded\.$/)).toBeVisible();
  const records = page.getByRole('table', { name: /^Actual riskiness records/ });
  await expect(records.locator('tbody tr').first()).toContainText(
    'The client extended the contract',
  );
  await expect(records.locator('tbody tr').first()).toContainText('Disagrees');
  await expectAccessible();

  await page.goto('/dashboard?search=doyle');
  const actual = rowCells(page, 'Doyle - Jacobs').nth(7);
  await expect(actual).toContainText('Low');
  await expect(actual).toContainText('Disagrees');
});

test('the dashboard is searched and filtered by URL, and an account page filters its risks by the heat map', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('admin', '/dashboard?riskiness=high&sort=-overdue');
  await expect(accountsTable(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Riskiness', { exact: true })).toHaveValue('high');
  await expect(page.getByText(/^\d+ of 40 accounts$/)).toBeVisible();
  for (const cell of await accountsTable(page).locator('tbody tr td:nth-child(4)').allInnerTexts())
    expect(cell).toContain('High');
  await expect(page.getByRole('columnheader', { name: /Overdue action items/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(page.getByText('Show the figures as a table')).toHaveCount(3);

  await page.getByRole('link', { name: 'Stanton - Wyman' }).click();
  await expect(page).toHaveURL('/dashboard/account/18');
  await expect(page.getByRole('heading', { level: 1, name: 'Stanton - Wyman' })).toBeVisible();
  await page.getByRole('button', { name: 'Probability High, impact High: 1 risk' }).click();
  await expect(page.getByText('1 of 10 open risks: probability High, impact High')).toBeVisible();
  await expect(
    page.getByRole('table', { name: /^Open risks/ }).getByRole('link', { name: RISK_8 }),
  ).toBeVisible();
  await expectAccessible();
});

test('the dashboard holds at 390 px, and a persona without the flag is kept out', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const paths = [
    '/dashboard',
    '/dashboard/account/18',
    '/dashboard/account/18/riskiness',
    '/dashboard/account/18/issueness',
  ] as const;
  await signInAs('admin', paths[0]);
  for (const [index, path] of paths.entries()) {
    // Signed in once; each screen loaded afresh at this width.
    if (index > 0) await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table').first()).toBeVisible();
    // The figures behind each chart's summary too.
    for (const summary of await page.getByText('Show the figures as a table').all())
      await summary.click();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      path,
    ).toBeLessThanOrEqual(0);
    if (index === 0) {
      await expectAccessible();
      continue;
    }
    // On an account's pages nothing reaches past the screen's edge, and no table scrolls
    // sideways in its box: each is a list of cards.
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('main *')]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((element) => `${element.tagName}.${element.className}`),
      ),
      `${path}: wider than the screen`,
    ).toEqual([]);
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('table')]
          .filter((table) => table.parentElement!.scrollWidth > table.parentElement!.clientWidth)
          .map((table) => table.querySelector('caption')?.textContent),
      ),
      `${path}: tables that scroll sideways`,
    ).toEqual([]);
    await expectAccessible();
  }

  await signInAs('pm', '/dashboard/account/18/riskiness');
  await expect(page.getByRole('heading', { name: 'You may not open this page' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
});

test('at 390 px the filters wait behind a Filters button, those in force as chips', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('admin', '/dashboard?riskiness=high');
  await expect(page.getByRole('list', { name: 'Filters in force' })).toHaveText(/Riskiness: High/);
  await expect(page.getByLabel('Business segment')).toHaveCount(0);
  await page.getByRole('button', { name: 'Filters, 1 in force' }).click();
  await page.getByRole('dialog', { name: 'Filters' }).getByLabel('Issueness').selectOption('low');
  await page.getByRole('button', { name: 'Show results' }).click();
  await expect(page).toHaveURL(/riskiness=high&issueness=low|issueness=low&riskiness=high/);
  await expect(page.getByRole('list', { name: 'Filters in force' })).toHaveText(/Issueness: Low/);
  await expectAccessible();
});

test('every filter label keeps to one line at 390 (in the Filters dialog), 1024, 1280 and 1440 px', async ({
  page,
  signInAs,
}) => {
  /** The labels of the form whose words run over more than one line. */
  const wrapped = (form: ReturnType<Page['getByRole']>) =>
    form.evaluate((element) =>
      [...element.querySelectorAll('label')]
        .filter((label) => {
          const range = document.createRange();
          range.selectNodeContents(label);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
        })
        .map((label) => label.textContent),
    );
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('admin', '/dashboard');
  await page.getByRole('button', { name: 'Filters' }).click();
  const inDialog = page
    .getByRole('dialog', { name: 'Filters' })
    .getByRole('search', { name: 'Filter the accounts' });
  await expect(inDialog.getByLabel('Business segment')).toBeVisible();
  expect(await wrapped(inDialog), 'at 390 px').toEqual([]);
  await page.keyboard.press('Escape');
  for (const width of [1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const form = page.getByRole('search', { name: 'Filter the accounts' });
    await expect(form.getByLabel('Business segment')).toBeVisible();
    expect(await wrapped(form), `at ${width} px`).toEqual([]);
  }
});

for (const width of [700, 1024, 1280, 1440])
  test(`at ${width} px every header and name of the accounts table wraps between words, none cut; ${
    width >= 1280 ? 'no sideways scroll' : 'it scrolls sideways inside its card only'
  }`, async ({ page, signInAs }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAs('admin', '/dashboard');
    const table = accountsTable(page);
    await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
    await expect(
      table.locator('tbody tr').filter({ hasText: 'Manufacturing' }).first(),
    ).toBeVisible();
    const faults = await table.evaluate((element) => {
      const found: string[] = [];
      // A header's label ends in an ellipsis when its longest word is wider than its column.
      for (const label of element.querySelectorAll<HTMLElement>('thead th button > span'))
        if (label.scrollWidth > label.clientWidth + 0.5)
          found.push(`cut header: ${label.textContent}`);
      // A word broken inside itself spans two line boxes (a break after a hyphen is between words).
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) found.push(`word broken: ${match[0]}`);
        }
      }
      return found;
    });
    expect(faults).toEqual([]);
    const frame = table.locator('xpath=..');
    const sideways = await frame.evaluate((box) => box.scrollWidth - box.clientWidth);
    // From a 1280 px window the table fits its card; below, it scrolls inside it, never the page.
    if (width >= 1280) expect(sideways).toBeLessThanOrEqual(0);
    else expect(sideways).toBeGreaterThan(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });
