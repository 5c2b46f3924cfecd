import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectFilterInForce, myWork, myWorkCount, myWorkGroup, openByKeyboard } from './flows';

/**
 * "My work" on /welcome: what waits for the signed-in person, by group. Each group's link opens
 * its list filtered to exactly those records, and the count it shows is the rows that list shows.
 */

test.beforeEach(async ({ request }) => {
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

/** A group's link, its count (at least one), opened by keyboard: the count the list must show. */
async function openGroup(page: Page, label: RegExp): Promise<number> {
  const link = myWorkGroup(page, label);
  const count = await myWorkCount(link);
  expect(count).toBeGreaterThan(0);
  await openByKeyboard(page, link);
  return count;
}

/** pm on /welcome at `width`, My work shown. */
async function openMyWork(
  page: Page,
  signInAs: (persona: 'pm', path: string) => Promise<void>,
  width: number,
) {
  await page.setViewportSize({ width, height: 900 });
  await signInAs('pm', '/welcome');
  await expect(myWork(page).getByRole('heading', { level: 3 }).first()).toBeVisible();
}

for (const width of [1440, 390]) {
  test(`pm at ${width} px: the counts of checks and checklists are the rows their lists show`, async ({
    page,
    signInAs,
    expectAccessible,
  }) => {
    await openMyWork(page, signInAs, width);
    await expectAccessible();

    const checkCount = await openGroup(page, /^Checks to answer/);
    await expect(page).toHaveURL(/\/checks\?waiting=answer$/);
    await expectFilterInForce(page, 'Waiting', 'answer');
    await expect(page.locator('table tbody tr')).toHaveCount(checkCount);
    await expect(page.getByText(new RegExp(`of ${checkCount}$`))).toBeVisible();

    await page.goBack();
    // Back on the page, the focus goes to its h1 first (PageChangeFocus).
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    const checklistCount = await openGroup(page, /^Checklists to fill · Available/);
    await expect(page).toHaveURL(/\/project-checklists\?state=available$/);
    await expect(page.locator('table tbody tr')).toHaveCount(checklistCount);
  });
}

for (const width of [1440, 390]) {
  test(`pm at ${width} px: the counts of action items and approvals are the rows their lists show`, async ({
    page,
    signInAs,
    expectAccessible,
  }) => {
    await openMyWork(page, signInAs, width);

    const actionCount = await openGroup(
      page,
      /^Project risks and issues with your action items due by/,
    );
    await expect(page).toHaveURL(
      /\/risks\?level=project&action_owner=\d+&action_due_before=\d{4}-\d{2}-\d{2}$/,
    );
    await expect(
      page.getByText(
        new RegExp(`^${actionCount} ${actionCount === 1 ? 'risk or issue' : 'risks and issues'}`),
      ),
    ).toBeVisible();
    await expectFilterInForce(page, 'Action items owned by', /^\d+$/);
    await expectAccessible();

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    // Approvals: one group across projects whose heading opens /approvals, its count the rows
    // that page shows; a record there opens the request on its project's Approvals tab.
    const approvals = myWorkGroup(page, /^Approvals waiting on you/);
    const approvalCount = await myWorkCount(approvals);
    expect(approvalCount).toBeGreaterThan(0);
    await openByKeyboard(page, approvals);
    await expect(page).toHaveURL(/\/approvals$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Approvals waiting on you' }),
    ).toBeVisible();
    const rows = page.locator('table tbody tr');
    await expect(rows).toHaveCount(approvalCount);
    await expect(page.getByRole('status').filter({ hasText: /requests?$/ })).toHaveText(
      `${approvalCount} request${approvalCount === 1 ? '' : 's'}`,
    );
    await expectAccessible();
    const record = rows.first().getByRole('link');
    const title = (await record.innerText()).trim();
    await expect(record).toHaveAttribute(
      'href',
      /^\/projects\/\d+\/approvals\?view=mine#approval-\d+$/,
    );
    await openByKeyboard(page, record);
    await expect(page).toHaveURL(/\/projects\/\d+\/approvals\?view=mine#approval-\d+$/);
    await expect(page.getByRole('tab', { name: /Waiting on me/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // The request itself: in view, its heading focused.
    const request = page.getByRole('heading', { level: 3, name: title });
    await expect(request).toBeFocused();
    await expect(request).toBeInViewport();
    await expectAccessible();
  });
}

test('a record of a group opens it; the risks group opens the register filtered to them', async ({
  page,
  signInAs,
}) => {
  await signInAs('risk_owner', '/welcome');
  const risks = myWorkGroup(page, /risks and issues you own/);
  expect(await myWorkCount(risks)).toBeGreaterThan(0);
  const href = (await risks.getAttribute('href'))!;
  expect(href).toMatch(
    /^\/risks\?level=project&owner=\d+&status=open&due_before=\d{4}-\d{2}-\d{2}$/,
  );
  // A record's own link (the group's opens /risks?…, a record /risks/{id}).
  const record = myWork(page).locator('a[href^="/risks/"]').first();
  const title = (await record.innerText()).trim();
  await record.click();
  await expect(page).toHaveURL(/\/risks\/\d+$/);
  await expect(page.getByText(title).first()).toBeVisible();
});

test('a person nothing waits for is told so', async ({ page, signInAs, expectAccessible }) => {
  await signInAs('portfolio', '/welcome');
  await expect(myWork(page).getByText(/Nothing waits for you/)).toBeVisible();
  await expectAccessible();
});

test('a failed load says so and Try again loads it', async ({ page, signInAs, scenarios }) => {
  await scenarios.add({ method: 'GET', path: '/api/my-work/', status: 500, times: 1 });
  await signInAs('pm', '/welcome');
  await expect(myWork(page).getByText('Your work could not be loaded')).toBeVisible();
  await myWork(page).getByRole('button', { name: 'Try again' }).click();
  await expect(myWorkGroup(page, /^Checks to answer/)).toBeVisible();
});
