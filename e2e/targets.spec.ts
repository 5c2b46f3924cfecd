import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The project card's Targets and Security commitments tabs on project 1 of the seed: its project
 * targets of 2026-Q3 and Q4 (never team attrition), the account's targets for it, and five
 * commitments, two of them suggestions (one owned by admin, one by pm). qcl may only suggest.
 */

test.beforeEach(async ({ request }) => {
  // Three tabs, two personas and five axe scans each: more than the default 30 s on a busy machine.
  test.slow();
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

/** The quarter the browser is in, as the Add dialog proposes it: `2026-Q4`. */
const thisQuarter = (page: Page) =>
  page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-Q${Math.floor(now.getMonth() / 3) + 1}`;
  });

/** Opens a tab of the card through its tab list, as a user would. */
async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
}

test('admin adds a project target: a wrong value is kept and explained, then it shows everywhere', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('admin', '/projects/1/targets');
  const projectTargets = page.getByRole('region', { name: 'Project targets', exact: true });
  // The first screen after the server started loads its chunks cold.
  await expect(page.getByRole('table', { name: 'Project targets table' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.getByRole('table', { name: 'Account targets for this project table' }),
  ).toBeVisible();
  await expectAccessible();

  await projectTargets.getByRole('button', { name: 'Add project target' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add project target' });
  const quarter = await thisQuarter(page);
  await expect(dialog.getByLabel('Period')).toHaveValue(quarter);
  await dialog.getByLabel('Metric').selectOption({ label: 'Team attrition %' });
  await expect(dialog.getByText('A percentage from 0 to 100; lower is better.')).toBeVisible();
  const planned = dialog.getByLabel('Planned value');
  await planned.fill('8,5');
  await dialog.getByRole('button', { name: 'Add target' }).click();
  await expect(dialog.getByText('Enter a number, for example 95 or 4.5.')).toBeVisible();
  await expect(planned).toHaveValue('8,5');
  await expect(planned).toBeFocused();
  await expect(planned).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible();

  await planned.fill('8');
  await dialog.getByLabel('Actual value').fill('9');
  await dialog.getByRole('button', { name: 'Add target' }).click();
  await expect(page.getByText('The target has been added.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page
    .getByRole('table', { name: 'Project targets table' })
    .getByRole('row')
    .filter({ hasText: 'Team attrition %' });
  await expect(row).toContainText(quarter);
  // Lower is better: 9% against 8% planned is within the metric's tolerance.
  await expect(row).toContainText('At risk');

  await openTab(page, 'Overview');
  const glance = page.getByRole('region', { name: 'Targets at a glance' });
  await expect(glance.getByRole('listitem').filter({ hasText: 'Team attrition %' })).toContainText(
    '9% vs 8% planned',
  );
  await expect(glance.getByRole('listitem').filter({ hasText: 'Team attrition %' })).toContainText(
    'At risk',
  );
  await expectAccessible();
  await glance.getByRole('link', { name: 'Open the project’s targets' }).click();
  await expect(page).toHaveURL('/projects/1/targets');

  await openTab(page, 'History');
  const entry = page.getByRole('table').getByRole('row').nth(1);
  await expect(entry).toContainText('Alex Morgan (amorgan)');
  await expect(entry).toContainText('Targets');
  await expect(entry).toContainText('Project target');
  await expect(entry).toContainText(`Team attrition %, ${quarter}: planned 8%, actual 9%`);
});

test('qcl suggests a commitment owned by admin; only admin may accept it, and does', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  const title = 'Run a penetration test before go-live';
  await signInAs('qcl', '/projects/1/security-commitments');
  const table = page.getByRole('table', { name: /^Security commitments of / });
  await expect(table).toBeVisible({ timeout: 30_000 });
  // qcl holds CAN_SUGGEST_COMMITMENTS only: no adding, no row menu.
  await expect(page.getByRole('button', { name: 'Add commitment' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Actions/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Suggest a commitment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suggest a security commitment' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('combobox', { name: 'Owner' }).fill('Alex');
  await page.getByRole('option', { name: 'Alex Morgan (amorgan)' }).click();
  await dialog.getByLabel('Due date').fill('03/31/2027');
  await expect(dialog.getByLabel('State')).toHaveCount(0);
  await expectAccessible();
  await dialog.getByRole('button', { name: 'Send suggestion' }).click();
  await expect(page.getByText('Your suggestion has been sent to its owner.')).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Alex Morgan (amorgan)');
  await expect(row).toContainText('03/31/2027');
  await expect(row).toContainText('Suggestedby Omar Haddad (ohaddad)');
  // Not the owner: no answer buttons for qcl.
  await expect(row.getByRole('button')).toHaveCount(0);

  await signInAs('admin', '/projects/1/security-commitments');
  await expect(page.getByText('2 suggestions wait for your answer')).toBeVisible();
  const adminRow = page
    .getByRole('table', { name: /^Security commitments of / })
    .getByRole('row')
    .filter({ hasText: title });
  // The suggestion owned by pm has no Accept button for admin, though admin holds every flag.
  const pmRow = page.getByRole('row').filter({ hasText: 'Priya Nair (pnair)' }).filter({
    hasText: 'Suggested',
  });
  await expect(pmRow.getByRole('button', { name: /^Accept/ })).toHaveCount(0);
  await expectAccessible();
  await adminRow.getByRole('button', { name: `Accept “${title}”` }).click();
  await expect(page.getByText('You accepted the commitment: it is open now.')).toBeVisible();
  await expect(adminRow).toContainText('Open');
  await expect(adminRow).not.toContainText('Suggested');
  await expect(page.getByText('1 suggestion waits for your answer')).toBeVisible();

  await openTab(page, 'History');
  const entry = page.getByRole('table').getByRole('row').nth(1);
  await expect(entry).toContainText('Security commitments');
  await expect(entry).toContainText(`${title}: state`);
  await expect(entry).toContainText('Open (accepted by the owner)');
});

test('a persona without the flags sees both tabs read-only', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  // The expert views the card but holds no flag of targets or commitments and owns no suggestion.
  await signInAs('expert', '/projects/1/targets');
  await expect(page.getByRole('table', { name: 'Project targets table' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.getByRole('table', { name: 'Account targets for this project table' }),
  ).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: /^Add / })).toHaveCount(0);
  await expect(main.getByRole('button', { name: /^(Change|Delete) / })).toHaveCount(0);
  await expectAccessible();

  await openTab(page, 'Security commitments');
  await expect(page.getByRole('table', { name: /^Security commitments of / })).toBeVisible();
  await expect(page.getByText('Overdue').first()).toBeVisible();
  for (const name of [/^Add commitment/, /^Suggest/, /^Actions/, /^Accept/, /^Decline/])
    await expect(main.getByRole('button', { name })).toHaveCount(0);
  await expectAccessible();
});
