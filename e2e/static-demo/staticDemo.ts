import type { Page } from '@playwright/test';
import { staticDemoUrl } from '../../playwright.static-demo.config';
import { expect, test as base, type PersonaId } from '../fixtures';

/**
 * The static demo's specs (issue 31): its build under a sub-path, served by a plain static server
 * with no /api; the mock's areas answer in the page's service worker, and the visitor's data lives
 * in the browser's IndexedDB. Addresses here are relative to the base path (no leading slash).
 */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function names.
  baseURL: async ({}, use) => {
    await use(staticDemoUrl);
  },
});

/** Signs in by a shareable persona link and waits for the signed-in header. */
export async function signInAs(page: Page, persona: PersonaId, redirectTo: string) {
  await page.goto(`fake-auth?as=${persona}&redirectTo=${encodeURIComponent(redirectTo)}`);
  await expect(page.getByRole('banner')).toBeVisible();
}

/** The project of fixture risk 4, to pick in the risk form. */
export async function projectOfRisk4(page: Page): Promise<string> {
  await page.goto('risks/4');
  return (await page.getByText(/^Project risk · /).innerText()).split(' · ')[1]!;
}

/** Fills in the open 'New risk' form in this project and creates it; the new risk's address. */
export async function submitRisk(page: Page, project: string, statement: string): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: 'New risk' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Project' }).fill(project.slice(0, 6));
  await page.getByRole('option', { name: project }).click();
  await page.getByRole('textbox', { name: 'Statement' }).fill(statement);
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Scope' });
  await page.getByRole('combobox', { name: 'Probability' }).selectOption({ label: 'High' });
  await page.getByRole('combobox', { name: 'Impact' }).selectOption({ label: 'Moderate' });
  await page.getByRole('button', { name: 'Create risk' }).click();
  await expect(page.getByText('The risk has been created.')).toBeVisible();
  await expect(page).toHaveURL(/\/pep-demo\/risks\/\d+$/);
  return page.url();
}

/** Creates a project risk with this statement; its address. */
export async function createRisk(page: Page, statement: string): Promise<string> {
  const project = await projectOfRisk4(page);
  await page.goto('create-risk/project');
  return submitRisk(page, project, statement);
}

/** The header's "Demo data" control: resets this visitor's data, after a confirmation. */
export async function resetDemoData(page: Page, expectAccessible: () => Promise<void>) {
  await page.getByRole('button', { name: 'Demo data' }).click();
  await page.getByRole('menuitem', { name: 'Reset demo data…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset the demo data?' });
  await expect(dialog).toBeVisible();
  await expectAccessible();
  await dialog.getByRole('button', { name: 'Reset demo data' }).click();
  await expect(page.getByText('Demo data reset: everything is back to the start')).toBeVisible();
}

/**
 * Switches a scenario on, as `/__mock/scenarios` does in the Express demo: from the page, whose
 * worker answers it (the static host has no /__mock).
 */
export async function addScenario(page: Page, scenario: Record<string, unknown>) {
  const status = await page.evaluate(
    async (body) =>
      (
        await fetch('/__mock/scenarios', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    scenario,
  );
  expect(status).toBe(201);
}

export { expect };
