import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll, filterChips } from './flows';

/**
 * `/calendar` on the seed (its clock: 11/20/2026). Risk 1's first action item ('Pair a second
 * engineer on the payment integration') is due 12/01/2026; the corrective action of the approved
 * audit 10 ('No signed change requests for two scope changes') is pm's, due 10/28/2026.
 */

test.beforeEach(async ({ request }) => {
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

const ITEM = 'Action item due: Pair a second engineer on the payment integration';

test('admin reads a week, filters a kind out and back, switches to the agenda and opens an item', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('admin', '/calendar?date=2026-11-30');
  // The first screen after the server started loads its chunks cold.
  await expect(page.getByRole('heading', { level: 2, name: 'November 2026' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(/^\d+ items in November 2026$/)).toBeVisible();
  await expectAccessible();
  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page).toHaveURL(/view=week/);
  await expect(page.getByRole('heading', { level: 2, name: 'Nov 30 – Dec 6, 2026' })).toBeVisible();
  const item = page.getByRole('link', { name: ITEM });
  await expect(item).toBeVisible();
  await expectAccessible();

  // The URL holds the filters: a click navigates (in a transition), then the box follows.
  const itemsBox = page.getByRole('checkbox', { name: 'Action item due dates' });
  await itemsBox.click();
  await expect(itemsBox).not.toBeChecked();
  await expect(item).toHaveCount(0);
  await expect(page).toHaveURL(/kinds=check%2Cperiod%2Crisk%2Cissue/);
  await itemsBox.click();
  await expect(itemsBox).toBeChecked();
  await expect(item).toBeVisible();

  await page.getByRole('tab', { name: 'Agenda' }).click();
  await expect(page).toHaveURL(/view=agenda/);
  await expect(
    page.getByRole('heading', { level: 2, name: 'Nov 30 – Dec 29, 2026' }),
  ).toBeVisible();
  await expectAccessible();
  // By keyboard, as the agenda scrolls inside its own box.
  await page.getByRole('link', { name: ITEM }).first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/risks/1');
});

test("pm's own items: marked as theirs, downloaded as an iCalendar file", async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('pm', '/calendar?date=2026-10-26&view=week&mine=1');
  const finding = page.getByRole('link', {
    name: 'Yours: Corrective action due: No signed change requests for two scope changes',
  });
  await expect(finding).toBeVisible({ timeout: 30_000 });
  await expect(finding).toHaveAttribute('href', '/projects/10/action-items');
  await expectAccessible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my items (.ics)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('project-excellence-my-items.ics');
  const text = readFileSync((await file.path())!, 'utf8');
  expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(text).toContain('DTSTART;VALUE=DATE:20261028\r\nDTEND;VALUE=DATE:20261029');
  await expect(page.getByText('Your items of this range have been downloaded')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the filters wait behind a Filters button; each filter in force is a chip that clears it', async ({
    page,
    signInAs,
    expectAccessible,
  }) => {
    await signInAs('pm', '/calendar?date=2026-11-28');
    const range = page.locator('#calendar-range');
    await expect(range).toBeVisible({ timeout: 30_000 });
    // No screen-high form: the range and its first items are on the first screen.
    await expect(page.getByRole('checkbox', { name: 'Only my items' })).toHaveCount(0);
    expect((await range.boundingBox())!.y).toBeLessThan(600);
    await expectAccessible();

    await page.getByRole('button', { name: 'Filters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await dialog.getByRole('checkbox', { name: 'Only my items' }).click();
    await expect(page).toHaveURL(/mine=1/);
    await dialog.getByRole('checkbox', { name: 'Checks' }).click();
    await expect(page).toHaveURL(/kinds=/);
    await expectAccessible();
    await dialog.getByRole('button', { name: 'Show results' }).click();
    const chips = filterChips(page);
    await expect(chips.getByRole('listitem')).toHaveText([/^Show: (?!Checks)/, 'Only my items']);
    await expect(page.getByRole('button', { name: 'Filters, 2 in force' })).toBeVisible();

    await chips.getByRole('button', { name: 'Remove filter Only my items' }).click();
    await expect(page).not.toHaveURL(/mine=1/);
    await chips.getByRole('button', { name: /^Remove filter Show: / }).click();
    await expect(page).not.toHaveURL(/kinds=/);
    await expect(chips).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeFocused();
    await expectNoSidewaysScroll(page);
  });

  test('the week view’s day headers stay inside their columns', async ({ page, signInAs }) => {
    await signInAs('pm', '/calendar?view=week');
    const headers = page.locator('.rbc-time-header .rbc-header');
    await expect(headers).toHaveCount(7);
    const spills = await headers.evaluateAll((cells) =>
      cells
        .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
        .map((cell) => cell.textContent),
    );
    expect(spills).toEqual([]);
    // No sideways scroll of the page.
    await expectNoSidewaysScroll(page);
  });

  test('the month keeps each "+N more" inside its day, the agenda its table inside its card', async ({
    page,
    signInAs,
  }) => {
    await signInAs('pm', '/calendar?view=month&date=2026-11-28');
    await expect(page.getByRole('heading', { level: 2, name: 'November 2026' })).toBeVisible();
    const more = page.locator('.rbc-month-view .rbc-show-more');
    await expect(more.first()).toBeVisible();
    const spills = await more.evaluateAll((buttons) =>
      buttons
        .filter((button) => {
          const own = button.getBoundingClientRect();
          const day = button.parentElement!.getBoundingClientRect();
          return own.left < day.left - 0.5 || own.right > day.right + 0.5;
        })
        .map((button) => button.textContent),
    );
    expect(spills).toEqual([]);
    await expectNoSidewaysScroll(page);

    // A phone opens on the agenda: its tab drops `view` from the URL.
    await page.getByRole('tab', { name: 'Agenda' }).click();
    await expect(page).not.toHaveURL(/view=month/);
    const table = page.locator('.rbc-agenda-table').first();
    await expect(table).toBeVisible();
    const card = page.getByRole('tabpanel');
    const [tableBox, cardBox] = [await table.boundingBox(), await card.boundingBox()];
    expect(tableBox!.x).toBeGreaterThanOrEqual(cardBox!.x);
    expect(tableBox!.x + tableBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width + 0.5);
    await expectNoSidewaysScroll(page);
  });
});
