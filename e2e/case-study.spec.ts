import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The project card's Case study. The seed: project 1's case study is published (the client
 * agreed), project 2's in review, project 3's a draft; project 4 has none. pm holds
 * CAN_VIEW_CASE_STUDY and CAN_EDIT_CASE_STUDY; qcl only views.
 */

const PERMISSION_NEEDED =
  'A case study is published only with the client’s permission to publish: record the permission as Yes first.';

test.beforeEach(async ({ request, page }) => {
  // A form, a printable page and five axe scans on a busy machine: more than the default 30 s.
  test.slow();
  expect((await request.post('/__mock/reset')).status()).toBe(204);
  await page.setViewportSize({ width: 1440, height: 900 });
});

/** No sideways scroll at the current width. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('pm writes a case study, publishes it once the client agreed, and prints it', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('pm', '/projects/4/case-study');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'No case study yet' })).toBeVisible({
    timeout: 30_000,
  });
  await main.getByRole('button', { name: 'Start a case study' }).click();

  const form = page.getByRole('form', { name: 'Case study' });
  await form.getByLabel('Title').fill('A weekly release train for a retailer');
  await form.getByLabel(/^Challenge/).fill('Releases took a weekend and failed at every peak.');
  await form.getByLabel(/^Approach/).fill('One pipeline with contract tests, weekly releases.');
  await form.getByLabel(/^Results/).fill('Lead time fell from 19 days to 2.');
  await form.getByLabel('Quote').fill('Our peak season was a non-event.');
  await form.getByLabel('Said by').fill('Dana Whitfield, CTO');
  await expectAccessible();

  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('The case study has been saved.')).toBeVisible();
  await expect(form.getByText(/Last saved .+ by Priya Nair/)).toBeVisible();

  // Publishing waits for the review and for the client's permission, and says so.
  const publish = form.getByRole('button', { name: 'Publish' });
  await expect(publish).toBeDisabled();
  await expect(form.getByText(PERMISSION_NEEDED)).toBeVisible();

  await form.getByRole('radio', { name: 'Yes' }).check();
  await form.getByLabel('Answered by').fill('Dana Whitfield, CTO');
  await form.getByLabel('Answered on').fill('10/14/2026');
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('The case study has been submitted for review.')).toBeVisible();
  await expect(form.getByText('In review', { exact: true })).toBeVisible();
  await expect(form.getByText(PERMISSION_NEEDED)).toBeHidden();
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('The case study has been published.')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Back to draft' })).toBeVisible();
  await expect(
    main.getByRole('heading', { name: 'A weekly release train for a retailer' }),
  ).toBeVisible();

  // Each field and each move in the card's History.
  await page.getByRole('tab', { name: 'History', exact: true }).click();
  const entries = page.getByRole('table').getByRole('row');
  await expect(entries.nth(1)).toContainText('Case study');
  await expect(entries.nth(1)).toContainText('In reviewPublished');
  await expect(entries.filter({ hasText: 'Permission to publish' })).toContainText('PendingYes');
  await page.getByRole('tab', { name: 'Case study', exact: true }).click();

  await main.getByRole('link', { name: 'Printable view' }).click();
  await expect(page).toHaveURL(/\/projects\/4\/case-study\/print$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'A weekly release train for a retailer' }),
  ).toBeVisible();
  // No app chrome: no header, no sidebar.
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByText(/^Account:?$/)).toBeVisible();
  await expect(page.getByText('Permission to publish:')).toBeVisible();
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await page.getByRole('button', { name: 'Print' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
  await expectAccessible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
});

test('qcl reads the case study without the edit flag', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('qcl', '/projects/1/case-study');
  const main = page.getByRole('main');
  await expect(main.getByText(/read-only for you/)).toBeVisible({ timeout: 30_000 });
  await expect(main.getByRole('heading', { level: 3 })).toHaveText(/Peak season/);
  await expect(main.getByText('Permission to publish:')).toBeVisible();
  await expect(main.getByRole('form')).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Back to draft' })).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Printable view' })).toBeVisible();
  await expectAccessible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(main.getByText(/read-only for you/)).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await expectAccessible();
});
