import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The Project Portfolio Structure and the project card, against the canonical fixtures: project 1
 * is managed by persona pm (Priya Nair) and has checks and open risks.
 */

const tree = (page: Page) => page.getByRole('tree', { name: 'Project portfolio' });
const item = (page: Page, name: string | RegExp) => tree(page).getByRole('treeitem', { name });
const activeItem = async (page: Page) => {
  const id = await tree(page).getAttribute('aria-activedescendant');
  return page.locator(`[id="${id}"]`);
};

test.beforeEach(async ({ request }) => {
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

/**
 * Project 1's name, code and account, as its card (the page open) shows them (the API needs the
 * page's token).
 */
async function projectOne(page: Page) {
  await expect(page).toHaveURL('/projects/1');
  // The code first: it shows once the card has loaded, its h1 with it.
  const code = (await page.getByText(/^[A-Z]{3}-0001$/).innerText()).trim();
  const name = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
  const account = (
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').nth(1).innerText()
  ).trim();
  return { name, code, account: { name: account } };
}

test('finds a project by search, with the filters in the URL, and opens its card', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('admin', '/projects/1');
  const project = await projectOne(page);
  await page.goto('/projects');
  await expect(tree(page)).toBeVisible();
  await expectAccessible();

  await page.getByLabel('Search').fill(project.code.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`search=${project.code.toLowerCase()}`));
  await expect(
    page.getByRole('status').filter({ hasText: /1 of \d+ projects match/ }),
  ).toBeVisible();
  // The groups above the match open by themselves.
  await expect(item(page, new RegExp(`Account: ${project.account.name}`))).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  // The project's name is a real link (middle-click, new tab, copy the address), out of the Tab order.
  const link = item(page, new RegExp(project.name)).getByRole('link', { name: project.name });
  await expect(link).toHaveAttribute('href', '/projects/1');
  await expect(link).toHaveAttribute('tabindex', '-1');
  await item(page, new RegExp(project.name)).click();
  await expect(page).toHaveURL(/\/projects\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: project.name })).toBeVisible();

  // Back: the search is still there.
  await page.goBack();
  await expect(page.getByLabel('Search')).toHaveValue(project.code.toLowerCase());

  await page.getByLabel('Search').fill('no project is called this');
  await expect(page.getByText('No project matches these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Reset filters' }).first().click();
  await expect(page.getByLabel('Search')).toHaveValue('');
  await expect(page).not.toHaveURL(/search=/);
});

