import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The card's Attributes and Action items tabs on the canonical project 1: its attributes are
 * mostly filled (Support hours empty), its profile validation is in progress with two evidence
 * files, and its risks 1 and 119 and issue 2 hold open action items (item 1: 'Pair a second
 * engineer on the payment integration', of risk 1).
 */

const FILE_ERROR = "The file you're attaching cannot be uploaded. Change the file size or format.";
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: PDF });

test.beforeEach(async ({ request }) => {
  // Axe scans, uploads and first loads of lazy tabs: on a loaded machine they take a while.
  test.setTimeout(180_000);
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

/** The tab's own panel (the card's heading names it). */
const attributesPanel = (page: Page) => page.getByRole('region', { name: 'Project attributes' });

/** A tab's chunk loads on first use: slow on a loaded machine. */
const LOADED = { timeout: 30_000 };

/** Moves to another tab of the card as a user does (no reload) and waits for its content. */
async function openTab(page: Page, label: string, ready: string) {
  await page.getByRole('tab', { name: label, exact: true }).click();
  await expect(page.getByText(ready).first()).toBeVisible(LOADED);
}

test('admin fills and validates an attribute of project 1 and finds both in the History', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('admin', '/projects/1/attributes');
  const attributes = attributesPanel(page);
  await expect(attributes.getByRole('combobox', { name: 'Delivery model' })).toHaveValue(
    'fixed_price',
    LOADED,
  );
  await expectAccessible();

  await attributes.getByRole('textbox', { name: 'Support hours' }).fill('8x5 CET');
  await attributes.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The attributes have been saved.')).toBeVisible();

  await attributes.getByRole('button', { name: 'Validate Support hours' }).click();
  const dialog = page.getByRole('dialog', { name: 'Validate “Support hours”?' });
  await expect(dialog).toContainText('You confirm that “8x5 CET” is right.');
  await dialog.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByText('Support hours has been validated.')).toBeVisible();
  const row = attributes.getByRole('listitem').filter({ hasText: 'Support hours' });
  await expect(row).toContainText('Validated');
  await expect(row).toContainText('by Alex Morgan (amorgan)');

  await openTab(page, 'History', 'Support hours (validation)');
  const history = page.getByRole('table');
  await expect(
    history.getByRole('row').filter({ hasText: 'Support hours (validation)' }),
  ).toContainText('Validated: 8x5 CET');
  await expect(
    history.getByRole('row').filter({ hasText: /Attributes\s*Support hours\s*—\s*8x5 CET/ }),
  ).toHaveCount(1);
});

test('validation status files: a wrong type and a fourth file are refused before sending; a PDF uploads', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  const uploads: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/profile-validation/files/'))
      uploads.push(request);
  });
  await signInAs('admin', '/projects/1/attributes');
  const files = page.getByRole('list', { name: 'Evidence files' });
  await expect(files.getByRole('listitem')).toHaveCount(2, LOADED);
  const input = page.getByLabel('Add evidence files');

  await input.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('x'),
  });
  await expect(page.getByRole('alert').filter({ hasText: FILE_ERROR })).toBeVisible();
  await expectAccessible();
  // Two more would make four: refused whole.
  await input.setInputFiles([pdf('signed-profile.pdf'), pdf('minutes.pdf')]);
  await expect(page.getByRole('alert').filter({ hasText: FILE_ERROR })).toBeVisible();
  expect(uploads).toHaveLength(0);

  await input.setInputFiles(pdf('signed-profile.pdf'));
  await expect(files.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByText('The file has been attached.')).toBeVisible();
  expect(uploads).toHaveLength(1);
  expect((await uploads[0]!.response())?.status()).toBe(201);
  const added = files.getByRole('listitem').filter({ hasText: 'signed-profile.pdf' });
  await expect(added).toContainText('Alex Morgan (amorgan)');
  await expect(added.getByRole('link', { name: 'signed-profile.pdf' })).toHaveAttribute(
    'href',
    /^\/api\/project-files\/\d+\/\?user=1&/,
  );
  await expect(page.getByRole('alert').filter({ hasText: FILE_ERROR })).toHaveCount(0);
  // Three held: nothing more to add until one is removed.
  await expect(input).toBeDisabled();

  await page.getByRole('button', { name: 'Remove signed-profile.pdf' }).click();
  await page
    .getByRole('dialog', { name: 'Remove “signed-profile.pdf”?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(files.getByRole('listitem')).toHaveCount(2);
  await expect(input).toBeEnabled();
});

