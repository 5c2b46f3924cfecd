import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The project card's ISO 9001 Compliance tab on project 1 of the seed: 4.1 compliant with its
 * master contract, 9.2 not compliant with its review overdue (no audit), 7.1 Resources and 8.3
 * Design and development not assessed. Only admin holds CAN_EDIT_PROJECT_CARD.
 */

const TAB = '/projects/1/iso-9001-compliance';

test.use({ viewport: { width: 1440, height: 900 } });

test.beforeEach(async ({ request }) => {
  // A form, a download and axe scans on a busy machine: more than the default 30 s.
  test.slow();
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

const summary = (page: Page) => page.getByRole('table', { name: /by clause$/ });
const clauseRow = (page: Page, name: RegExp) => summary(page).getByRole('row', { name });
const clause = (page: Page, title: string) => page.locator('summary', { hasText: title });

test('admin marks two requirements, sees the clause summary change and exports the readiness sheet', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('admin', TAB);
  // The first screen after the server started loads its chunks cold.
  await expect(summary(page)).toBeVisible({ timeout: 30_000 });
  const support = clauseRow(page, /^7 Support/);
  // Compliant, partly, not compliant, not applicable, not assessed, %, overdue.
  await expect(support.getByRole('cell')).toHaveText(['1', '0', '0', '0', '4', '20%', '0']);

  // 7.1 compliant, with one of the project's checks as evidence.
  await clause(page, '7 Support').click();
  await page.getByRole('button', { name: 'Assess 7.1' }).click();
  const resources = page.getByRole('dialog', { name: 'Assess 7.1 Resources' });
  await resources.getByLabel('Compliance state').selectOption('compliant');
  await resources.getByLabel(/^Check 71: Health check/).check();
  await expectAccessible();
  await resources.getByRole('button', { name: 'Save assessment' }).click();
  await expect(resources).toBeHidden();
  await expect(support.getByRole('cell')).toHaveText(['2', '0', '0', '0', '3', '40%', '0']);
  await expect(page.getByRole('link', { name: /^Check 71: Health check/ })).toHaveAttribute(
    'href',
    '/checks/71',
  );

  // 8.3 not applicable: refused without a justification, on the field.
  const operation = clauseRow(page, /^8 Operation/);
  const before = await operation.getByRole('cell').allTextContents();
  await clause(page, '8 Operation').click();
  await page.getByRole('button', { name: 'Assess 8.3' }).click();
  const design = page.getByRole('dialog', { name: /^Assess 8.3 Design and development/ });
  await design.getByLabel('Compliance state').selectOption('not_applicable');
  await design.getByRole('button', { name: 'Save assessment' }).click();
  await expect(
    design.getByText('Say why this requirement does not apply to the project.'),
  ).toBeVisible();
  await expect(design.getByLabel('Justification')).toBeFocused();
  await design
    .getByLabel('Justification')
    .fill('The client designs the product; we build to its specification.');
  await design.getByRole('button', { name: 'Save assessment' }).click();
  await expect(design).toBeHidden();
  await expect(operation.getByRole('cell').nth(3)).toHaveText(String(Number(before[3]) + 1));
  await expect(operation.getByRole('cell').nth(4)).toHaveText(String(Number(before[4]) - 1));

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export to Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^iso-9001-readiness-project-1-\d{4}-\d{2}-\d{2}\.xlsx$/,
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.getWorksheet('Readiness')!;
  expect(sheet.getRow(1).values).toEqual([
    undefined,
    'Clause',
    'Requirement',
    'State',
    'Evidence',
    'Responsible',
    'Review date',
    'Note',
  ]);
  const rowOf = (requirement: string) =>
    sheet.getRows(2, sheet.rowCount - 1)!.find((row) => row.getCell(2).value === requirement)!;
  const resourcesRow = rowOf('7.1 Resources');
  expect(resourcesRow.getCell(1).value).toBe('7 Support');
  expect(resourcesRow.getCell(3).value).toBe('Compliant');
  expect(String(resourcesRow.getCell(4).value)).toMatch(/^Check 71: Health check/);
  const designRow = rowOf('8.3 Design and development of products and services');
  expect(designRow.getCell(3).value).toBe('Not applicable');
  expect(designRow.getCell(7).value).toBe(
    'Not applicable because: The client designs the product; we build to its specification.',
  );
  expect(sheet.rowCount).toBe(1 + 28);

  await page.getByRole('tab', { name: 'History', exact: true }).click();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(
    'ISO 9001 Compliance',
  );
});

test('the auditor reads the tab without an edit control, at desktop and phone widths', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('auditor', `${TAB}?state=overdue`);
  await expect(summary(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('1 of 28 requirements · read-only for you')).toBeVisible();
  await expect(page.getByRole('heading', { name: '9.2 Internal audit' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: /^Assess/ })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Export to Excel' })).toBeEnabled();
  await expectAccessible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(summary(page)).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible();
});
