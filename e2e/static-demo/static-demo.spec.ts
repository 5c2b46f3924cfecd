import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { PDF } from '../flows';
import { staticDemoUrl } from '../../playwright.static-demo.config';
import {
  createRisk,
  expect,
  projectOfRisk4,
  resetDemoData,
  signInAs,
  submitRisk,
  test,
} from './staticDemo';

/**
 * The static demo (issue 31) built for a sub-path and served by a plain static server with no
 * /api: the mock's areas answer in the page's service worker, and the visitor's data lives in the
 * browser's IndexedDB. Addresses here are relative to the base path (no leading slash).
 */

const STATEMENT = 'Static demo: the supplier may not deliver the test rigs in time';
const COMMENT = 'Static demo: the mitigation plan is signed.';

test('the login screen leads to the persona picker under the base path', async ({
  page,
  expectAccessible,
}) => {
  await page.goto('login');
  await page.getByRole('link', { name: "Let's start!" }).click();
  await expect(page).toHaveURL(`${staticDemoUrl}fake-auth?redirectTo=%2F`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in as a persona' })).toBeVisible();
  await expectAccessible();
  await page.getByRole('button', { name: /^Sign in as Priya Nair/ }).click();
  await expect(page.getByRole('banner')).toBeVisible();
  // The router's `/` is the base path without its slash; loaded again, the demo still answers.
  await expect(page).toHaveURL(/\/pep-demo\/?$/);
  await page.reload();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('button', { name: /Priya Nair/ })).toBeVisible();
});

test('a visitor signs in by a persona link, creates a risk, comments with a PDF, exports to Excel, keeps it over a reload and resets the demo data', async ({
  page,
  browser,
  expectAccessible,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, 'risk_owner', '/risks');
  await expect(page).toHaveURL(`${staticDemoUrl}risks`);
  await expect(page.getByRole('heading', { level: 1, name: 'Risks and issues' })).toBeVisible();
  const rows = page.getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  await expectAccessible();

  const created = await createRisk(page, STATEMENT);
  await expectAccessible();

  // A comment with a PDF: the worker checks the upload (spec §5) and keeps the file.
  await page.getByRole('tab', { name: /Comments/ }).click();
  await page.getByLabel('Attachments').setInputFiles({
    name: 'mitigation-plan.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(page.getByRole('list', { name: 'Files to attach' })).toContainText(
    'mitigation-plan.pdf',
  );
  await page.getByRole('textbox', { name: 'Comment' }).fill(COMMENT);
  await page.getByRole('button', { name: 'Add comment' }).click();
  await expect(page.getByText('Your comment has been added.')).toBeVisible();
  await expectAccessible();

  // Kept in this browser: a reload (a new start of the worker's runtime) still has the risk, its
  // comment and the very file.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: STATEMENT })).toBeVisible();
  await page.getByRole('tab', { name: /Comments/ }).click();
  const attached = page
    .getByRole('listitem')
    .filter({ hasText: COMMENT })
    .getByRole('link', { name: 'mitigation-plan.pdf' });
  const [file] = await Promise.all([page.waitForEvent('download'), attached.click()]);
  expect(file.suggestedFilename()).toBe('mitigation-plan.pdf');
  expect(readFileSync(await file.path())).toEqual(PDF);

  // The list's Excel export downloads a real workbook, the new risk in it.
  await page.goto('risks');
  await expect(rows.nth(1)).toBeVisible();
  const [sheet] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export to Excel' }).click(),
  ]);
  expect(sheet.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await sheet.path());
  const cells: unknown[] = [];
  workbook.worksheets[0]!.eachRow((row) => cells.push(...(row.values as unknown[])));
  expect(cells).toContain(STATEMENT);
  await expectAccessible();

  // Another browser (its own storage) has its own data: not this visitor's risk.
  const other = await browser.newContext({ baseURL: staticDemoUrl });
  const otherPage = await other.newPage();
  await signInAs(otherPage, 'risk_owner', created.slice(staticDemoUrl.length - 1));
  await expect(otherPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(otherPage.getByRole('heading', { level: 1, name: STATEMENT })).toHaveCount(0);
  await other.close();

  // The header's "Demo data" control resets this visitor's data, after a confirmation.
  await resetDemoData(page, expectAccessible);
  await expect(page.getByRole('heading', { level: 1, name: STATEMENT })).toHaveCount(0);

  await page.goto(created);
  await expect(page.getByRole('heading', { level: 1, name: STATEMENT })).toHaveCount(0);
  await page.goto('risks');
  await expect(rows.nth(1)).toBeVisible();
  await expect(page.getByText(STATEMENT)).toHaveCount(0);
  await expectAccessible();
});

test('a signed attachment link downloads the file from the worker, not from the static host', async ({
  page,
}) => {
  await signInAs(page, 'risk_owner', '/risks/1');
  await page.getByRole('tab', { name: /Comments/ }).click();
  const link = page.locator('a[download][href^="/api/attachments/"]').first();
  await expect(link).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(await file.failure()).toBeNull();
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = readFileSync(await file.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});

test('data kept by an older version of the demo (another schema) is replaced by the seed, with a notice', async ({
  page,
}) => {
  await signInAs(page, 'pm', '/risks');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await page.waitForLoadState('networkidle');
  // What an older build left: the same data under another schema version.
  await page.evaluate(
    (name) =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onerror = () => reject(opening.error ?? new Error('no database'));
        opening.onsuccess = () => {
          const store = opening.result.transaction('kv', 'readwrite').objectStore('kv');
          const reading = store.get('state');
          reading.onsuccess = () => {
            const state = reading.result as { meta: { schemaVersion: number } };
            state.meta.schemaVersion -= 1;
            store.put(state, 'state');
            store.transaction.oncomplete = () => resolve();
          };
        };
      }),
    `pep-static-demo:${new URL(staticDemoUrl).pathname}`,
  );
  await page.reload();
  await expect(
    page.getByText('The demo was updated and could not keep your earlier demo data'),
  ).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
});

test('two tabs of one browser share its data: a write in one is not undone by the other', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await signInAs(page, 'risk_owner', '/risks');
  const project = await projectOfRisk4(page);

  const other = await context.newPage();
  const first = await createRisk(other, 'Static demo: written in the second tab');
  // The first tab, loaded before that write, writes next without loading a page again (a
  // navigation inside the SPA): from the data it had, unless the second tab's write reached it.
  await page.evaluate(
    (path) => {
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    },
    `${new URL(staticDemoUrl).pathname}create-risk/project`,
  );
  await submitRisk(page, project, 'Static demo: written in the first tab');

  await other.goto(first);
  await expect(
    other.getByRole('heading', { level: 1, name: 'Static demo: written in the second tab' }),
  ).toBeVisible();
});
