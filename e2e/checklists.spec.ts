import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * `/project-checklists` on the seed: pm has checklist 1 (Release readiness of Handmade Ball
 * panel, available, five items) among 4 still waiting; admin has 13 (available) among 114; qcl
 * may only view its checklists (8 available).
 */

test.beforeEach(async ({ request }) => {
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

/** The sidebar's checklist counter, named by its full number. */
const counter = (page: Page, count: number) =>
  page.getByLabel(`${count} checklists to fill (available or in progress)`);

const item = (page: Page, number: number) =>
  page.getByRole('group', { name: new RegExp(`^Answer to item ${number}:`) });

test('pm fills and submits a checklist; the sidebar counter falls without a reload', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  test.slow();
  await signInAs('pm', '/project-checklists');
  const table = page.getByRole('table', { name: 'Project checklists table' });
  // The first screen after the server started loads its chunks cold.
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(counter(page, 4)).toHaveText('4');
  await expectAccessible();

  await table
    .getByRole('row')
    .filter({ hasText: 'Handmade Ball panel' })
    .getByRole('link', { name: 'Release readiness' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Release readiness' })).toBeVisible();
  await expect(page.getByText('Available', { exact: true })).toBeVisible();

  for (const number of [1, 2, 3, 4]) await item(page, number).getByLabel('Yes').check();
  await item(page, 5).getByLabel('No').check();
  await expect(page.getByText('In progress', { exact: true })).toBeVisible();
  await expect(page.getByText('Saved', { exact: true })).toHaveCount(5);
  await expectAccessible();

  // A “No” without a comment: Submit says what is missing and sends nothing.
  await page.getByRole('button', { name: 'Submit' }).click();
  const incomplete = page.getByRole('dialog', { name: 'The checklist is not complete yet' });
  await expect(incomplete).toContainText('One item answered “No” has no comment');
  await incomplete.getByRole('button', { name: 'Show the first one' }).click();
  await expect(page.getByText('Say why in the comment: a “No” needs one.')).toBeVisible();
  await page.getByLabel(/Comment on item 5/).fill('Client sign-off is booked for December 10.');
  await page.getByLabel(/Comment on item 5/).blur();
  await expect(page.getByText('Saving…')).toHaveCount(0);
  await expect(page.getByText('Saved', { exact: true })).toHaveCount(5);

  await page.getByRole('button', { name: 'Submit' }).click();
  const confirm = page.getByRole('dialog', { name: 'Submit this checklist?' });
  await confirm.getByRole('button', { name: 'Submit checklist' }).click();
  await expect(page.getByText('The checklist has been submitted.')).toBeVisible();
  await expect(counter(page, 3)).toHaveText('3');
  await expect(
    page.getByText('This checklist is submitted: it can no longer be changed.'),
  ).toBeVisible();
  await expect(item(page, 1).getByLabel('Yes')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Project checklists' }).first().click();
  await expect(
    table.getByRole('row').filter({ hasText: 'Handmade Ball panel' }).filter({
      hasText: 'Release readiness',
    }),
  ).toContainText('Submitted');
});

test('admin declines a checklist with a reason; 99+ stays above 99', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  test.slow();
  await signInAs('admin', '/project-checklists/13');
  await expect(page.getByRole('heading', { level: 1, name: 'Release readiness' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(counter(page, 114)).toHaveText('99+');

  await page.getByRole('button', { name: 'Decline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Decline this checklist?' });
  await dialog.getByRole('button', { name: 'Decline checklist' }).click();
  await expect(dialog.getByText('Give the reason for declining.')).toBeVisible();
  await expectAccessible();
  await dialog.getByLabel(/Reason/).fill('Project 11 ships no release this quarter.');
  await dialog.getByRole('button', { name: 'Decline checklist' }).click();
  await expect(page.getByText('The checklist has been declined.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('note')).toContainText(
    'Reason for declining: Project 11 ships no release this quarter.',
  );
  // The notice takes the focus that Decline, gone with the change, could not get back.
  await expect(page.getByRole('note')).toBeFocused();
  await expect(counter(page, 113)).toHaveText('99+');
  await expect(page.getByRole('button', { name: /Decline|Submit|Cancel checklist/ })).toHaveCount(
    0,
  );
});

test('qcl, without the write flags, reads checklists without a control', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('qcl', '/project-checklists?state=in_progress');
  const table = page.getByRole('table', { name: 'Project checklists table' });
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page.getByLabel('State')).toHaveValue('in_progress');
  await table.getByRole('link').first().click();
  await expect(
    page.getByText('You can read this checklist; filling it in is closed for you.'),
  ).toBeVisible();
  await expect(item(page, 1).getByLabel('Yes')).toBeDisabled();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Submit|Decline|Cancel checklist/ })).toHaveCount(
    0,
  );
  await expectAccessible();
});
