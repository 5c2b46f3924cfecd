import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectFilterInForce } from './flows';

/**
 * The project card's Approvals on project 1 of the seed: pm asked qcl to exclude November from
 * the KPI (pending, reminded once), qcl asked pm to validate the profile (pending, overdue),
 * pm asked account_owner to sign off a change agreement, and three decided or withdrawn requests.
 * Everyone who sees the card reads them; only admin holds CAN_EDIT_PROJECT_CARD to raise one, and
 * only a request's approver decides it.
 */

const TAB = '/projects/1/approvals';
const SUBJECT = 'Move the December health check to January';

test.beforeEach(async ({ request }) => {
  // Three sign-ins, two dialogs and axe scans on a busy machine: more than the default 30 s.
  test.slow();
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

const requestCard = (page: Page, subject: string) =>
  page.getByRole('article', { name: subject, exact: true });

test('admin raises a request for qcl, who rejects it with a reason; no one else may decide it', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs('admin', TAB);
  await expect(page.getByText('Nothing waits on your decision.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Raise request' }).click();
  const raise = page.getByRole('dialog', { name: 'Raise a request' });
  await raise.getByLabel('Kind').selectOption('check_postponement');
  await raise.getByLabel('Subject').fill(SUBJECT);
  await raise.getByRole('combobox', { name: 'Approver' }).fill('Omar');
  await page.getByRole('option', { name: 'Omar Haddad (ohaddad)' }).click();
  await raise.getByLabel('Due by').fill('12/31/2099');
  await raise.getByLabel(/^Comment/).fill('The client’s team is away in December.');
  await raise.getByRole('button', { name: 'Raise request' }).click();
  await expect(page.getByText('The request has been raised.')).toBeVisible();
  // Admin holds every flag, and still may not decide a request that waits on someone else.
  const raised = requestCard(page, SUBJECT);
  await expect(raised).toContainText('Omar Haddad (ohaddad)');
  await expect(raised.getByRole('button', { name: /^(Approve|Reject)/ })).toHaveCount(0);
  await expect(raised.getByRole('button', { name: /^Withdraw/ })).toBeVisible();

  await signInAs('qcl', `${TAB}?view=mine`);
  await expect(page.getByText('2 requests wait on your decision.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('tab', { name: /^Waiting on me/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const mine = requestCard(page, SUBJECT);
  await expect(mine).toContainText('Waiting on you');
  await expectAccessible();
  await mine.getByRole('button', { name: `Reject “${SUBJECT}”` }).click();
  const reject = page.getByRole('dialog', { name: `Reject “${SUBJECT}”` });
  await reject.getByRole('button', { name: 'Reject request' }).click();
  await expect(reject.getByText('Say why the request is rejected.')).toBeVisible();
  await expect(reject.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
  await reject.getByLabel('Reason').fill('The January planner is full: keep December.');
  await reject.getByRole('button', { name: 'Reject request' }).click();
  await expect(page.getByText('The request has been rejected.')).toBeVisible();
  // Decided, it leaves "Waiting on me".
  await expect(page.getByText('1 request waits on your decision.')).toBeVisible();
  await expect(requestCard(page, SUBJECT)).toHaveCount(0);

  await page.getByRole('tab', { name: /^All requests/ }).click();
  await expect(page).not.toHaveURL(/view=/);
  const decided = requestCard(page, SUBJECT);
  await expect(decided).toContainText('Rejected by Omar Haddad');
  await expect(decided).toContainText('The January planner is full: keep December.');
  await decided.getByText(/^History/).click();
  await expect(decided.getByRole('listitem').last()).toContainText(
    'Decided (rejected) by Omar Haddad',
  );

  await page.getByRole('tab', { name: 'History', exact: true }).click();
  const entry = page.getByRole('table').getByRole('row').nth(1);
  await expect(entry).toContainText('Approvals');
  await expect(entry).toContainText(`Check postponement “${SUBJECT}”`);
  await expect(entry).toContainText('Rejected: The January planner is full: keep December.');
});

test('on a phone, pm filters by state, sees Approve and Reject only where pm is the approver, and reminds qcl', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('pm', `${TAB}?state=pending`);
  await expect(page.getByText('1 request waits on your decision.')).toBeVisible({
    timeout: 30_000,
  });
  // On a phone the state in force is a chip; the form waits behind the Filters button.
  await expectFilterInForce(page, 'State', 'pending', 'Pending');
  await expect(page.getByRole('article')).toHaveCount(3);
  const qclDecides = requestCard(page, 'Exclude November 2026 from the on-time delivery KPI');
  await expect(qclDecides.getByRole('button', { name: /^(Approve|Reject)/ })).toHaveCount(0);
  const pmDecides = requestCard(page, 'Validate the project profile for the Q4 2026 review');
  await expect(pmDecides).toContainText('Overdue');
  await expect(pmDecides.getByRole('button', { name: /^Approve/ })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible();

  // pm raised the KPI exclusion: a reminder to its approver, at most one a day.
  await expect(qclDecides).toContainText(/Last reminded\s*11\/20\/2026/);
  await qclDecides.getByRole('button', { name: /^Remind Omar Haddad/ }).click();
  await expect(page.getByText('A reminder has been sent to Omar Haddad.')).toBeVisible();
  await expect(qclDecides).toContainText('Reminded less than a day ago');
  await expect(qclDecides.getByRole('button', { name: /^Remind/ })).toHaveCount(0);
});
