import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * One search across the product: the header's Search button and Ctrl+K open it from any page; the
 * results come grouped by kind, the arrow keys and Enter open one, and each is a real link.
 */

test.beforeEach(async ({ request }) => {
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const box = (page: Page) => dialog(page).getByRole('combobox');
const results = (page: Page) => dialog(page).getByRole('listbox', { name: 'Results' });

/** Project 1's name and code, as its card shows them. */
async function projectOne(page: Page) {
  await page.goto('/projects/1');
  const name = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
  const code = (await page.getByText(/^[A-Z]{3}-0001$/).innerText()).trim();
  return { name, code };
}

test('Ctrl+K opens the search, a code finds its project, Enter opens the card', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('admin', '/projects/1');
  const project = await projectOne(page);
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.keyboard.press('Control+k');
  await expect(dialog(page)).toBeVisible();
  await expect(box(page)).toBeFocused();
  await expect(dialog(page).getByRole('status')).toHaveText(/Type at least 2 letters/);

  await page.keyboard.type(project.code.toLowerCase());
  const option = results(page).getByRole('option', { name: new RegExp(project.name) });
  await expect(option).toBeVisible();
  await expect(option).toHaveAttribute('href', '/projects/1');
  await expect(dialog(page).getByRole('group', { name: /Projects/ })).toBeVisible();
  await expect(dialog(page).getByRole('status')).toHaveText(/found\. Use the arrow keys/);
  await expectAccessible();

  // The first result is highlighted; Enter opens it and the dialog closes.
  await expect(box(page)).toHaveAttribute('aria-activedescendant', 'app-search-result-0');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/projects\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: project.name })).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
});

test('the header button opens it; the arrows walk across groups; nothing found says so', async ({
  page,
  signInAs,
}) => {
  await signInAs('admin', '/');
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  await expect(box(page)).toBeFocused();

  await box(page).fill('an');
  const options = results(page).getByRole('option');
  await expect(options.first()).toBeVisible();
  const count = await options.count();
  expect(count).toBeGreaterThan(5);
  // Every result is a link into the app.
  for (const href of await options.evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
    expect(href).toMatch(/^\/[a-z]/);

  await page.keyboard.press('ArrowDown');
  await expect(box(page)).toHaveAttribute('aria-activedescendant', 'app-search-result-1');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(box(page)).toHaveAttribute(
    'aria-activedescendant',
    `app-search-result-${count - 1}`,
  );
  const last = options.nth(count - 1);
  const target = await last.getAttribute('href');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${target!.replace(/[?]/g, '\\?')}$`));

  await page.keyboard.press('Control+k');
  await box(page).fill('zzqx no such thing');
  await expect(dialog(page).getByRole('status')).toHaveText(
    'Nothing matches “zzqx no such thing”.',
  );
  await expect(results(page).getByRole('option')).toHaveCount(0);
  // Escape closes it.
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
});

test('a viewer finds only what they may see, on a phone too', async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signInAs('viewer', '/');
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  await box(page).fill('an');
  // A client-side viewer sees the one risk sent to them: no project, account, check or person.
  await expect(dialog(page).getByRole('status')).toHaveText(/^1 found\./);
  await expect(dialog(page).getByRole('group')).toHaveCount(1);
  await expect(dialog(page).getByRole('group')).toHaveAccessibleName(/^Risks/);
  await expect(results(page).getByRole('option')).toHaveAttribute('href', /^\/risks\/\d+$/);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});
