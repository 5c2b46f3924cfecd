import { expect, test } from './fixtures';
import { expectNoSidewaysScroll, typeDate } from './flows';

/**
 * `/planning/periods` on the seed: 2026 Q3 closed, 2026 Q4 open (10/01/2026 to 12/31/2026), 2027 Q1
 * a draft. admin holds every planner period flag; portfolio may only view them.
 */

test.beforeEach(async ({ request }) => {
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

test('admin creates a period; an overlapping open one is refused on its field', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  test.slow();
  await signInAs('admin', '/planning/periods');
  await expect(page.getByRole('heading', { level: 1, name: 'Planner periods' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Planner periods table' });
  // The first screen after the server started loads its chunks cold.
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(table.getByRole('row').filter({ hasText: '2026 Q4' })).toContainText(
    '10/01/202612/31/202613 weeks 1 dayOpen',
  );
  // The shell's banner stays hidden on the periods pages.
  await expect(page.getByRole('complementary', { name: 'Announcement' })).toHaveCount(0);
  await expectAccessible();

  await page.getByRole('button', { name: 'New period' }).click();
  const dialog = page.getByRole('dialog', { name: 'New period' });
  await dialog.getByLabel('Name').fill('2027 Q2');
  await typeDate(dialog.getByLabel('Start date'), '04/01/2027');
  await typeDate(dialog.getByLabel('End date'), '06/30/2027');
  await dialog.getByRole('button', { name: 'Create period' }).click();
  await expect(page.getByText('The period has been created.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row').filter({ hasText: '2027 Q2' })).toContainText(
    '04/01/202706/30/202713 weeksDraft',
  );

  // Open at once, across the end of the open quarter: refused before anything is sent…
  await page.getByRole('button', { name: 'New period' }).click();
  await dialog.getByLabel('Name').fill('Year-end push');
  await typeDate(dialog.getByLabel('Start date'), '12/01/2026');
  await typeDate(dialog.getByLabel('End date'), '01/15/2027');
  await dialog.getByLabel('Start as').selectOption({ label: 'Open' });
  await dialog.getByRole('button', { name: 'Create period' }).click();
  const overlap = 'Overlaps the open period “2026 Q4” (10/01/2026 to 12/31/2026).';
  const start = dialog.getByLabel('Start date');
  await expect(dialog.getByText(overlap)).toBeVisible();
  await expect(start).toBeFocused();
  await expect(start).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible();

  // As a draft it may overlap; it cannot be opened while 2026 Q4 is.
  await dialog.getByLabel('Start as').selectOption({ label: 'Draft' });
  await dialog.getByRole('button', { name: 'Create period' }).click();
  await expect(page.getByText('The period has been created.').last()).toBeVisible();
  await expect(dialog).toBeHidden();
  const push = table.getByRole('row').filter({ hasText: 'Year-end push' });
  await push.getByRole('button', { name: 'Open Year-end push' }).click();
  const blocked = page.getByRole('dialog', { name: '“Year-end push” cannot be opened yet' });
  await expect(blocked).toContainText('It overlaps the open period “2026 Q4”');
  await blocked.getByRole('button', { name: 'Cancel' }).click();

  // Closing the open quarter says it cannot be undone; then the draft may open.
  await table
    .getByRole('row')
    .filter({ hasText: '2026 Q4' })
    .getByRole('button', { name: 'Close 2026 Q4' })
    .click();
  const closing = page.getByRole('dialog', { name: 'Close “2026 Q4”?' });
  await expect(closing).toContainText('Closing cannot be undone');
  await closing.getByRole('button', { name: 'Close period' }).click();
  await expect(table.getByRole('row').filter({ hasText: '2026 Q4' })).toContainText(
    'Closed for good',
  );
  await push.getByRole('button', { name: 'Open Year-end push' }).click();
  await page
    .getByRole('dialog', { name: 'Open “Year-end push”?' })
    .getByRole('button', { name: 'Open period' })
    .click();
  await expect(push.getByText('Open', { exact: true })).toBeVisible();
  await expectAccessible();
});

test('the server refuses an overlapping open period by field when the list is stale', async ({
  page,
  browser,
  signInAs,
}) => {
  test.slow();
  await signInAs('admin', '/planning/periods');
  const table = page.getByRole('table', { name: 'Planner periods table' });
  await expect(table).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'New period' }).click();
  const dialog = page.getByRole('dialog', { name: 'New period' });
  await dialog.getByLabel('Name').fill('Spring');
  await typeDate(dialog.getByLabel('Start date'), '02/01/2027');
  await typeDate(dialog.getByLabel('End date'), '04/30/2027');
  await dialog.getByLabel('Start as').selectOption({ label: 'Open' });
  // Meanwhile someone else opens 2027 Q1 (this page still shows it as a draft).
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/fake-auth?as=admin&redirectTo=%2Fplanning%2Fperiods');
  await otherPage.getByRole('button', { name: 'Open 2027 Q1' }).click();
  await otherPage
    .getByRole('dialog', { name: 'Open “2027 Q1”?' })
    .getByRole('button', { name: 'Open period' })
    .click();
  await expect(
    otherPage.getByText('The period has been opened: checks can be planned in it.'),
  ).toBeVisible();
  await other.close();
  await dialog.getByRole('button', { name: 'Create period' }).click();
  await expect(
    dialog.getByText('Overlaps the open period “2027 Q1” (01/01/2027 to 03/31/2027).'),
  ).toBeVisible();
  await expect(dialog.getByLabel('Start date')).toBeFocused();
  await expect(dialog.getByLabel('Name')).toHaveValue('Spring');
  await expect(dialog.getByLabel('End date')).toHaveValue('04/30/2027');
});

test('portfolio sees the periods read-only, without a single button', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('portfolio', '/planning/periods');
  const table = page.getByRole('table', { name: 'Planner periods table' });
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(page.getByRole('button', { name: 'New period' })).toHaveCount(0);
  await expect(table.getByRole('button')).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await page.getByLabel('State').selectOption({ label: 'Draft' });
  await expect(page).toHaveURL(/\?state=draft$/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expectAccessible();
});

test('at 390 px each period is a card no wider than the screen, its buttons in reach of the keyboard', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('admin', '/planning/periods');
  const table = page.getByRole('table', { name: 'Planner periods table' });
  await expect(table).toBeVisible({ timeout: 30_000 });
  // Cards, not a table that scrolls sideways inside its box.
  await expect(page.getByRole('region', { name: /\(scrolls\)$/ })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  const draft = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: '2027 Q1', exact: true }) });
  const card = (await draft.boundingBox())!;
  expect(card.x).toBeGreaterThanOrEqual(0);
  expect(card.x + card.width).toBeLessThanOrEqual(390);
  expect(await table.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  // The name is the card's title; each value follows under its column's name.
  const [title, start] = await Promise.all([
    draft.getByRole('rowheader').boundingBox(),
    draft.getByRole('cell').first().boundingBox(),
  ]);
  expect(title!.y).toBeLessThan(start!.y);
  await expect(draft.getByRole('cell').first()).toHaveText('Start01/01/2027');
  await expectAccessible();

  // Tab goes from the card's Edit to its Open; Enter asks first.
  await draft.getByRole('button', { name: 'Edit 2027 Q1' }).focus();
  await page.keyboard.press('Tab');
  await expect(draft.getByRole('button', { name: 'Open 2027 Q1' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Open “2027 Q1”?' })).toBeVisible();
  await expectAccessible();
  await page.keyboard.press('Escape');
  await expect(draft.getByRole('button', { name: 'Open 2027 Q1' })).toBeFocused();
});
