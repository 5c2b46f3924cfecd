import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Steps that several specs take the same way, against the Express demo and the static demo alike:
 * addresses are the caller's (absolute against the Express demo, relative under the static demo's
 * base path).
 */

/** A small well-formed PDF, an attachment the upload rules of spec §5 accept. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n',
);

/** Types a date into a date field as MM/DD/YYYY. */
export const typeDate = async (field: Locator, text: string) => {
  await field.fill(text);
  await field.press('Tab');
};

/** Answers every open question of every driver through the survey sidebar, checking axe once. */
export async function answerEverything(
  page: Page,
  base: string,
  expectAccessible: (page?: Page) => Promise<void>,
) {
  await page.goto(base);
  const steps = page.getByRole('navigation', { name: /^Steps of / });
  const driverLinks = steps.locator('a[href*="/drivers/"]');
  await expect(driverLinks.first()).toBeVisible();
  const count = await driverLinks.count();
  let checked = false;
  for (let index = 0; index < count; index += 1) {
    const link = driverLinks.nth(index);
    const href = (await link.getAttribute('href')) ?? '';
    const title = (await link.getAttribute('title')) ?? '';
    await link.click();
    // Wait for this driver's own page, not the previous one still on screen.
    await expect(page).toHaveURL(href);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
    const questions = page.getByRole('list', { name: 'Questions' }).getByRole('listitem');
    await expect(questions.first()).toBeVisible();
    for (const question of await questions.all()) {
      const yes = question.getByRole('radio').first();
      if (!(await question.getByRole('radio', { checked: true }).count())) await yes.check();
    }
    await expect(page.getByText(/^(\d+) of \1 answered$/)).toBeVisible();
    if (!checked) {
      await expectAccessible();
      checked = true;
    }
  }
}

/** Submit survey, then confirm in the dialog that asks before the irreversible step. */
export async function submitSurvey(page: Page) {
  await page.getByRole('button', { name: 'Submit survey' }).click();
  await page
    .getByRole('dialog', { name: 'Submit the survey?' })
    .getByRole('button', { name: 'Submit survey' })
    .click();
}

/** The project card's Team table and one member's row in it. */
export const teamTable = (page: Page) => page.getByRole('table', { name: /^Team of / });
export const memberRow = (page: Page, who: string) =>
  teamTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: who }) });

/** The filters in force, as removable chips (a list's filters on a phone, FilterPanel). */
export const filterChips = (page: Page) => page.getByRole('list', { name: 'Filters in force' });

/**
 * A filter the URL holds is in force: from 600 px its field shows `value`; on a phone the form
 * waits behind the Filters button and a chip names it.
 */
export async function expectFilterInForce(
  page: Page,
  field: string,
  value: string | RegExp,
  chip = field,
) {
  if ((page.viewportSize()?.width ?? 1440) >= 600)
    await expect(page.getByLabel(field)).toHaveValue(value);
  else await expect(filterChips(page)).toContainText(chip);
}

/** The page does not scroll sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
}

/** "My work" on /welcome, and the link of one of its groups (its heading). */
export const myWork = (page: Page) => page.getByRole('region', { name: 'My work' });
export const myWorkGroup = (page: Page, label: RegExp) =>
  myWork(page).getByRole('heading', { level: 3 }).getByRole('link', { name: label });

/** The count a My work group's link shows (its badge). */
export async function myWorkCount(link: Locator): Promise<number> {
  return Number(/(\d+)\s*$/.exec(await link.innerText())?.[1]);
}

/** Opens a link by keyboard: it is in the tab order, focus reaches it, Enter follows it. */
export async function openByKeyboard(page: Page, link: Locator) {
  await link.focus();
  await expect(link).toBeFocused();
  await expect(link).not.toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('Enter');
}

/**
 * On `/planning/periods`: creates an open planner period (the New period dialog), checked by
 * its success message.
 */
