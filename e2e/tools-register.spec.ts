import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll, filterChips } from './flows';

/**
 * The project card's Tools register on project 1 of the seed: ten tools, SonarQube's and Slack's
 * licences expired, GitLab's and Figma's expiring within 30 days, GitHub Copilot and Burp Suite not
 * approved. Only admin holds CAN_VIEW_TOOLS_REGISTER and CAN_EDIT_TECH_REGISTER among the personas.
 */

const TAB = '/projects/1/tools-register';

test.beforeEach(async ({ request }) => {
  // A form, a download and axe scans on a busy machine: more than the default 30 s.
  test.slow();
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

const register = (page: Page) => page.getByRole('table', { name: /^Tools register of / });
const toolNames = (page: Page) =>
  register(page)
    .locator('tbody th')
    .evaluateAll((cells) => cells.map((cell) => cell.firstChild?.textContent ?? ''));

test('admin adds a tool, then filters and sorts the register through the URL', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('admin', TAB);
  // The first screen after the server started loads its chunks cold.
  await expect(register(page)).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByText(
      '2 licences have expired; 2 licences expire within 30 days; 2 tools are not approved.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /tools$/ })).toHaveText('10 tools');
  await expectAccessible();

  await page.getByRole('button', { name: 'Add tool' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a tool to the register' });
  await dialog.getByLabel('Name').fill('Postman');
  await dialog.getByLabel('Category').selectOption('testing');
  await dialog.getByLabel(/^Version/).fill('11.2');
  await dialog.getByLabel('Licence type').selectOption('subscription');
  await dialog.getByLabel(/^Licence expiry/).fill('05/31/2027');
  await dialog.getByRole('combobox', { name: 'Owner' }).fill('Erik');
  await page.getByRole('option', { name: 'Erik Lindqvist (elindqvist)' }).click();
  await dialog.getByLabel('Approved for use on the project').check();
  await expectAccessible();
  await dialog.getByRole('button', { name: 'Add tool' }).click();
  await expect(page.getByText('The tool has been added to the register.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const postman = register(page).getByRole('row', { name: /Postman/ });
  await expect(postman).toContainText('05/31/2027 Valid');
  await expect(postman).toContainText('Erik Lindqvist');

  await page.getByLabel('Category').selectOption('testing');
  await expect(page).toHaveURL(/[?&]category=testing/);
  await expect.poll(() => toolNames(page)).toEqual(['Playwright', 'Postman', 'SonarQube']);
  await page.getByRole('button', { name: 'Expiry', exact: true }).click();
  await expect(page).toHaveURL(/[?&]sort=licence_expiry/);
  await expect.poll(() => toolNames(page)).toEqual(['SonarQube', 'Postman', 'Playwright']);
  await expect(page.getByRole('columnheader', { name: 'Expiry' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );

  // The URL is the view: a reload keeps the filter and the order.
  await page.reload();
  await expect.poll(() => toolNames(page)).toEqual(['SonarQube', 'Postman', 'Playwright']);
  await page.getByRole('button', { name: 'Show the licences to renew' }).click();
  await expect.poll(() => toolNames(page)).toEqual(['SonarQube']);
  await expectAccessible();

  await page.getByRole('tab', { name: 'History', exact: true }).click();
  const entry = page.getByRole('table').getByRole('row').nth(1);
  await expect(entry).toContainText('Tools register');
  await expect(entry).toContainText('Postman 11.2 (Testing, Subscription');
});

test('the export downloads the rows shown, in their order', async ({ page, signInAs }) => {
  await signInAs('admin', `${TAB}?licence=attention&sort=-licence_expiry`);
  await expect(register(page)).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => toolNames(page)).toHaveLength(4);
  const names = await toolNames(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export to Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^tools-register-project-1-\d{4}-\d{2}-\d{2}\.xlsx$/,
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  expect(sheet.name).toBe('Tools register');
  expect(sheet.getRow(1).values).toEqual([
    undefined,
    'Tool',
    'Category',
    'Version',
    'Licence type',
    'Licence expiry',
    'Licence state',
    'Owner',
    'Approved',
    'Notes',
  ]);
  expect(sheet.getColumn(1).values.slice(2)).toEqual(names);
  const states = sheet.getColumn(6).values.slice(2) as string[];
  expect(new Set(states)).toEqual(new Set(['Expired', 'Expiring soon']));
  const sonar = sheet.getRow(2 + names.indexOf('SonarQube'));
  expect(sonar.getCell(5).value).toEqual(new Date('2026-10-31T00:00:00Z'));
});

test('the auditor, without CAN_EDIT_TECH_REGISTER, reads the register without a control', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  // The auditor views the register and holds no flag to change it.
  await signInAs('auditor', TAB);
  await expect(register(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/10 tools · read-only for you/)).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: 'Add tool' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: /^Actions/ })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Export to Excel' })).toBeEnabled();
  await expectAccessible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(register(page)).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible();
});

test('on a phone the filters wait behind a Filters button; each filter in force is a chip that clears it', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('admin', `${TAB}?licence=expired`);
  await expect(register(page)).toBeVisible({ timeout: 30_000 });
  // No screen-high form above the register: its fields wait in the Filters dialog.
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveCount(0);
  await expect(filterChips(page).getByRole('listitem')).toHaveText(['Licence: Expired']);
  await expect(register(page).locator('tbody tr')).toHaveCount(2);
  await expectAccessible();

  await page.getByRole('button', { name: 'Filters, 1 in force' }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await dialog.getByLabel('Approved').selectOption({ label: 'Approved' });
  await expect(page).toHaveURL(/approved=yes/);
  await dialog.getByRole('button', { name: 'Show results' }).click();
  await filterChips(page).getByRole('button', { name: 'Remove filter Licence: Expired' }).click();
  await expect(page).not.toHaveURL(/licence=/);
  await expect(filterChips(page).getByRole('listitem')).toHaveText(['Approved: Approved']);
  await expectNoSidewaysScroll(page);
});
