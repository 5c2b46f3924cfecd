import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { staticDemoUrl } from '../../playwright.static-demo.config';
import { expect, test as base, type PersonaId } from '../fixtures';

/**
 * The static demo (issue 31) built for a sub-path and served by a plain static server with no
 * /api: the mock's areas answer in the page's service worker, and the visitor's data lives in the
 * browser's IndexedDB. Addresses here are relative to the base path (no leading slash).
 */
const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function names.
  baseURL: async ({}, use) => {
    await use(staticDemoUrl);
  },
});

const STATEMENT = 'Static demo: the supplier may not deliver the test rigs in time';

/** Signs in by a shareable persona link and waits for the signed-in header. */
async function signInAs(page: Page, persona: PersonaId, redirectTo: string) {
  await page.goto(`fake-auth?as=${persona}&redirectTo=${encodeURIComponent(redirectTo)}`);
  await expect(page.getByRole('banner')).toBeVisible();
}

/** The project of fixture risk 4, to pick in the risk form. */
async function projectOfRisk4(page: Page): Promise<string> {
  await page.goto('risks/4');
  return (await page.getByText(/^Project risk · /).innerText()).split(' · ')[1]!;
}

/** Fills in the open 'New risk' form in this project and creates it; the new risk's address. */
async function submitRisk(page: Page, project: string, statement: string): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: 'New risk' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Project' }).fill(project.slice(0, 6));
  await page.getByRole('option', { name: project }).click();
  await page.getByRole('textbox', { name: 'Statement' }).fill(statement);
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Scope' });
  await page.getByRole('combobox', { name: 'Probability' }).selectOption({ label: 'High' });
  await page.getByRole('combobox', { name: 'Impact' }).selectOption({ label: 'Moderate' });
  await page.getByRole('button', { name: 'Create risk' }).click();
  await expect(page.getByText('The risk has been created.')).toBeVisible();
  await expect(page).toHaveURL(/\/pep-demo\/risks\/\d+$/);
  return page.url();
}

/** Creates a project risk with this statement; its address. */
async function createRisk(page: Page, statement: string): Promise<string> {
  const project = await projectOfRisk4(page);
  await page.goto('create-risk/project');
  return submitRisk(page, project, statement);
}

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

test('a visitor signs in by a persona link, creates a risk, keeps it over a reload and resets the demo data', async ({
  page,
  browser,
  expectAccessible,
}) => {
  test.setTimeout(60_000);
  await signInAs(page, 'risk_owner', '/risks');
  await expect(page).toHaveURL(`${staticDemoUrl}risks`);
  await expect(page.getByRole('heading', { level: 1, name: 'Risks and issues' })).toBeVisible();
  const rows = page.getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  await expectAccessible();

  const created = await createRisk(page, STATEMENT);

  // Kept in this browser: a reload (a new start of the worker's runtime) still has it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: STATEMENT })).toBeVisible();

  // Another browser (its own storage) has its own data: not this visitor's risk.
  const other = await browser.newContext({ baseURL: staticDemoUrl });
  const otherPage = await other.newPage();
  await signInAs(otherPage, 'risk_owner', created.slice(staticDemoUrl.length - 1));
  await expect(otherPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(otherPage.getByRole('heading', { level: 1, name: STATEMENT })).toHaveCount(0);
  await other.close();

  // The header's "Demo data" control resets this visitor's data, after a confirmation.
  await page.getByRole('button', { name: 'Demo data' }).click();
  await page.getByRole('menuitem', { name: 'Reset demo data…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset the demo data?' });
  await expect(dialog).toBeVisible();
  await expectAccessible();
  await dialog.getByRole('button', { name: 'Reset demo data' }).click();
  await expect(page.getByText('Demo data reset: everything is back to the start')).toBeVisible();
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
