import { expect, test } from './fixtures';

/**
 * The project card's Project portfolio tab on the seed: project 1 (Handmade Ball panel, account
 * Stanton - Wyman) is in the programme Media platform renewal, has no parent, sub-projects 19 and 47,
 * and no dependency with project 201 (Practical Shoes monitor, same account). Only admin holds
 * CAN_EDIT_PROJECT_CARD; pm sees the card.
 */

const TAB = '/projects/1/project-portfolio';

test.beforeEach(async ({ request }) => {
  // Two dialogs, a second card and axe scans on a busy machine: more than the default 30 s.
  test.slow();
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

test('admin sets the parent, is refused the project as its own parent, and adds a dependency the other card shows reversed', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('admin', TAB);
  // The first screen after the server started loads its chunks cold.
  await expect(page.getByRole('heading', { name: 'Programme and parent project' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Media platform renewal')).toBeVisible();

  await page.getByRole('button', { name: 'Change programme and parent' }).click();
  const place = page.getByRole('dialog', { name: 'Programme and parent project' });
  const parent = place.getByRole('combobox', { name: 'Parent project' });
  await parent.fill('Handmade Ball');
  await page.getByRole('option', { name: 'Handmade Ball panel (Stanton - Wyman)' }).click();
  await place.getByRole('button', { name: 'Save' }).click();
  await expect(place.getByText('A project cannot be its own parent.')).toBeVisible();
  await parent.fill('Intelligent Pants');
  await page.getByRole('option', { name: 'Intelligent Pants panel (Stanton - Wyman)' }).click();
  await place.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('The programme and the parent project have been saved.'),
  ).toBeVisible();
  await expect(place).toBeHidden();
  await expect(page.getByRole('link', { name: 'Intelligent Pants panel' })).toHaveAttribute(
    'href',
    '/projects/213/project-portfolio',
  );

  await page.getByRole('button', { name: 'Add dependency' }).click();
  const add = page.getByRole('dialog', { name: 'Add a dependency' });
  await add.getByRole('combobox', { name: 'Other project' }).fill('Practical Shoes');
  await page.getByRole('option', { name: 'Practical Shoes monitor (Stanton - Wyman)' }).click();
  await add.getByLabel('Type').selectOption('deliverable');
  await add.getByLabel(/^Due date/).fill('01/15/2027');
  await add.getByLabel(/^Note/).fill('Needs the usage report.');
  await expectAccessible();
  await add.getByRole('button', { name: 'Add dependency' }).click();
  await expect(page.getByText('The dependency has been added.')).toBeVisible();
  const dependsOn = page.getByRole('table', { name: 'Handmade Ball panel depends on' });
  const row = dependsOn.getByRole('row', { name: /Practical Shoes monitor/ });
  await expect(row).toContainText('Deliverable');
  await expect(row).toContainText('01/15/2027');

  // The other project's card shows the same dependency the other way (its History: mock-server/placement.test.ts).
  await row.getByRole('link', { name: 'Practical Shoes monitor' }).click();
  await expect(page).toHaveURL(/\/projects\/201\/project-portfolio$/);
  const reverse = page.getByRole('table', {
    name: 'Projects that depend on Practical Shoes monitor',
  });
  await expect(reverse.getByRole('row', { name: /Handmade Ball panel/ })).toContainText(
    'Needs the usage report.',
  );
});

test('pm reads the tab without an edit control, at 1440 and 390 px', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('pm', TAB);
  await expect(page.getByRole('heading', { name: 'Programme and parent project' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Read-only for you.')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Projects that depend on Handmade Ball panel' }),
  ).toBeVisible();
  const main = page.getByRole('main');
  for (const name of [
    'Change programme and parent',
    'Add related project',
    'Add dependency',
    /^Actions/,
    /^Remove/,
  ])
    await expect(main.getByRole('button', { name })).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Refined Towels program' }).first()).toBeVisible();
  await expectAccessible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Dependencies' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible();
});
