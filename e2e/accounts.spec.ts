import type { Page } from '@playwright/test';
import { expect, test, type PersonaId } from './fixtures';

type SignInAs = (persona: PersonaId, redirectTo?: string) => Promise<void>;

/**
 * Accounts against the fixtures: the account of canonical project 1 is owned by account_owner
 * (David Kowalski), with pm (Priya Nair) as its one extra assistant; Lucia Romero (risk_owner) is
 * none of its people. admin holds every flag; account_owner may view accounts but not edit them.
 */

const LUCIA = 'Lucia Romero (lromero)';
const PRIYA = 'Priya Nair (pnair)';

// Each test signs in and walks through several screens: room for a busy machine.
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ request }) => {
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

/**
 * Signs in on project 1's card and follows its header's link to its account (in the app, so the
 * SPA loads once): returns the account's name and path.
 */
async function openAccountOfProject1(page: Page, signInAs: SignInAs, persona: PersonaId) {
  await signInAs(persona, '/projects/1');
  const link = page.locator('dd a[href^="/accounts/"]');
  await expect(link).toBeVisible();
  const account = { name: await link.innerText(), path: (await link.getAttribute('href'))! };
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: account.name })).toBeVisible();
  return account;
}

const assistants = (page: Page) => page.getByRole('region', { name: 'Extra account assistants' });

test('admin searches the accounts and opens one', async ({ page, signInAs, expectAccessible }) => {
  const account = await openAccountOfProject1(page, signInAs, 'admin');
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Accounts' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await expect(page.getByRole('table', { name: /Accounts/ }).locator('tbody tr')).toHaveCount(20);
  await expectAccessible();

  await page.getByRole('searchbox', { name: 'Search' }).fill(account.name.slice(0, 7));
  await expect(page).toHaveURL(/search=/);
  await page.getByRole('link', { name: account.name, exact: true }).click();
  await expect(page).toHaveURL(account.path);
  await expect(page.getByRole('heading', { level: 1, name: account.name })).toBeVisible();
  await expect(assistants(page)).toContainText(PRIYA);
  await expectAccessible();
});

test('the CRM-owned fields have no edit control, and the business line opens from the account', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  const account = await openAccountOfProject1(page, signInAs, 'admin');

  const crm = page.getByRole('region', { name: 'Delivery owner and assistant' });
  await expect(crm).toContainText('David Kowalski (dkowalski)');
  await expect(crm).toContainText('changed in the CRM');
  const satisfaction = page.getByRole('region', { name: 'Client satisfaction' });
  await expect(satisfaction).toContainText('come from the CRM');
  for (const region of [crm, satisfaction]) {
    await expect(region.getByRole('button')).toHaveCount(0);
    await expect(region.getByRole('textbox')).toHaveCount(0);
    await expect(region.getByRole('combobox')).toHaveCount(0);
  }
  await expect(assistants(page)).toContainText('permissions on this platform only');

  const line = page.locator('dd a[href^="/accounts/business-lines/"]');
  const lineName = await line.innerText();
  await line.click();
  await expect(page.getByRole('heading', { level: 1, name: lineName })).toBeVisible();
  await expect(page.getByRole('link', { name: account.name, exact: true })).toHaveAttribute(
    'href',
    account.path,
  );
  await expect(page.getByRole('link', { name: 'Business line risks and issues' })).toBeVisible();
  await expectAccessible();
});

test('admin adds an extra assistant through the picker; removing one asks first', async ({
  page,
  signInAs,
}) => {
  await openAccountOfProject1(page, signInAs, 'admin');

  await page.getByRole('combobox', { name: 'Add an extra assistant' }).fill('Lucia');
  await page.getByRole('option', { name: LUCIA }).click();
  await page.getByRole('button', { name: 'Add assistant' }).click();
  await expect(page.getByText(`${LUCIA} is now an extra account assistant.`)).toBeVisible();
  await expect(assistants(page).getByRole('listitem').filter({ hasText: LUCIA })).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' })).toContainText(LUCIA);

  // Removing asks first; Cancel keeps the person.
  await page.getByRole('button', { name: `Remove ${PRIYA}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this extra account assistant?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(assistants(page).getByRole('listitem').filter({ hasText: PRIYA })).toBeVisible();
  await page.getByRole('button', { name: `Remove ${PRIYA}` }).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(assistants(page).getByRole('listitem').filter({ hasText: PRIYA })).toHaveCount(0);
  await expect(assistants(page).getByRole('listitem').filter({ hasText: LUCIA })).toBeVisible();
});

test('account_owner sees the account and its assistants with no way to change them', async ({
  page,
  signInAs,
}) => {
  await openAccountOfProject1(page, signInAs, 'account_owner');
  await expect(assistants(page)).toContainText(PRIYA);
  await expect(assistants(page).getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Add an extra assistant' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  // Without CAN_VIEW_BUSINESS_LINE_TAB the line is named, not linked.
  await expect(page.locator('dd a[href^="/accounts/business-lines/"]')).toHaveCount(0);
});

test('a persona without CAN_VIEW_ACCOUNT_TAB does not reach the accounts', async ({
  page,
  signInAs,
}) => {
  // The project card names the account without a link to its page.
  await signInAs('pm', '/projects/1');
  await expect(page.locator('dd').filter({ hasText: /\S/ }).first()).toBeVisible();
  await expect(page.locator('dd a[href^="/accounts/"]')).toHaveCount(0);
  await page.goto('/accounts');
  await expect(
    page.getByRole('heading', { level: 1, name: 'You may not open this page' }),
  ).toBeVisible();
});

test('"open risks" says what it counts: the project level in the portfolio tree, all levels on Accounts', async ({
  page,
  signInAs,
}) => {
  await signInAs('admin', '/projects');
  const firstGroup = page.getByRole('tree').getByRole('treeitem').first();
  await expect(firstGroup).toContainText(/\d+ open project risks?/);
  await expect(firstGroup).toContainText(/\d+ open project issues?/);
  await expect(page.getByText(/open risks and issues of the projects below it/)).toBeVisible();

  await page.goto('/accounts');
  const accounts = page.getByRole('table', { name: /Accounts/ });
  await expect(accounts.getByRole('columnheader', { name: 'All open risks' })).toBeVisible();
  await expect(accounts.getByRole('columnheader', { name: 'All open issues' })).toBeVisible();
  await expect(
    page.getByText(/all their open risks and issues: the account’s own and its projects’/),
  ).toBeVisible();
});
