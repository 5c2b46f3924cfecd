import { expect, test } from './fixtures';

test.beforeEach(async ({ request }) => {
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

test('the checks list filters, sorts and pages through the URL', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('admin', '/checks');
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible();

  await page.getByLabel('Status').selectOption({ label: 'Expert review' });
  await expect(page).toHaveURL(/status=expert/);
  await expect(table.getByRole('row').nth(1)).toContainText('Expert review');
  const statuses = await table.locator('tbody tr td:nth-child(6)').allTextContents();
  expect(statuses.every((text) => text.includes('Expert review'))).toBe(true);

  await page.getByLabel('Search').fill('AUD_3');
  await expect(page).toHaveURL(/search=AUD_3/);
  await expect(table.locator('tbody tr').first()).toContainText('AUD_3');
  const indexes = await table.locator('tbody tr td:nth-child(5)').allTextContents();
  expect(indexes.every((text) => text.startsWith('AUD_3'))).toBe(true);

  // A reload keeps the filters.
  await page.reload();
  await expect(page.getByLabel('Search')).toHaveValue('AUD_3');
  await expect(page.getByLabel('Status')).toHaveValue('expert');
  await expect(table.locator('tbody tr')).toHaveCount(indexes.length);

  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expect(page).toHaveURL('/checks');
  await page.getByRole('button', { name: /^Due/ }).click();
  await expect(page).toHaveURL(/ordering=due_date/);
  await page
    .getByRole('navigation', { name: 'Pages' })
    .getByRole('button', { name: 'Next' })
    .click();
  await expect(page).toHaveURL(/page=2/);
});

test('check details: start a new check and change its main expert', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('admin', '/checks/6');
  await expect(page.getByText('New', { exact: true }).first()).toBeVisible();
  await expectAccessible();
  await page.getByRole('button', { name: 'Start check' }).click();
  await page
    .getByRole('dialog', { name: 'Start this check?' })
    .getByRole('button', { name: /Start/ })
    .click();
  await expect(page.getByText('The check has started.')).toBeVisible();
  await expect(page.getByText('Started', { exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Change main expert' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox').fill('Lindq');
  await dialog.getByRole('option', { name: /Erik Lindqvist/ }).click();
  await dialog.getByRole('button', { name: /Change/ }).click();
  await expect(page.getByText('You have successfully changed your Main Expert')).toBeVisible();
  await expect(page.getByRole('row', { name: /Main expert Erik Lindqvist/ })).toBeVisible();
});

test('configure a new check: index rules of spec §5, then the new check opens', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('admin', '/checks/configure_new');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Configure a new check' }),
  ).toBeVisible();
  await expectAccessible();
  await expect(
    page.getByText(
      'Specify index title up to 10 characters. Please use letters, numbers and "_" only.',
    ),
  ).toBeVisible();
  const index = page.getByLabel('Index');
  await index.fill('bad index!');
  await index.blur();
  await expect(
    page.getByText('Please use letters, numbers and "_" only.', { exact: true }),
  ).toBeVisible();
  await index.fill('HC_E2E_1');

  await page.getByRole('combobox', { name: 'Project' }).fill('in');
  await page.getByRole('listbox').getByRole('option').first().click();
  await page.getByLabel('Type').selectOption('health_check');
  await page.getByLabel('Model').selectOption('sdo');
  await page.getByLabel('Due date').fill('02/01/2027');
  await page.getByRole('button', { name: 'Configure check' }).click();
  await expect(page).toHaveURL(/\/checks\/\d+$/);
  // On the page, not only in the screen reader's announcement of its title.
  await expect(page.getByText('HC_E2E_1').and(page.locator(':not(#page-announcer)'))).toBeVisible();
});

test('the models page lists each model with its drivers and questions', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('admin', '/checks/models');
  await expect(page.getByRole('heading', { level: 2, name: 'Software delivery' })).toBeVisible();
  await page.getByLabel('Filter drivers and questions').fill('delivery plan');
  await expect(page.getByText('1 of 6 drivers match.')).toBeVisible();
  await page.getByRole('button', { name: 'QMO technical assessment' }).click();
  await expect(page).toHaveURL(/model=qmo_ta/);
  await expect(page.getByText('30 drivers.')).toBeVisible();
  await page.getByRole('button', { name: 'Software delivery' }).click();
  await expect(
    page.getByText('Is there an up-to-date delivery plan agreed with the client?'),
  ).toBeAttached();
  await expectAccessible();
});

test('a check the user may not see shows the one not-found state, with the way back', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('pm', '/checks/3');
  for (const path of ['/checks/3', '/audit-survey/3', '/survey/3/overview']) {
    await page.goto(path);
    await expect(
      page.getByRole('heading', { name: 'Looks like something went wrong' }),
      path,
    ).toBeVisible();
    await expect(page.getByText(/There is no check at.*that you may open/)).toContainText(path);
    await expect(page.getByRole('link', { name: 'Back to checks' })).toHaveAttribute(
      'href',
      '/checks',
    );
  }
  await expectAccessible();
  await page.getByRole('link', { name: 'Back to checks' }).click();
  await expect(page).toHaveURL('/checks');
});