test('admin marks an action item done after confirming; it leaves the list', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  const title = 'Pair a second engineer on the payment integration';
  await signInAs('admin', '/projects/1/action-items');
  const table = page.getByRole('table', { name: /^Open action items of / });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(
    table.getByRole('row').filter({ hasText: 'Book a workshop with the client' }),
  ).toContainText('Overdue');
  await expect(table.getByRole('link', { name: 'Risk 1', exact: true })).toHaveAttribute(
    'href',
    '/risks/1',
  );
  await expectAccessible();

  await page.getByRole('combobox', { name: 'Source' }).selectOption({ label: 'Issues' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Reset filters' }).click();

  await page.getByRole('button', { name: `Mark done: ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Mark “${title}” done?` });
  await expectAccessible();
  await dialog.getByRole('button', { name: 'Mark done' }).click();
  await expect(page.getByText('The action item has been marked done.')).toBeVisible();
  await expect(table.getByText(title)).toHaveCount(0);
  await expect(table.getByRole('row')).toHaveCount(3);

  await openTab(page, 'History', title);
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('Action items');
});

test("an audit finding's corrective action: recorded with an owner, an action item of the project once approved, marked done", async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  // The auditor records a finding of check 3 (expert phase) with its corrective action.
  await signInAs('auditor', '/audit-survey/3/outcomes');
  const form = page.getByRole('form', { name: 'Record a finding' });
  await form.getByLabel('Title').fill('No change log');
  await form.getByRole('combobox', { name: 'Owner' }).fill('Priya');
  await page.getByRole('option', { name: 'Priya Nair (pnair)' }).click();
  await form.getByRole('button', { name: 'Add finding' }).click();
  await expect(form.getByText('Give the corrective action a due date')).toBeVisible();
  await form.getByLabel('Due date').fill('12/15/2026');
  await form.getByRole('button', { name: 'Add finding' }).click();
  const recorded = page.getByRole('listitem').filter({ hasText: 'No change log' });
  await expect(recorded).toContainText('Corrective action: Priya Nair (pnair), due 12/15/2026');
  await expectAccessible();

  // Check 10's report is approved: its open corrective actions are project 10's action items.
  const title = 'No signed change requests for two scope changes';
  await signInAs('admin', '/projects/10/action-items');
  const table = page.getByRole('table', { name: /^Open action items of / });
  const row = table.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Overdue', LOADED);
  await expect(row.getByRole('link', { name: 'Audit check AUD_10' })).toHaveAttribute(
    'href',
    '/audit-survey/10/outcomes',
  );
  await page.getByRole('button', { name: `Mark done: ${title}` }).click();
  await page
    .getByRole('dialog', { name: `Mark “${title}” done?` })
    .getByRole('button', { name: 'Mark done' })
    .click();
  await expect(page.getByText('The action item has been marked done.')).toBeVisible();
  await expect(table.getByText(title)).toHaveCount(0);
  await expectAccessible();

  await page.goto('/audit-survey/10/outcomes');
  await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('Done');
});

test('a persona without the flags sees the Attributes and Action items tabs read-only', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('expert', '/projects/1/attributes');
  const attributes = attributesPanel(page);
  await expect(attributes.getByText('Fixed price')).toBeVisible(LOADED);
  await expect(attributes.getByText('1,250,000 EUR')).toBeVisible();
  await expect(
    page.getByText('Waiting for the signed profile from the account delivery owner.'),
  ).toBeVisible();
  const tab = page.getByRole('region', { name: 'Profile validation status' });
  for (const region of [attributes, tab]) {
    await expect(region.getByRole('textbox')).toHaveCount(0);
    await expect(region.getByRole('combobox')).toHaveCount(0);
    await expect(region.getByRole('button')).toHaveCount(0);
  }
  await expect(page.getByLabel('Add evidence files')).toHaveCount(0);
  await expectAccessible();

  await openTab(page, 'Action items', 'earliest due first');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(4);
  await expect(page.getByRole('button', { name: /^Mark done/ })).toHaveCount(0);
  await expectAccessible();

  await openTab(page, 'Overview', 'Profile revenue');
  await expect(page.getByLabel(/profile revenue sheet/)).toHaveCount(0);
});

test('admin uploads the profile revenue sheet on the Overview; a PDF is refused unsent', async ({
  page,
  signInAs,
}) => {
  const uploads: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/profile-revenue/'))
      uploads.push(request);
  });
  await signInAs('admin', '/projects/1');
  await expect(page.getByText('no sheet uploaded yet.')).toBeVisible(LOADED);
  const input = page.getByLabel('Upload the profile revenue sheet');
  await input.setInputFiles(pdf('revenue.pdf'));
  await expect(page.getByRole('alert').filter({ hasText: FILE_ERROR })).toBeVisible();
  expect(uploads).toHaveLength(0);
  await input.setInputFiles({
    name: 'Revenue 2026.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60)]),
  });
  await expect(page.getByText('The profile revenue sheet has been uploaded.')).toBeVisible();
  await expect(page.getByText('Revenue 2026.xlsx')).toBeVisible();
  await expect(page.getByText(/uploaded by Alex Morgan \(amorgan\)/)).toBeVisible();
  expect(uploads).toHaveLength(1);
});
