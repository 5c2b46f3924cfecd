import { expect, test } from './fixtures';

/**
 * Spec §8: a toast of a type is cleared when the path changes; each tab of a risk (`?tab=`) is a
 * page of its own. Walked on a phone, where toasts sit top-centre over the page's title.
 */
test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ request }) => {
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

test('every type of toast stays on its page: info, success, error, warning, and a success raised for the next page', async ({
  page,
  signInAs,
  scenarios,
  expectAccessible,
}) => {
  test.slow();
  const toast = (text: string | RegExp) =>
    page.locator('.Toastify__toast').filter({ hasText: text });
  const menuTo = async (name: string) => {
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name }).click();
  };

  // Info: the risks step raises it as it opens from the step before it; it goes with the step.
  await signInAs('pm', '/survey/1/drivers/client');
  await page.getByRole('link', { name: /^Next: / }).click();
  await expect(page).toHaveURL('/survey/1/risks');
  const info = toast(/^Now you may see the risks and issues created during the check\./);
  await expect(info).toBeVisible();
  await page.waitForTimeout(300);
  await expect(info).toBeVisible();
  await expectAccessible();
  await page.getByRole('link', { name: /^← Previous: / }).click();
  await expect(info).toHaveCount(0);

  // Success raised just before a navigation: shown on the new risk once, gone on its next tab.
  await page.goto('/create-risk/project');
  await page.getByRole('combobox', { name: 'Project' }).fill('Handmade');
  await page.getByRole('listbox').getByRole('option').first().click();
  await page.getByRole('textbox', { name: 'Statement' }).fill('Vendor may deliver the racks late');
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Scope' });
  await page.getByRole('combobox', { name: 'Probability' }).selectOption({ label: 'High' });
  await page.getByRole('combobox', { name: 'Impact' }).selectOption({ label: 'Moderate' });
  await page.getByRole('button', { name: 'Create risk' }).click();
  await expect(page).toHaveURL(/\/risks\/\d+$/);
  const created = toast('The risk has been created.');
  await expect(created).toBeVisible();
  await page.getByRole('tab', { name: /^Comments/ }).click();
  await expect(created).toHaveCount(0);

  // Success on a tab: a comment, then the Action items tab; the title is not covered.
  await page.getByRole('textbox', { name: 'Comment' }).fill('Racks ordered from a second vendor.');
  await page.getByRole('button', { name: 'Add comment' }).click();
  const commented = toast('Your comment has been added.');
  await expect(commented).toBeVisible();
  await page.getByRole('tab', { name: /^Action items/ }).click();
  await expect(page).toHaveURL(/tab=action-items/);
  await expect(commented).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();

  // Error: a failed call's persistent toast, gone when the user leaves the page.
  await scenarios.add({
    method: 'GET',
    path: '/api/risks/*/history/',
    status: 500,
    body: { detail: 'The history could not be read.' },
  });
  await page.getByRole('tab', { name: /^History/ }).click();
  const failed = toast('The history could not be read.');
  await expect(failed).toBeVisible();
  await menuTo('Checks');
  await expect(page).toHaveURL(/\/checks/);
  await expect(failed).toHaveCount(0);

  // Warning: the supervisor-comment rule (20 s), gone when the supervisor leaves the report.
  await signInAs('supervisor', '/audit-survey/4/report');
  await scenarios.add({
    method: 'GET',
    path: '/api/polls/4/report/',
    status: 200,
    body: {
      poll_id: 4,
      status: 'supervisor_review',
      is_supervisor_comments_filled: false,
      supervisor_comments: [],
    },
  });
  await page.getByRole('button', { name: 'Return' }).click();
  const warning = toast(
    'Please provide at least one Supervisor comment as a reason for the returned audit report',
  );
  await expect(warning).toBeVisible();
  await menuTo('Checks');
  await expect(warning).toHaveCount(0);
});