test('browses the tree by keyboard alone down to a project', async ({ page, signInAs }) => {
  await signInAs('admin', '/projects');
  await tree(page).focus();
  await expect(await activeItem(page)).toHaveAttribute('aria-level', '1');
  // A segment, open by default: Left closes it, Right opens it again.
  await page.keyboard.press('ArrowLeft');
  await expect(await activeItem(page)).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowRight');
  await expect(await activeItem(page)).toHaveAttribute('aria-expanded', 'true');
  // Into the first line, then its first account (closed at first), open it, to its first project.
  await page.keyboard.press('ArrowRight');
  await expect(await activeItem(page)).toHaveAttribute('aria-level', '2');
  await page.keyboard.press('ArrowDown');
  await expect(await activeItem(page)).toHaveAttribute('aria-level', '3');
  await expect(await activeItem(page)).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const project = await activeItem(page);
  await expect(project).toHaveAttribute('aria-level', '4');
  const name = (await project.innerText()).split('\n')[0]!.trim();
  // Left goes back up to the account; End reaches the last row; Home the first.
  await page.keyboard.press('ArrowLeft');
  await expect(await activeItem(page)).toHaveAttribute('aria-level', '3');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/projects\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('the card: tabs as routes, the Project overview edited and kept in History', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('pm', '/projects/1');
  const tabs = page.getByRole('tablist', { name: 'Project card sections' });
  await expect(tabs.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Latest checks' })).toBeVisible();
  await expectAccessible();
  // pm holds no flag for the KPI exclusion: no button to change it.
  await expect(page.getByRole('button', { name: /Excluded from KPI/ })).toHaveCount(0);

  await tabs.getByRole('tab', { name: 'Project overview' }).click();
  await expect(page).toHaveURL(/\/projects\/1\/project-overview$/);
  const description = page.getByLabel('Description', { exact: true });
  await description.fill('Delivered in three releases, the last one in March.');
  // Leaving with unsaved changes asks first.
  await tabs.getByRole('tab', { name: 'Checks' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(description).toHaveValue('Delivered in three releases, the last one in March.');
  await expectAccessible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();

  await tabs.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('table', { name: /Changes made on/ });
  await expect(history.getByRole('row').nth(1)).toContainText('Priya Nair (pnair)');
  await expect(history.getByRole('row').nth(1)).toContainText(
    'Delivered in three releases, the last one in March.',
  );
  await expectAccessible();
});

test("the card's Checks and Risks tabs list the project's own", async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('pm', '/projects/1/history');
  const tabs = page.getByRole('tablist', { name: 'Project card sections' });
  await tabs.getByRole('tab', { name: 'Checks' }).click();
  await expect(page.getByRole('table', { name: /Checks of/ })).toBeVisible();
  await expectAccessible();
  await tabs.getByRole('tab', { name: 'Risks' }).click();
  await expect(page.getByRole('table', { name: /risks and issues/ })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Project' })).toHaveCount(0);
  await expectAccessible();
});

test('a failed save keeps the text and shows the field error', async ({
  page,
  signInAs,
  scenarios,
}) => {
  await signInAs('pm', '/projects/1/project-overview');
  await scenarios.add({
    method: 'PATCH',
    path: '/api/projects/1/',
    status: 400,
    body: { expert_description: ['This text may not mention a client by name.'] },
    times: 1,
  });
  const expert = page.getByLabel('Expert description');
  await expert.fill('Ask ACME about the release plan.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('This text may not mention a client by name.').first()).toBeVisible();
  await expect(expert).toHaveValue('Ask ACME about the release plan.');
  await expect(expert).toHaveAttribute('aria-invalid', 'true');
});

test('a persona without edit flags reads the card; an unknown tab or project is not found', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('portfolio', '/projects/1/project-overview');
  await expect(page.getByRole('heading', { name: 'Description', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expectAccessible();
  await page.goto('/projects/1/no-such-tab');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('/projects/1/no-such-tab')).toBeVisible();
  await expect(page.getByText('Looks like something went wrong')).toHaveCount(0);
  await page.goto('/projects/99999');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the project portfolio' })).toBeVisible();
});

for (const width of [1440, 390]) {
  test(`pm on the Ownership matrix, a tab pm may not view, at ${width} px: not found, with the way back to the project`, async ({
    page,
    signInAs,
    expectAccessible,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAs('pm', '/projects/1/ownership-matrix');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('Looks like something went wrong')).toHaveCount(0);
    await expect(
      page.getByText(/The Ownership matrix of .+ is not open to your role\./),
    ).toBeVisible();
    await expect(page).toHaveTitle(/^Page not found · /);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await expectAccessible();
    // The way back leads to the project's card, whose tabs leave the matrix out for pm.
    const back = page.getByRole('link', { name: /^Back to / });
    await expect(back).toHaveAttribute('href', '/projects/1');
    await back.click();
    await expect(page).toHaveURL(/\/projects\/1$/);
    const tabs = page.getByRole('tablist', { name: 'Project card sections' });
    await expect(tabs.getByRole('tab', { name: 'Overview', exact: true })).toBeVisible();
    await expect(tabs.getByRole('tab', { name: 'Ownership matrix' })).toHaveCount(0);
  });
}

test('on a phone the card opened on a late tab shows that tab in its scrolling row', async ({
  page,
  signInAs,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('admin', '/projects/1/history');
  const tab = page.getByRole('tab', { name: 'History', exact: true });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const box = await tab.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  // The page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the KPI exclusion is set after a confirmation and shows in the header', async ({
  page,
  signInAs,
}) => {
  await signInAs('admin', '/projects/1');
  await page.getByRole('button', { name: 'Set “Excluded from KPI”' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set “Excluded from KPI”?' });
  await dialog.getByRole('button', { name: 'Set' }).click();
  await expect(dialog).toBeHidden();
  // The header's badge (the flag row reads 'Excluded from KPI: Yes').
  await expect(page.getByText('Excluded from KPI', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear “Excluded from KPI”' })).toBeVisible();
});

for (const width of [1440, 390]) {
  test(`at ${width} px a name the tree cuts ends in an ellipsis and shows whole on hover`, async ({
    page,
    signInAs,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAs('supervisor', '/projects');
    await expect(tree(page).getByRole('treeitem').first()).toBeVisible();
    await page.getByRole('button', { name: 'Expand all' }).click();
    // Every name the row is too narrow for: cut with an ellipsis, the whole name in its title.
    const cut = await tree(page)
      .locator('[role="treeitem"] :is(span, a)')
      .evaluateAll((names) =>
        names
          .filter((name) => name.scrollWidth > name.clientWidth + 1 && name.clientWidth > 2)
          .filter((name) => !name.closest('.visually-hidden'))
          .map((name) => ({
            // What shows: the text but the words for screen readers only.
            text: [...name.childNodes]
              .filter((node) => !(node instanceof Element && node.matches('.visually-hidden')))
              .map((node) => node.textContent)
              .join('')
              .trim(),
            ellipsis: getComputedStyle(name).textOverflow === 'ellipsis',
            title: name.getAttribute('title'),
          })),
      );
    if (width === 390) expect(cut.length).toBeGreaterThan(0);
    for (const name of cut) expect(name).toEqual({ ...name, ellipsis: true, title: name.text });
  });
}
