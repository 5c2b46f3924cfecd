import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { createMockApp } from '../mock-server/app';
import { OLDEST_VOLUME_STATEMENT } from '../mock-server/areas/risks/volume';
import { expect, test } from './fixtures';
import { riskColumnTexts, showRiskColumns } from './flows';

/**
 * The register answered by the server (issue 32), on the demo's seed: the list holds one page of
 * the server's at a time, so what a search, a heat-map cell or an order shows is the server's
 * answer over the whole register, not over the rows the browser has read.
 */

const riskTable = (page: Page) => page.getByRole('table', { name: /risks and issues/ });
/** The count above the list, as the server counts the rows: '1,234 risks and issues'. */
const riskCount = (page: Page) =>
  page.getByRole('status').filter({ hasText: /^[\d,]+ (risks and issues|risk or issue)$/ });
const countOf = async (page: Page) =>
  Number((await riskCount(page).innerText()).split(' ')[0]!.replace(/,/g, ''));
/** The list once it shows the server's answer to the query in the URL (no new query on its way). */
const settled = (page: Page, timeout = 15_000) =>
  expect(riskTable(page)).toHaveAttribute('aria-busy', 'false', { timeout });
const EXPORT_DOWNLOAD_LIMIT = 1000;
const EXCEL_WILL_BE_SENT = 'Excel will be sent via email';
const EXCEL_BY_EMAIL =
  'We are sending you your Excel file by email. Please check your email box in a few moments.';

