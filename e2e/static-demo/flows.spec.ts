import { staticDemoUrl } from '../../playwright.static-demo.config';
import {
  answerEverything,
  createOpenPeriod,
  memberRow,
  myWork,
  myWorkGroup,
  planThreeUnplanned,
  plannerGrid,
  startPlannerOfThree,
  submitSurvey,
} from '../flows';
import { addScenario, expect, resetDemoData, signInAs, test } from './staticDemo';

/**
 * The Express demo's flows (survey, team, planner) in the static demo, each in a browser of its
 * own (a fresh visitor): the change is kept over a reload, another browser never sees it, and the
 * header's "Demo data" reset takes it away. The steps and selectors are the Express specs' own
 * (e2e/flows.ts); addresses are relative to the base path.
 */

const NEWCOMER = 'Mei Chen (mchen)';

test('pm answers and submits a survey; it stays submitted over a reload until the demo data is reset', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, 'pm', '/survey/1/overview');
  await expect(page).toHaveURL(`${staticDemoUrl}survey/1/overview`);
  await expectAccessible();

  await answerEverything(page, 'survey/1/overview', expectAccessible);
  await page.getByRole('link', { name: /^Step SUM:/ }).click();
  await expect(page.getByText(/^All \d+ questions are answered\.$/)).toBeVisible();
  await submitSurvey(page);
  await expect(page).toHaveURL(`${staticDemoUrl}survey/1/results`);
  await expect(page.getByRole('heading', { level: 1, name: 'Results' })).toBeVisible();
  await expect(page.getByText('Finished').first()).toBeVisible();
  await expectAccessible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Results' })).toBeVisible();
  await expect(page.getByText('Finished').first()).toBeVisible();

  await resetDemoData(page, expectAccessible);
  await page.goto('survey/1/drivers/quality');
  await expect(page.getByText('0 of 2 answered')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Questions' }).getByRole('radio', { checked: true }),
  ).toHaveCount(0);
  await expectAccessible();
});

