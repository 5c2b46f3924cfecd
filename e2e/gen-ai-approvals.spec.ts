import { expect, test } from './fixtures';

/**
 * The project card's Gen AI approvals tab and the Overview's flag on project 1 of the seed: it uses
 * GitHub Copilot (approved until 06/30/2027) and ChatGPT Enterprise, which no request covers; a
 * Microsoft 365 Copilot request is pending. admin may request (CAN_EDIT_PROJECT_CARD) and decide
 * (CAN_EDIT_TECH_REGISTER); pm may do neither. A client-confidential request is approved only once
 * the client's consent is attached as a file.
 */

test.beforeEach(async ({ request }) => {
  test.slow();
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

const FLAG = 'Uses a Gen AI tool without a valid approval: ChatGPT Enterprise.';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

test('admin requests ChatGPT Enterprise, attaches the consent and approves it: the Overview flag clears', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('admin', '/projects/1');
  const flag = page.getByRole('note', { name: 'Gen AI approvals' });
  await expect(flag).toHaveText(new RegExp(FLAG.replace(/\./g, '\\.')), { timeout: 30_000 });
  await expectAccessible();

  await flag.getByRole('link', { name: 'Open the Gen AI approvals' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Gen AI approvals' })).toBeVisible();
  const tools = page.getByRole('table', { name: /^Gen AI tools in use on / });
  await expect(tools.getByRole('row', { name: /ChatGPT Enterprise/ })).toContainText(
    'No valid approval',
  );
  await expectAccessible();

  await page.getByRole('button', { name: 'Request approval for ChatGPT Enterprise' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a Gen AI tool' });
  await expect(dialog.getByLabel('Tool')).toHaveValue('ChatGPT Enterprise');
  await dialog.getByLabel('Purpose').fill('Drafting test cases from the user stories.');
  await dialog.getByLabel('Data classification').selectOption({ label: 'Client confidential' });
  await dialog.getByLabel('Client consent').selectOption({ label: 'Yes' });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  const evidence = dialog.getByLabel('Evidence of the consent');
  await expect(
    dialog.getByText('Give the evidence of the client’s consent: who agreed, when and how.'),
  ).toBeVisible();
  await expect(evidence).toBeFocused();
  await expectAccessible();
  await evidence.fill('Steering committee minutes of 11/05/2026, item 4.');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('The request has been sent for a decision.')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The consent given is kept with its evidence: the client's email is attached before approving.
  const consent = page.getByRole('dialog', { name: 'Client consent for “ChatGPT Enterprise”' });
  await expect(consent).toContainText('Attach the client’s consent');
  await consent
    .getByLabel('Attach the client’s email or signed form')
    .setInputFiles({ name: 'steering-minutes.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('The consent file has been attached.')).toBeVisible();
  await expect(consent.getByRole('link', { name: 'steering-minutes.pdf' })).toBeVisible();
  await expect(consent).not.toContainText('Approval waits');
  await expectAccessible();
  await consent.getByRole('button', { name: 'Done' }).click();

  const requests = page.getByRole('table', { name: /^Gen AI requests of / });
  await expect(requests.getByRole('row', { name: /^ChatGPT Enterprise/ })).toContainText('Pending');
  await page.getByRole('button', { name: 'Decide… on “ChatGPT Enterprise”' }).click();
  const decide = page.getByRole('dialog', { name: 'Decide on “ChatGPT Enterprise”' });
  await decide.getByLabel('Conditions').fill('No client data in prompts.');
  await decide.getByLabel('Valid until').fill('12/31/2027');
  await expectAccessible();
  await decide.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('The request has been approved.')).toBeVisible();
  await expect(requests.getByRole('row', { name: /^ChatGPT Enterprise/ })).toContainText(
    'Valid until 12/31/2027',
  );
  await expect(tools.getByRole('row', { name: /ChatGPT Enterprise/ })).toContainText(
    'Approved until 12/31/2027',
  );
  await expect(page.getByRole('note', { name: 'Gen AI approvals' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Overview', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Key facts' })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Gen AI approvals' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'History', exact: true }).click();
  await expect(
    page.getByText('Approved until 12/31/2027: No client data in prompts.'),
  ).toBeVisible();
});

test('pm, without the flags, sees the tab read-only with the flag', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('pm', '/projects/1/gen-ai-approvals');
  const tools = page.getByRole('table', { name: /^Gen AI tools in use on / });
  await expect(tools).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('note', { name: 'Gen AI approvals' })).toContainText(FLAG);
  const requests = page.getByRole('table', { name: /^Gen AI requests of / });
  await expect(requests.getByRole('row', { name: /^Microsoft 365 Copilot/ })).toContainText(
    'Waiting for a decision',
  );
  await expect(requests.getByRole('row', { name: /^Otter\.ai/ })).toContainText('Expired');
  const main = page.getByRole('tabpanel');
  await expect(main.getByRole('button')).toHaveCount(0);
  await expectAccessible();
});
