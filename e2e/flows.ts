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
