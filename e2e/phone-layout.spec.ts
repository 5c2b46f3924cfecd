import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll, filterChips } from './flows';

/**
 * A phone layout of its own (issue 33): below 600 px a list opens with a "Filters" button and the
 * chips of the filters in force, not a screen-high form; from 600 px the form stays inline. The
 * project card's tab strip, a row that scrolls there, shows that it does.
 */

test.beforeEach(async ({ request }) => {
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

const chips = (page: import('@playwright/test').Page) =>
  page.getByRole('list', { name: 'Filters in force' });

test('checks at 390 px: Filters opens the form, a choice adds a chip, the chip removes it', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('admin', '/checks?status=expert');
  await expect(page.getByRole('table')).toBeVisible();
  // No form on the page: the list starts under the button and its chip.
  await expect(page.getByRole('search', { name: 'Filter checks' })).toHaveCount(0);
  await expect(chips(page).getByRole('listitem')).toHaveText(['Status: Expert review']);
  await expectAccessible();

  const opener = page.getByRole('button', { name: 'Filters, 1 in force' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await expect(dialog).toBeVisible();
  await expectAccessible();
  await dialog.getByLabel('Model').selectOption({ label: 'SDO' });
  await expect(page).toHaveURL(/model=sdo/);
  await dialog.getByRole('button', { name: 'Show results' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(chips(page).getByRole('listitem')).toHaveText([
    'Status: Expert review',
    'Model: SDO',
  ]);

  // A chip's × by keyboard clears its filter alone; the list follows.
  await page.getByRole('button', { name: 'Remove filter Status: Expert review' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checks\?model=sdo$/);
  await expect(chips(page).getByRole('listitem')).toHaveText(['Model: SDO']);
  await expect(page.getByRole('button', { name: 'Remove filter Model: SDO' })).toBeFocused();

  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(/\/checks$/);
  await expect(chips(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Filters' })).toBeFocused();
});

test('accounts at 390 px: a search typed in the dialog becomes a chip; at 1440 px the form is inline', async ({
  page,
  signInAs,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('admin', '/accounts');
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByRole('button', { name: 'Filters' }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await dialog.getByRole('searchbox', { name: 'Search' }).fill('stanton');
  await expect(page).toHaveURL(/search=stanton/);
  await page.keyboard.press('Escape');
  await expect(chips(page).getByRole('listitem')).toHaveText(['Search: stanton']);
  await expect(
    page
      .getByRole('cell', { name: /Stanton/ })
      .or(page.getByRole('rowheader', { name: /Stanton/ }))
      .first(),
  ).toBeVisible();

  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole('search', { name: 'Filter the accounts' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('stanton');
  await expect(page.getByRole('button', { name: /^Filters/ })).toHaveCount(0);
});

test('the card tabs at 390 px fade where more tabs wait, and the selected tab is in sight', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('admin', '/projects/1');
  const strip = page.getByRole('tablist', { name: 'Project card sections' });
  await expect(strip.getByRole('tab', { name: 'Overview', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // At the start: more tabs wait after, none before.
  await expect(strip).toHaveAttribute('data-more-after', '');
  await expect(strip).not.toHaveAttribute('data-more-before');
  expect(await strip.evaluate((list) => getComputedStyle(list).maskImage)).toContain('gradient');
  await expectAccessible();

  // A late tab opened from its address is scrolled into sight; now tabs wait before it.
  await page.goto('/projects/1/action-items');
  const selected = strip.getByRole('tab', { selected: true });
  await expect(selected).toHaveText(/Action items/);
  await expect(strip).toHaveAttribute('data-more-before', '');
  const [row, tab] = await Promise.all([strip.boundingBox(), selected.boundingBox()]);
  expect(tab!.x).toBeGreaterThanOrEqual(row!.x - 1);
  expect(tab!.x + tab!.width).toBeLessThanOrEqual(row!.x + row!.width + 1);

  // By keyboard the strip follows the focus to its first tab, and the fade before goes.
  await selected.focus();
  await page.keyboard.press('Home');
  await expect(strip.getByRole('tab', { name: 'Overview', exact: true })).toBeFocused();
  await expect(strip).not.toHaveAttribute('data-more-before');
});

/**
 * The project card's filtered tabs and the planner's periods, each at 390 px: a filter the URL
 * holds is a chip under the Filters button, not a form above the list; the chip clears it; from
 * 1440 px the form is inline again.
 */
const FILTERED_SCREENS = [
  {
    name: 'the Approvals tab',
    path: '/projects/1/approvals?state=pending',
    form: 'Filter the requests',
    chip: 'State: Pending',
    list: (page: Page) => page.getByRole('list', { name: 'Requests' }),
  },
  {
    name: 'the ISO 9001 Compliance tab',
    path: '/projects/1/iso-9001-compliance?state=overdue',
    form: 'Filter the requirements',
    chip: 'State: Review overdue',
    list: (page: Page) => page.getByRole('table', { name: /^ISO 9001 readiness of / }),
  },
  {
    name: 'the Contacts tab',
    path: '/projects/1/contacts?side=client&q=a',
    form: 'Filter the contacts',
    chip: 'Side: Client side',
    list: (page: Page) => page.getByRole('table', { name: /^Contacts of / }),
  },
  {
    name: 'the Metrics approvals tab',
    path: '/projects/1/metrics-approvals?state=submitted',
    form: 'Filter the metric values',
    chip: 'State: Submitted',
    list: (page: Page) => page.getByRole('table', { name: /^Metrics approvals of / }),
  },
  {
    name: '/planning/periods',
    path: '/planning/periods?state=open',
    form: 'Filter the periods',
    chip: 'State: Open',
    list: (page: Page) => page.getByRole('table', { name: 'Planner periods table' }),
  },
];

for (const screen of FILTERED_SCREENS) {
  test(`${screen.name} at 390 px: the filter in force is a chip under the Filters button, and the chip clears it`, async ({
    page,
    signInAs,
    expectAccessible,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs('admin', screen.path);
    const list = screen.list(page);
    await expect(list).toBeVisible({ timeout: 30_000 });
    // No form above the list: it waits in the Filters dialog, and the list starts in the first screen.
    await expect(page.getByRole('search', { name: screen.form })).toHaveCount(0);
    await expect(filterChips(page)).toContainText(screen.chip);
    const opener = page.getByRole('button', { name: /^Filters, \d in force$/ });
    await expect(opener).toBeVisible();
    expect((await list.boundingBox())!.y).toBeLessThan(844);
    await expectNoSidewaysScroll(page);
    await expectAccessible();

    const param = new URL(screen.path, 'http://x').searchParams.keys().next().value!;
    await filterChips(page)
      .getByRole('button', { name: `Remove filter ${screen.chip}` })
      .click();
    await expect(page).not.toHaveURL(new RegExp(`[?&]${param}=`));
    await expect(filterChips(page).getByText(screen.chip)).toHaveCount(0);

    // The dialog holds the form; a choice there is a chip again.
    await page.getByRole('button', { name: /^Filters/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await expect(dialog.getByRole('search', { name: screen.form })).toBeVisible();
    await expectAccessible();
    await page.keyboard.press('Escape');

    // From 600 px the form is inline, without the Filters button.
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByRole('search', { name: screen.form })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Filters/ })).toHaveCount(0);
  });
}
