import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The Ownership matrix of the project card against the seeded matrices: project 1's PMO matrix is
 * a valid draft validated once before; project 2's has an activity without an A ('Track the
 * budget and forecast'). admin holds every RACI flag; portfolio may view every function but
 * Security, and the last validated versions, without editing or validating.
 */

const MATRIX = '/projects/1/ownership-matrix';
const PLAN = 'Maintain the project plan';
const TWO_A = 'Exactly one A (accountable) per activity: found 2.';

// A card with sixty selects and several axe scans per test: room for a busy machine.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ request }) => {
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

const cell = (page: Page, role: string, activity: string) =>
  page.getByRole('combobox', { name: `${role} for “${activity}”` });
const rowOf = (page: Page, activity: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(activity) }) });
const matrix = (page: Page, fn: string) =>
  page.getByRole('table', { name: new RegExp(`^${fn} ownership matrix of`) });

/** How far the page itself scrolls sideways (0 when nothing overflows). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Opens the tab and waits for the PMO matrix. */
async function openMatrix(page: Page) {
  await expect(page.getByRole('heading', { level: 2, name: 'Ownership matrix' })).toBeVisible();
  await expect(matrix(page, 'PMO')).toBeVisible();
}

test('admin breaks the one-A rule, is refused, fixes it, saves and validates the PMO matrix', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  test.slow(); // the longest flow, with two axe scans of a page of sixty selects
  const writes: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/raci/') && request.method() !== 'GET') writes.push(request);
  });
  await signInAs('admin', MATRIX);
  await openMatrix(page);
  await expect(page.getByRole('tab', { name: 'PMO' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Changed since its last validation')).toBeVisible();

  // The project manager is accountable; a second A on the same activity breaks the rule.
  await expect(cell(page, 'Project manager', PLAN)).toHaveValue('A');
  await cell(page, 'Delivery manager', PLAN).selectOption('A');
  await expect(rowOf(page, PLAN)).toContainText(TWO_A);
  await expect(cell(page, 'Delivery manager', PLAN)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('1 activity breaks the rule')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'before saving' })).toContainText(
    'Fix the activity that breaks the rule before saving',
  );
  await expect(cell(page, 'Project manager', PLAN)).toBeFocused();
  expect(writes).toEqual([]);
  await expectAccessible();

  // The delivery manager becomes the one accountable; the project manager does the work.
  await cell(page, 'Project manager', PLAN).selectOption('R');
  await expect(rowOf(page, PLAN)).not.toContainText('Exactly one A');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The PMO matrix has been saved.')).toBeVisible();
  await expect(page.getByText(/Last saved by Alex Morgan \(amorgan\)/)).toBeVisible();
  expect(writes.map((request) => request.method())).toEqual(['PUT']);

  await page.getByRole('button', { name: 'Validate', exact: true }).click();
  // Validating replaces the last validated version: asked first (issue 33).
  const asked = page.getByRole('dialog', { name: /^Validate the PMO matrix of / });
  await expect(asked).toContainText('in place of the one validated before');
  await expectAccessible();
  await asked.getByRole('button', { name: 'Validate matrix' }).click();
  await expect(page.getByText(/Validated by Alex Morgan/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Validate', exact: true })).toHaveCount(0);
  await expect(cell(page, 'Delivery manager', PLAN)).toHaveValue('A');

  // The last validated version is the one just validated.
  await page.getByRole('button', { name: 'Last validated version' }).click();
  const snapshot = page.getByRole('region', { name: 'Last validated version', exact: true });
  await expect(snapshot).toContainText('Validated by Alex Morgan (amorgan)');
  await expect(snapshot.getByRole('combobox')).toHaveCount(0);
  await expectAccessible();

  // Both steps are in the card's History.
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('table', { name: /Changes made on/ });
  await expect(history).toContainText(`PMO: ${PLAN}`);
  await expect(history).toContainText('Delivery manager: A');
  await expect(history.getByRole('row').filter({ hasText: 'PMO: status' })).toContainText(
    'Validated',
  );
});

test('unsaved changes are asked about before leaving the tab or switching function', async ({
  page,
  signInAs,
}) => {
  await signInAs('admin', MATRIX);
  await openMatrix(page);
  await cell(page, 'Client', PLAN).selectOption('C');

  await page.getByRole('tab', { name: 'History' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(cell(page, 'Client', PLAN)).toHaveValue('C');

  await page.getByRole('tab', { name: 'SLA', exact: true }).click();
  const discard = page.getByRole('dialog', { name: 'Leave the PMO matrix without saving?' });
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Discard changes' }).click();
  await expect(matrix(page, 'SLA')).toBeVisible();
  await expect(page).toHaveURL(/function=sla/);
});

test('portfolio sees the matrices read-only, without the Security function', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('portfolio', MATRIX);
  await openMatrix(page);
  const functions = page.getByRole('tablist', { name: 'Functions' });
  await expect(functions.getByRole('tab')).toHaveText([
    'PMO',
    'SLA',
    'BAO',
    'QMO',
    'SDO',
    'PDMO',
    'TCO',
  ]);
  await expect(matrix(page, 'PMO').getByRole('combobox')).toHaveCount(0);
  await expect(matrix(page, 'PMO').getByTitle('Accountable')).toHaveCount(8);
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Validate', exact: true })).toHaveCount(0);
  await expectAccessible();

  await page.getByRole('button', { name: 'Last validated version' }).click();
  const snapshot = page.getByRole('region', { name: 'Last validated version', exact: true });
  await expect(snapshot).toContainText('Validated by');
  await expect(snapshot.getByRole('table')).toBeVisible();
  await expectAccessible();
});

test('at 390 px the matrix scrolls inside its frame and shows the broken rule of project 2', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('admin', '/projects/2/ownership-matrix');
  await openMatrix(page);
  await expect(rowOf(page, 'Track the budget and forecast')).toContainText(
    'Exactly one A (accountable) per activity: none found.',
  );
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  const frame = page.getByRole('region', { name: /^PMO ownership matrix of/ });
  const scroll = await frame.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(scroll).toBeGreaterThan(0);
  // The activity column stays at the frame's left edge while the roles scroll.
  const stuck = await frame.evaluate((element) => {
    element.scrollTo({ left: element.scrollWidth });
    const header = [...element.querySelectorAll('tbody th')].find((th) =>
      th.textContent?.startsWith('Track the budget'),
    )!;
    return {
      scrolled: element.scrollLeft,
      offset: header.getBoundingClientRect().left - element.getBoundingClientRect().left,
    };
  });
  expect(stuck.scrolled).toBeGreaterThan(0);
  expect(Math.abs(stuck.offset)).toBeLessThanOrEqual(2);
  await expectAccessible();

  // PMO was never validated here; SLA was: its read-only letters hold at that width too.
  await page.getByRole('button', { name: 'Last validated version' }).click();
  await expect(page.getByRole('heading', { name: 'Never validated' })).toBeVisible();
  await page.getByRole('tab', { name: 'SLA', exact: true }).click();
  await expect(matrix(page, 'SLA')).toBeVisible();
  await page.getByRole('button', { name: 'Last validated version' }).click();
  await expect(
    page.getByRole('region', { name: 'Last validated version', exact: true }).getByRole('table'),
  ).toBeVisible();
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
});