export async function createOpenPeriod(
  page: Page,
  period: { name: string; start: string; end: string },
) {
  await page.getByRole('button', { name: 'New period' }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'New period' });
  await dialog.getByLabel('Name').fill(period.name);
  await typeDate(dialog.getByLabel('Start date'), period.start);
  await typeDate(dialog.getByLabel('End date'), period.end);
  await dialog.getByLabel('Start as').selectOption({ label: 'Open' });
  await dialog.getByRole('button', { name: 'Create period' }).click();
  await expect(page.getByText('The period has been created.')).toBeVisible();
}

/** The planner's grid. */
export const plannerGrid = (page: Page) => page.getByRole('table', { name: /^Planned checks/ });

/**
 * On `/planning`: works in `periodName`, shows the projects not planned in it and selects three,
 * then opens the Plan dialog for them with its week and Mei Chen as expert. Answers the
 * projects' names and the dialog, for the caller to check and plan.
 */
export async function planThreeUnplanned(
  page: Page,
  periodName: string,
  week: (weeks: Locator) => Promise<string>,
) {
  await page.getByLabel('Working period').selectOption({ label: periodName });
  await page
    .getByLabel(`In ${periodName}`, { exact: true })
    .selectOption({ label: 'Not planned in the period' });
  const rows = plannerGrid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox') });
  const names: string[] = [];
  for (let index = 1; index <= 3; index += 1) {
    const row = rows.nth(index);
    names.push((await row.getByRole('rowheader').getByRole('link').innerText()).trim());
    await row.getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: `Plan 3 in ${periodName}…` }).click();
  const dialog = page.getByRole('dialog', { name: 'Plan a check for 3 projects' });
  await expect(dialog.getByLabel('Model')).toHaveValue(/.+/);
  const weeks = dialog.getByLabel('Week');
  await weeks.selectOption(await week(weeks));
  await dialog.getByRole('combobox', { name: 'Add an expert' }).fill('Mei');
  await dialog.getByRole('option', { name: /Mei Chen/ }).click();
  return { names, dialog };
}

/** Starts the planner of `periodName` holding three planned checks: preview, axe, create. */
export async function startPlannerOfThree(
  page: Page,
  periodName: string,
  expectAccessible: (page?: Page) => Promise<void>,
) {
  await page.getByRole('button', { name: 'Start planner…' }).click();
  const start = page.getByRole('dialog', { name: `Start the planner of ${periodName}?` });
  await expect(start.getByText('3 checks are ready to be created')).toBeVisible();
  await expectAccessible();
  await start.getByRole('button', { name: 'Create 3 checks' }).click();
  await expect(
    page.getByText(
      `The planner of ${periodName} has started: 3 checks were created in status New.`,
    ),
  ).toBeVisible();
}

/**
 * How the risk register's table sits in its box: the Statement column's width, how far the box
 * scrolls sideways, and the headers whose label is cut (an ellipsis, or a word broken).
 */
export async function riskTableFit(table: Locator) {
  return table.evaluate((element) => {
    const box = element.parentElement!;
    const headers = [...element.querySelectorAll('thead th')];
    const statement = headers.find((th) => th.textContent?.startsWith('Statement'));
    return {
      statement: statement?.getBoundingClientRect().width ?? 0,
      sideways: box.scrollWidth - box.clientWidth,
      cutHeaders: headers
        .filter((th) => {
          const label = th.querySelector('button > span');
          return label !== null && label.scrollWidth > label.clientWidth + 1;
        })
        .map((th) => th.textContent),
    };
  });
}

/** The texts of one column of the risk register's rows in view, found by its header. */
export async function riskColumnTexts(table: Locator, header: RegExp): Promise<string[]> {
  const headers = await table.locator('thead th').allInnerTexts();
  const index = headers.findIndex((text) => header.test(text.trim()));
  expect(index, `a column ${String(header)}`).toBeGreaterThanOrEqual(0);
  return table
    .locator(`tbody tr:not([aria-hidden]):not([data-loading]) > :nth-child(${index + 1})`)
    .allInnerTexts();
}

/** Shows columns of the risk register that wait in its Columns picker. */
export async function showRiskColumns(page: Page, labels: string[]) {
  await page.getByRole('button', { name: 'Columns' }).click();
  const picker = page.getByRole('group', { name: 'Show columns' });
  for (const label of labels) await picker.getByRole('checkbox', { name: label }).check();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
}
