import { expect, test } from './fixtures';

/**
 * Compare checks on the seed: health check 8 of project 8 (Finished, due 10/06/2026) has an
 * earlier finished health check of the same project, 101 (due 06/24/2026); both were answered
 * by a project manager, a QC lead, an expert and a main expert.
 */

test.beforeEach(async ({ request }) => {
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

test("admin goes from check 8's results to the comparison with the previous check and keeps only the changes", async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('admin', '/survey/8/results');
  const compare = page.getByRole('link', { name: 'Compare', exact: true });
  // The first screen after the server started loads its chunks cold.
  await expect(compare).toBeVisible({ timeout: 30_000 });
  await compare.click();
  await expect(page).toHaveURL(/\/checks\/compare\?left=8&right=101$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Compare checks' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'This check' })).toContainText('HC_8');
  await expect(page.getByRole('region', { name: 'Compared with' })).toContainText('HC_101');
  await expect(page.getByRole('combobox', { name: 'Other check' })).toHaveValue('101');

  const changed = page.locator('tbody tr[data-status="changed"]');
  await expect(changed.first()).toBeVisible();
  await expect(changed.first().getByText('Changed', { exact: true })).toBeVisible();
  await expectAccessible();

  // The project manager against the experts of check 8: some answers agree, some differ.
  await page.getByRole('radio', { name: 'Project manager and experts' }).click();
  await expect(page).toHaveURL(/mode=roles/);
  await expect(page.getByRole('region', { name: 'Experts' })).toBeVisible();
  const same = page.locator('tbody tr[data-status="same"]');
  await expect(same.first()).toBeVisible();
  await expect(changed.first().getByText('Differs', { exact: true })).toBeVisible();
  const changes = await changed.count();
  expect(changes).toBeGreaterThan(0);

  await page.getByRole('radio', { name: `Only changes (${changes})` }).click();
  await expect(page).toHaveURL(/only=changes/);
  await expect(same).toHaveCount(0);
  await expect(changed).toHaveCount(changes);
  await expectAccessible();
});

test('a /summary row leads to its comparison, which stacks on a phone', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('admin', '/summary?search=HC_8');
  const link = page.getByRole('link', { name: 'Compare Health check HC_8', exact: true });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await link.click();
  await expect(page).toHaveURL(/\/checks\/compare\?left=8&right=101$/);
  const firstRow = page.locator('tbody tr').first();
  await expect(firstRow).toBeVisible();
  // no sideways scroll: the page fits the phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await expectAccessible();
});