test.describe('the demo seed', () => {
  test.beforeEach(async ({ request }) => {
    expect((await request.post('/__mock/reset')).status()).toBe(204);
  });

  test('a search finds the oldest risk of the level, far past the first page', async ({
    page,
    signInAs,
  }) => {
    // The oldest project risk or issue: first when the list is ordered by creation, oldest first.
    await signInAs('risk_owner', '/risks?level=project&ordering=created_at');
    await settled(page);
    const oldest = riskTable(page).getByRole('rowheader').first();
    const statement = (await oldest.innerText()).trim();
    const href = await oldest.getByRole('link').getAttribute('href');
    const total = await countOf(page);
    // More rows than a page holds: the newest first never reach it.
    expect(total).toBeGreaterThan(100);

    await page.goto('/risks?level=project');
    await settled(page);
    await expect(riskTable(page).getByRole('rowheader').locator(`a[href="${href}"]`)).toHaveCount(
      0,
    );

    await page.getByRole('searchbox', { name: 'Search' }).fill(statement);
    await expect(page).toHaveURL(/search=/);
    await settled(page);
    await expect(riskTable(page).getByRole('rowheader').locator(`a[href="${href}"]`)).toBeVisible();
    expect(await countOf(page)).toBeLessThan(total);
    await expect(riskCount(page)).toHaveAttribute('data-search', statement);
  });

  test('a heat-map cell lists its open risks, as many as it counts', async ({ page, signInAs }) => {
    await signInAs('risk_owner', '/risks?level=project');
    await settled(page);
    const map = page.getByRole('region', { name: 'Open risks by probability and impact' });
    const cells = map.getByRole('button', { name: /^Probability/ });
    await expect(cells).toHaveCount(9);
    // The fullest cell.
    const counts = (await cells.allInnerTexts()).map(Number);
    const fullest = counts.indexOf(Math.max(...counts));
    expect(counts[fullest]).toBeGreaterThan(0);
    const cell = cells.nth(fullest);
    const name = (await cell.getAttribute('aria-label'))!;
    const [, probability, impact] = /^Probability (\w+), impact (\w+)/.exec(name)!;

    // Probability and Impact wait in the Columns picker (the Rating sums them).
    await showRiskColumns(page, ['Probability', 'Impact']);
    await cell.click();
    await expect(page).toHaveURL(
      new RegExp(`probability=${probability!.toLowerCase()}&impact=${impact!.toLowerCase()}`),
    );
    await expect(page).toHaveURL(/status=open/);
    await settled(page);
    await expect(map.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'true');
    expect(await countOf(page)).toBe(counts[fullest]);
    // Every row in view has the cell's probability and impact.
    const probabilities = await riskColumnTexts(riskTable(page), /^Probability/);
    const impacts = await riskColumnTexts(riskTable(page), /^Impact/);
    expect(probabilities.length).toBeGreaterThan(0);
    expect(new Set(probabilities)).toEqual(new Set([probability]));
    expect(new Set(impacts)).toEqual(new Set([impact]));
  });

  test('sorting asks the server: the worst rating first over the whole level', async ({
    page,
    signInAs,
  }) => {
    await signInAs('risk_owner', '/risks?level=project&kind=risk');
    await settled(page);
    await page.getByRole('button', { name: /^Rating/ }).click();
    await expect(page).toHaveURL(/ordering=-rating/);
    await expect(page.getByRole('columnheader', { name: /^Rating/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(riskTable(page)).toHaveAccessibleName(
      'Project risks and issues, sorted by Rating, descending',
    );
    await settled(page);
    const ratings = await riskColumnTexts(riskTable(page), /^Rating/);
    expect(ratings.length).toBeGreaterThan(3);
    expect(ratings.slice(0, 3)).toEqual(['High', 'High', 'High']);
  });
});

/**
 * The register at the scale of a delivery organisation: its own server (in this process, in
 * memory) with MOCK_RISK_VOLUME's 100 000 generated risks and issues over projects and accounts,
 * six years of them; the volume's oldest risk reads OLDEST_VOLUME_STATEMENT.
 */
test.describe('a register of 100 000 risks and issues', () => {
  let server: Server | undefined;
  let volumeUrl = '';
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    const app = createMockApp({
      riskVolume: 100_000,
      spa: { mode: 'dist', distDir: resolve('dist') },
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise<void>((ready) => server!.once('listening', () => ready()));
    volumeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The first question builds the register's indexes: once, before the tests time anything.
    const page = await browser.newPage({ baseURL: volumeUrl });
    await page.goto('/fake-auth?as=risk_owner&redirectTo=%2Frisks%3Flevel%3Dproject');
    await settled(page, 150_000);
    await page.close();
  });
  test.afterAll(async () => {
    await new Promise<void>((closed) => (server ? server.close(() => closed()) : closed()));
  });
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function names.
  test.use({ baseURL: async ({}, use) => use(volumeUrl) });

  test('a search finds the oldest risk, far older than the newest 10 000', async ({
    page,
    signInAs,
  }) => {
    await signInAs('risk_owner', '/risks?level=project');
    await settled(page, 120_000);
    expect(await countOf(page)).toBeGreaterThan(10_000);
    await page.getByRole('searchbox', { name: 'Search' }).fill(OLDEST_VOLUME_STATEMENT);
    await expect(riskCount(page)).toHaveAttribute('data-search', OLDEST_VOLUME_STATEMENT, {
      timeout: 30_000,
    });
    await expect(
      riskTable(page).getByRole('rowheader', { name: OLDEST_VOLUME_STATEMENT }),
    ).toBeVisible();
  });

  test('the heat map counts as many open risks as the list shows', async ({ page, signInAs }) => {
    await signInAs('risk_owner', '/risks?level=account&kind=risk&status=open');
    await settled(page, 120_000);
    const total = await countOf(page);
    expect(total).toBeGreaterThan(EXPORT_DOWNLOAD_LIMIT);
    const map = page.getByRole('region', { name: 'Open risks by probability and impact' });
    await expect(map.getByText(`${total.toLocaleString('en-US')} open risks.`)).toBeVisible({
      timeout: 30_000,
    });
    const cells = (await map.getByRole('button', { name: /^Probability/ }).allInnerTexts()).map(
      Number,
    );
    expect(cells.reduce((sum, count) => sum + count, 0)).toBe(total);
  });

  test('an export above the download limit goes by e-mail, as the button says', async ({
    page,
    signInAs,
  }) => {
    await signInAs('risk_owner', '/risks?level=account&kind=risk&status=open&ordering=-rating');
    await settled(page, 120_000);
    expect(await countOf(page)).toBeGreaterThan(EXPORT_DOWNLOAD_LIMIT);
    const button = page.getByRole('button', { name: 'Export to Excel' });
    await expect(button).toHaveAccessibleDescription(EXCEL_WILL_BE_SENT);
    const exported = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/api/risks/export/'),
    );
    await button.click();
    await expect(page.getByText(EXCEL_BY_EMAIL)).toBeVisible({ timeout: 30_000 });
    // The list's query, not its rows.
    expect((await exported).postDataJSON()).toEqual({
      level: 'account',
      kind: 'risk',
      status: 'open',
      ordering: '-rating',
    });
  });
});
