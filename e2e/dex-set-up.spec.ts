import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The project card's DEX set up on project 1 of the seed: saved by the QC lead, the audit and
 * defect leakage brought into scope; the Sprint quality gate checklist is asked for (project 1
 * holds one, submitted), the Project kick-off is out of scope (project 1 holds none). qcl holds
 * CAN_EDIT_DEX_SCOPE_SETUP; pm reads the tab.
 */

const TAB = '/projects/1/dex-set-up';
const GATE = 'Sprint quality gate';
const KICK_OFF = 'Project kick-off';

test.beforeEach(async ({ request }) => {
  // A form of sixteen rows and axe scans on a busy machine: more than the default 30 s.
  test.slow();
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

const scope = (page: Page) => page.getByRole('table', { name: /^DEX scope of / });
const checklistsAsked = (page: Page) => page.getByRole('list', { name: 'Checklists asked for' });
const practiceRow = (page: Page, practice: string) =>
  scope(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: practice, exact: true }) });

test('qcl takes a checklist out of scope with a reason and puts another in, which issues it; the asked-for list and History follow', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('qcl', TAB);
  // The first screen after the server started loads its chunks cold.
  await expect(scope(page)).toBeVisible({ timeout: 30_000 });
  await expect(checklistsAsked(page)).toContainText(GATE);

  const row = practiceRow(page, GATE);
  await page.getByRole('checkbox', { name: `In scope: ${GATE}` }).uncheck();
  await page.getByRole('button', { name: 'Save the scope' }).click();
  await expect(row.getByText('Say why this practice is out of scope.')).toBeVisible();
  const reason = page.getByRole('textbox', { name: `Reason: ${GATE}` });
  await expect(reason).toBeFocused();
  await expectAccessible();

  // Leaving with the change unsaved is asked about.
  await page.getByRole('tab', { name: 'History', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Leave without saving?' })
    .getByRole('button', { name: 'Stay' })
    .click();

  await reason.fill('Kanban delivery: the team works without sprints.');
  // The kick-off practice put in scope issues its checklist to its owner.
  await page.getByRole('checkbox', { name: `In scope: ${KICK_OFF}` }).check();
  await page.getByRole('textbox', { name: `Reason: ${KICK_OFF}` }).fill('A new phase starts.');
  await page.getByRole('combobox', { name: `Owner: ${KICK_OFF}` }).fill('Omar');
  await page.getByRole('option', { name: 'Omar Haddad (ohaddad)' }).click();
  await page.getByRole('combobox', { name: `Starts: ${KICK_OFF}` }).selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Save the scope' }).click();
  await expect(page.getByText('The DEX set up has been saved.')).toBeVisible();
  await expect(checklistsAsked(page)).toContainText(`${KICK_OFF}In place1 checklist issued`);
  await expect(checklistsAsked(page)).not.toContainText(GATE);
  await expect(page.getByRole('checkbox', { name: `In scope: ${GATE}` })).not.toBeChecked();

  await page.getByRole('tab', { name: 'History', exact: true }).click();
  const entry = page.getByRole('row').filter({ hasText: 'DEX set up' }).filter({ hasText: GATE });
  await expect(entry).toContainText(GATE);
  await expect(entry).toContainText(
    'Out of scope · “Kanban delivery: the team works without sprints.”',
  );
});

test('pm reads the DEX set up without an edit control, at 1440 and 390 px', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs('pm', TAB);
  await expect(scope(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Read-only for you\./)).toBeVisible();
  await expect(practiceRow(page, 'Audit')).toContainText(
    'In scopeThe contract asks for a yearly delivery audit.',
  );
  const main = page.getByRole('main');
  await expect(main.getByRole('checkbox')).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Save the scope' })).toHaveCount(0);
  await expectAccessible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(scope(page)).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible();
});
