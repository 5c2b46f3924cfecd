import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * `/approvals`: the requests waiting on the signed-in person across projects (issue 33), reached
 * from My work's "Approvals waiting on you". Filters in the URL, on the server; a table at 1440 px
 * and cards behind a Filters button at 390 px; a decision on a project's tab takes a request off.
 */

test.beforeEach(async ({ request }) => {
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

const rows = (page: Page) => page.locator('table tbody tr');
const sideways = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

test('pm at 1440 px: filters by project, kind and due date and searches, all in the URL', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs('pm', '/approvals');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Approvals waiting on you' }),
  ).toBeVisible();
  // The count once the list has come (the heading shows before it): one row a request it counts.
  const count = page.getByText(/^\d+ requests wait on your decision/);
  await expect(count).toBeVisible();
  const total = Number(/^\d+/.exec((await count.textContent()) ?? '')?.[0]);
  expect(total).toBeGreaterThan(1);
  await expect(rows(page)).toHaveCount(total);
  await expectAccessible();

  await page.getByLabel('Project').selectOption({ index: 1 });
  await expect(page).toHaveURL(/[?&]project=\d+/);
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: /requests$/ })).toHaveText(
    `1 of ${total} requests`,
  );
  await page.getByLabel('Due').selectOption('overdue');
  await expect(page).toHaveURL(/due=overdue/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().getByText('Overdue')).toBeVisible();

  // A kind none of them has: nothing matches, and the reset brings every request back.
  await page.getByLabel('Kind').selectOption('budget_change');
  await expect(page.getByText('No request matches the filters')).toBeVisible();
  await expectAccessible();
  await page.getByRole('button', { name: 'Reset filters' }).last().click();
  await expect(rows(page)).toHaveCount(total);
  await expect(page).toHaveURL(/\/approvals$/);

  await page.getByRole('searchbox').fill('tasty');
  await expect(page).toHaveURL(/search=tasty/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Tasty Gloves microchip');
  // The address keeps the filters: a reload shows the same list.
  await page.reload();
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('searchbox')).toHaveValue('tasty');
});

test('pm at 390 px: each request is a card, the filters behind a Filters button with chips', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('pm', '/approvals?due=overdue');
  await expect(rows(page).first()).toBeVisible();
  const chips = page.getByRole('list', { name: 'Filters in force' });
  await expect(chips).toContainText('Due: Overdue');
  await expect(page.getByLabel('Kind')).toHaveCount(0);
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  // A card shows its subject first, then each field with its name.
  await expect(rows(page).first().locator('th, td').first().getByRole('link')).toBeVisible();
  await expectAccessible();

  await page.getByRole('button', { name: 'Filters, 1 in force' }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await dialog.getByLabel('Kind').selectOption('profile_validation');
  await dialog.getByRole('button', { name: 'Show results' }).click();
  await expect(chips).toContainText('Kind: Profile validation');
  await page.getByRole('button', { name: 'Remove filter Due: Overdue' }).click();
  await expect(page).toHaveURL(/\/approvals\?kind=profile_validation$/);
  await expect(rows(page).first()).toBeVisible();
});

test('a request decided on its project tab leaves the list; someone with none is told so', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('qcl', '/approvals');
  await expect(rows(page).first()).toBeVisible();
  const before = await rows(page).count();
  await rows(page).first().getByRole('link').click();
  // The request opens on its project's tab, its heading focused.
  const request = page.locator('h3:focus');
  await expect(request).toHaveCount(1);
  const card = page.locator('article', { has: request });
  await card.getByRole('button', { name: /^Approve/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Approve/ })
    .click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto('/approvals');
  await expect(rows(page)).toHaveCount(before - 1);

  await signInAs('supervisor', '/approvals');
  await expect(page.getByText('No approval waits on you')).toBeVisible();
  await expectAccessible();
});