test("admin adds a member to the project card's team: kept over a reload, unseen by another browser, gone after a reset", async ({
  page,
  browser,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'admin', '/projects/1/team');
  await expect(memberRow(page, 'Priya Nair (pnair)')).toContainText('Project manager');
  await expect(memberRow(page, NEWCOMER)).toHaveCount(0);
  await expectAccessible();

  await page.getByRole('button', { name: 'Add member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a team member' });
  await dialog.getByRole('combobox', { name: 'Person' }).fill('Mei');
  await page.getByRole('option', { name: NEWCOMER }).click();
  await dialog.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Tester' });
  await dialog.getByRole('spinbutton', { name: 'Allocation (%)' }).fill('40');
  await expectAccessible();
  await dialog.getByRole('button', { name: 'Add member' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${NEWCOMER} has joined the team.`)).toBeVisible();

  await page.reload();
  await expect(memberRow(page, NEWCOMER)).toContainText('Tester');
  await expect(memberRow(page, NEWCOMER)).toContainText('40%');

  // Another browser: the seed's team, without this visitor's newcomer; and its own change stays
  // its own.
  const other = await browser.newContext({ baseURL: staticDemoUrl });
  const otherPage = await other.newPage();
  await signInAs(otherPage, 'admin', '/projects/1/team');
  await expect(memberRow(otherPage, 'Priya Nair (pnair)')).toBeVisible();
  await expect(memberRow(otherPage, NEWCOMER)).toHaveCount(0);
  await otherPage.getByRole('button', { name: 'Remove Omar Haddad (ohaddad)' }).click();
  await otherPage
    .getByRole('dialog', { name: 'Remove Omar Haddad (ohaddad) from the team?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(memberRow(otherPage, 'Omar Haddad (ohaddad)')).toHaveCount(0);
  await other.close();
  await page.reload();
  await expect(memberRow(page, 'Omar Haddad (ohaddad)')).toBeVisible();
  await expect(memberRow(page, NEWCOMER)).toBeVisible();

  await resetDemoData(page, expectAccessible);
  await expect(memberRow(page, 'Priya Nair (pnair)')).toBeVisible();
  await expect(memberRow(page, NEWCOMER)).toHaveCount(0);
  await expectAccessible();
});

/** The calendar quarter two after today's (past the seed's draft one): name, first and last day. */
function quarterAfterNext() {
  const today = new Date();
  const index = today.getUTCFullYear() * 4 + Math.floor(today.getUTCMonth() / 3) + 2;
  const year = Math.floor(index / 4);
  const first = (index % 4) * 3;
  const mmddyyyy = (date: Date) =>
    `${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String(date.getUTCDate()).padStart(2, '0')}/${date.getUTCFullYear()}`;
  return {
    name: `${year} Q${(index % 4) + 1}`,
    start: mmddyyyy(new Date(Date.UTC(year, first, 1))),
    end: mmddyyyy(new Date(Date.UTC(year, first + 3, 0))),
  };
}

test('admin plans checks in a new period and starts its planner: kept over a reload, gone after a reset', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(180_000);
  const period = quarterAfterNext();
  await signInAs(page, 'admin', '/planning/periods');
  await createOpenPeriod(page, period);

  await page.goto('planning');
  const grid = plannerGrid(page);
  await expect(grid).toBeVisible({ timeout: 30_000 });
  // The period's first week: weeks follow today, as the period does.
  const { names, dialog } = await planThreeUnplanned(
    page,
    period.name,
    async (weeks) => (await weeks.locator('option:not([value=""])').first().getAttribute('value'))!,
  );
  await expectAccessible();
  await dialog.getByRole('button', { name: 'Plan 3 checks' }).click();
  await expect(page.getByText(`Planned 3 checks in ${period.name}.`)).toBeVisible();

  await startPlannerOfThree(page, period.name, expectAccessible);

  // Kept: the period started, its checks among the new ones.
  await page.reload();
  await expect(grid.getByRole('columnheader', { name: new RegExp(period.name) })).toContainText(
    'started',
    { timeout: 30_000 },
  );
  await page.goto('checks?status=new');
  for (const name of names)
    await expect(page.getByRole('table').getByText(name).first()).toBeVisible();
  await expectAccessible();

  await resetDemoData(page, expectAccessible);
  await page.goto('planning/periods');
  const periods = page.getByRole('table', { name: 'Planner periods table' });
  await expect(periods).toBeVisible({ timeout: 30_000 });
  await expect(periods.getByRole('row').nth(1)).toBeVisible();
  await expect(periods.getByRole('row').filter({ hasText: period.name })).toHaveCount(0);
});

test('scenarios and latency switch at run time, as in the Express demo, and hold over a reload', async ({
  page,
}) => {
  await signInAs(page, 'pm', '/risks');
  await expect(page.getByRole('row').nth(1)).toBeVisible();

  // An error once: the next page load meets it, Try again gets the real answer.
  await addScenario(page, { method: 'GET', path: '/api/my-work/', status: 500, times: 1 });
  await page.goto('welcome');
  await expect(myWork(page).getByText('Your work could not be loaded')).toBeVisible();
  await myWork(page).getByRole('button', { name: 'Try again' }).click();
  await expect(myWorkGroup(page, /^Checks to answer/)).toBeVisible();

  // Latency on every call, until cleared.
  await addScenario(page, { method: '*', path: '/api/**', delayMs: 1500 });
  const listed = await page.evaluate(async () => (await fetch('/__mock/scenarios')).json());
  expect(listed).toEqual([
    expect.objectContaining({ method: '*', path: '/api/**', delayMs: 1500 }),
  ]);
  const oneCall = Date.now();
  await page.evaluate(async () => (await fetch('/api/auth/personas/')).status);
  expect(Date.now() - oneCall).toBeGreaterThanOrEqual(1500);
  const slowFrom = Date.now();
  await page.goto('risks');
  await expect(page.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  expect(Date.now() - slowFrom).toBeGreaterThanOrEqual(1500);

  expect(
    await page.evaluate(
      async () => (await fetch('/__mock/scenarios', { method: 'DELETE' })).status,
    ),
  ).toBe(204);
  expect(await page.evaluate(async () => (await fetch('/__mock/scenarios')).json())).toEqual([]);
  const fastFrom = Date.now();
  await page.evaluate(async () => (await fetch('/api/auth/personas/')).status);
  expect(Date.now() - fastFrom).toBeLessThan(1500);
});
