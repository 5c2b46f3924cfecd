import { expect, test } from './fixtures';
import { expectNoSidewaysScroll, filterChips } from './flows';

/**
 * The views across checks on the seed: admin sees every check; audit 10 (review completed) has a
 * major finding with an overdue corrective action, a minor one and an observation; pm lacks
 * CAN_VIEW_POLL_OUTCOMES, viewer every one of the three flags.
 */

test.beforeEach(async ({ request }) => {
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

test('admin searches the summaries by URL, filters them and opens a row into its check', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('admin', '/summary?search=escalated');
  const table = page.getByRole('table', { name: /^Check summaries/ });
  // The first screen after the server started loads its chunks cold.
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('escalated');
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toContainText('escalated');
  await expectAccessible();

  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Finished' });
  await expect(page).toHaveURL(/status=finished/);
  await expect(page).toHaveURL(/search=escalated/);
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await expect(table.getByText('Finished', { exact: true }).first()).toBeVisible();
  for (const status of await rows.locator('td:nth-child(4)').allTextContents())
    expect(status).toBe('Finished');

  // The row's project link; a Compare link sits beside it where a comparison exists.
  const link = rows.first().getByRole('rowheader').getByRole('link').first();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/survey\/\d+\/summary$/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Summary' })).toBeVisible();
});

test("/outcomes lists audit 10's findings, and /overview shows the project texts", async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('admin', '/outcomes');
  const table = page.getByRole('table', { name: /^Audit findings/ });
  await expect(table).toBeVisible({ timeout: 30_000 });
  const rows = table.locator('tbody tr');
  // Major findings come first: audit 10's is on the first page, its action overdue.
  const major = rows.filter({ hasText: 'No signed change requests for two scope changes' });
  await expect(major.getByRole('link')).toHaveAttribute('href', '/audit-survey/10/outcomes');
  await expect(major).toContainText('Major finding');
  await expect(major).toContainText('Overdue');

  await page.getByLabel('Severity', { exact: true }).selectOption({ label: 'Observation' });
  await page.getByRole('searchbox', { name: 'Search' }).fill('Lessons learned');
  await expect(page).toHaveURL(/severity=observation/);
  await expect(page).toHaveURL(/search=Lessons/);
  await expect(rows).toHaveCount(1);
  await expect(
    rows.getByRole('link', { name: 'Lessons learned kept in the wiki' }),
  ).toHaveAttribute('href', '/audit-survey/10/outcomes');
  await expectAccessible();

  await page.goto('/overview');
  const overviews = page.getByRole('table', { name: /^Project overviews/ });
  await expect(overviews).toBeVisible();
  await expect(overviews.locator('tbody tr')).toHaveCount(25);
  await expectAccessible();
});

test('the views hold at 390 px: no sideways page scroll, the filters behind a Filters button', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/overview', '/summary', '/outcomes']) {
    await signInAs('admin', `${path}?status=review_completed`);
    const table = page.getByRole('table');
    await expect(table).toBeVisible({ timeout: 30_000 });
    await expectNoSidewaysScroll(page);
    // No screen-high form: the list starts on the first screen, the filter in force a chip.
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveCount(0);
    expect((await table.boundingBox())!.y, path).toBeLessThan(600);
    await expect(filterChips(page).getByRole('listitem')).toHaveText([/^Status: Review completed/]);
    await expectAccessible();
  }
  await page.getByRole('button', { name: 'Filters, 1 in force' }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await dialog.getByLabel('Severity', { exact: true }).selectOption({ label: 'Major finding' });
  await expect(page).toHaveURL(/severity=major/);
  await dialog.getByRole('button', { name: 'Show results' }).click();
  await filterChips(page)
    .getByRole('button', { name: /^Remove filter Status/ })
    .click();
  await expect(page).not.toHaveURL(/status=/);
  await expect(filterChips(page).getByRole('listitem')).toHaveText([/^Severity: Major finding/]);
});

test('a persona without the flags is kept out', async ({ page, signInAs }) => {
  await signInAs('pm', '/outcomes');
  await expect(page.getByRole('heading', { name: 'You may not open this page' })).toBeVisible({
    timeout: 30_000,
  });
  await signInAs('viewer', '/overview');
  await expect(page.getByRole('heading', { name: 'You may not open this page' })).toBeVisible();
  await signInAs('viewer', '/summary');
  await expect(page.getByRole('heading', { name: 'You may not open this page' })).toBeVisible();
});
