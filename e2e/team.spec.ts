import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { memberRow, teamTable } from './flows';

/**
 * The project card's Team and Contacts tabs on canonical project 1: its manager is persona pm
 * (Priya Nair), its QC lead persona qcl (Omar Haddad); persona expert (Mei Chen) is not on its
 * team. Admin holds CAN_EDIT_PROJECT_CARD and CAN_EDIT_CONTACT; portfolio holds neither.
 */

const MANAGER = 'Priya Nair (pnair)';
const QC_LEAD = 'Omar Haddad (ohaddad)';
const NEWCOMER = 'Mei Chen (mchen)';

test.beforeEach(async ({ request }) => {
  // Each test scans with axe twice or more, seconds each when the machine is busy: triple budget.
  test.slow();
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

const contactsTable = (page: Page) => page.getByRole('table', { name: /^Contacts of / });

test('admin adds a member through the dialog: a 400 keeps what was typed, History records it', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('admin', '/projects/1/team');
  await expect(memberRow(page, MANAGER)).toContainText('Project manager');
  await expect(teamTable(page).getByRole('row').last()).toContainText('Total allocation');
  await expectAccessible();

  await page.getByRole('button', { name: 'Add member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a team member' });
  await expect(dialog.getByRole('combobox', { name: 'Person' })).toBeFocused();
  await dialog.getByRole('combobox', { name: 'Person' }).fill('Mei');
  await page.getByRole('option', { name: NEWCOMER }).click();
  await dialog.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Tester' });
  const allocation = dialog.getByRole('spinbutton', { name: 'Allocation (%)' });
  await allocation.fill('150');
  await dialog.getByRole('button', { name: 'Add member' }).click();

  // The server's 400 sits on its field; everything typed stays.
  await expect(dialog.getByText('Ensure this value is less than or equal to 100.')).toBeVisible();
  await expect(allocation).toHaveAttribute('aria-invalid', 'true');
  await expect(allocation).toBeFocused();
  await expect(allocation).toHaveValue('150');
  await expect(dialog.getByRole('combobox', { name: 'Person' })).toHaveValue(NEWCOMER);
  await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveValue('tester');
  await expectAccessible();

  await allocation.fill('40');
  await dialog.getByRole('button', { name: 'Add member' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${NEWCOMER} has joined the team.`)).toBeVisible();
  await expect(memberRow(page, NEWCOMER)).toContainText('Tester');
  await expect(memberRow(page, NEWCOMER)).toContainText('40%');
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('table', { name: /^Changes made on / });
  const entry = history.getByRole('row').filter({ hasText: NEWCOMER });
  await expect(entry).toContainText('Team');
  await expect(entry).toContainText('Member');
  await expect(entry).toContainText(`${NEWCOMER}: Tester, 40%`);
  await expect(entry).toContainText('Alex Morgan (amorgan)');
});

test('admin removes a member only after confirming; the manager cannot be removed', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('admin', '/projects/1/team');
  await expect(memberRow(page, QC_LEAD)).toBeVisible();
  await expect(page.getByRole('button', { name: `Edit ${MANAGER}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove ${MANAGER}` })).toHaveCount(0);

  await page.getByRole('button', { name: `Remove ${QC_LEAD}` }).click();
  const confirm = page.getByRole('dialog', { name: `Remove ${QC_LEAD} from the team?` });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(memberRow(page, QC_LEAD)).toBeVisible();

  await page.getByRole('button', { name: `Remove ${QC_LEAD}` }).click();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`${QC_LEAD} has been removed from the team.`)).toBeVisible();
  await expect(memberRow(page, QC_LEAD)).toHaveCount(0);
});

test('admin adds a contact, finds it by search, and is asked before deleting it', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('admin', '/projects/1/contacts');
  await expect(contactsTable(page).getByRole('rowheader', { name: /^Client side/ })).toBeVisible();
  await expectAccessible();

  await page.getByRole('button', { name: 'Add contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a contact' });
  await dialog.getByRole('combobox', { name: 'Side' }).selectOption({ label: 'Third party' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Jane Doe');
  await dialog.getByRole('textbox', { name: 'Position' }).fill('Integration lead');
  await dialog.getByRole('textbox', { name: 'Organisation' }).fill('Acme Integrations');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('jane.doe@');
  await dialog.getByRole('button', { name: 'Add contact' }).click();
  await expect(dialog.getByText('Enter a valid email address.')).toBeVisible();
  await expectAccessible();
  await dialog.getByRole('textbox', { name: 'Email' }).fill('jane.doe@acme.example.com');
  await dialog.getByRole('button', { name: 'Add contact' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('The contact Jane Doe has been added.')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search' }).fill('acme integrations');
  await expect(contactsTable(page).getByRole('rowheader', { name: /^Jane Doe/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'match' })).toHaveText(
    /^1 contact of \d+ match$/,
  );
  await page.getByRole('button', { name: 'Delete Jane Doe' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the contact Jane Doe?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('No contacts match')).toBeVisible();
});

test('portfolio sees both tabs read-only, with no Add, Edit or Remove', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('portfolio', '/projects/1/team');
  await expect(memberRow(page, MANAGER)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add member' })).toHaveCount(0);
  await expect(teamTable(page).getByRole('button')).toHaveCount(0);
  await expectAccessible();

  await page.getByRole('tab', { name: 'Contacts' }).click();
  await expect(contactsTable(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add contact' })).toHaveCount(0);
  await expect(contactsTable(page).getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Edit|Delete|Remove) / })).toHaveCount(0);
  await expectAccessible();
});

test('pm sees only current members counted, here and on the Overview; past ones apart with their end', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('pm', '/projects/1/team');
  const past = page.getByRole('table', { name: /^Past members of / });
  await expect(page.getByRole('heading', { name: 'Past members' })).toBeVisible();
  const pastRows = past.getByRole('rowheader');
  expect(await pastRows.count()).toBeGreaterThan(0);
  await expect(past.getByRole('columnheader', { name: 'Ended' })).toBeVisible();
  // Each past member's end date is shown, and none of them is in the team's table.
  for (const name of await pastRows.allTextContents()) {
    await expect(memberRow(page, name)).toHaveCount(0);
    await expect(past.getByRole('row').filter({ hasText: name })).toContainText(
      /\d\d\/\d\d\/\d{4}\s*$/,
    );
  }
  // Every row of the team's table but the total is a current member: the count says as many.
  const current = (await teamTable(page).getByRole('rowheader').count()) - 1;
  await expect(page.getByText(`${current} members, by role then name`)).toBeVisible();
  await expectAccessible();

  await page.getByRole('tab', { name: 'Overview', exact: true }).click();
  const facts = page.getByRole('region', { name: 'Key facts' });
  await expect(facts).toContainText(`Team${current} members`);
});
