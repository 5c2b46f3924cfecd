import { expect, test } from './fixtures';
import {
  createOpenPeriod,
  expectNoSidewaysScroll,
  filterChips,
  planThreeUnplanned,
  plannerGrid,
  startPlannerOfThree,
} from './flows';

/**
 * `/planning`, the check planner, on the seed (its clock: 11/20/2026): 2026 Q3 closed and
 * started, 2026 Q4 open with about 30 planned checks (some weeks over, an expert conflict of
 * Erik Lindqvist in the week of 12/07/2026, a health check without a main expert), 2027 Q1 a
 * draft. admin holds every planner flag; portfolio only views.
 */

test.beforeEach(async ({ request }) => {
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

test('admin plans three projects in a new period, starts it and finds the checks in /checks and the calendar', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  test.slow();
  // A new open period after the running quarter.
  await signInAs('admin', '/planning/periods');
  await createOpenPeriod(page, { name: '2027 Q2', start: '04/01/2027', end: '06/30/2027' });

  await page.goto('/planning');
  const grid = plannerGrid(page);
  await expect(grid).toBeVisible({ timeout: 30_000 });
  await expect(grid.getByRole('columnheader', { name: /2027 Q2/ })).toBeAttached();
  await expectAccessible();

  // Work on the new period, on projects planned nowhere in it yet.
  const { names, dialog } = await planThreeUnplanned(page, '2027 Q2', async () => '2027-04-05');
  await expect(
    dialog.getByText('Mei Chen would be planned on all 3 projects at once.'),
  ).toBeVisible();
  await expectAccessible();
  await dialog.getByRole('button', { name: 'Plan 3 checks' }).click();
  await expect(page.getByText('Planned 3 checks in 2027 Q2.')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Planned now: they leave the "not planned" view and show among the planned ones.
  await expect(grid.getByRole('link', { name: names[0] })).toHaveCount(0);
  await page
    .getByLabel('In 2027 Q2', { exact: true })
    .selectOption({ label: 'Planned in the period' });
  for (const name of names)
    await expect(
      grid.getByRole('button', {
        name: new RegExp(`^Health check for ${literal(name)} in 2027 Q2`),
      }),
    ).toBeVisible();

  // The start: a preview, then every planned check becomes a check at once.
  await startPlannerOfThree(page, '2027 Q2', expectAccessible);
  await expect(grid.getByRole('columnheader', { name: /2027 Q2/ })).toContainText('started');

  await page.goto('/checks?status=new');
  const checks = page.getByRole('table');
  for (const name of names) await expect(checks.getByText(name).first()).toBeVisible();

  await page.goto('/calendar?view=week&date=2027-04-05');
  for (const name of names)
    await expect(page.getByRole('link', { name: new RegExp(literal(name)) }).first()).toBeVisible();
});

test('admin opens a planned check with an expert conflict, edits it and takes another out of the plan', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('admin', '/planning?plan=planned');
  const grid = plannerGrid(page);
  await expect(grid).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: /expert conflict/ })).toBeVisible();
  const conflicted = grid.getByRole('button', {
    name: /in 2026 Q4, Week of 12\/07\/2026, expert conflict$/,
  });
  await conflicted.first().click();
  const panel = page.getByRole('dialog', { name: 'Planned check' });
  await expect(panel.getByText(/Also planned that week on \d+ other check/)).toBeVisible();
  await expect(page).toHaveURL(/check=\d+/);
  await expectAccessible();

  await panel.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: /^Edit the planned check of / });
  await expect(dialog.getByText(/ is already planned on .+ that week\./)).toBeVisible();
  await dialog.getByLabel('Week').selectOption('2026-12-14');
  await dialog.getByLabel('Note').fill('Moved a week to clear the clash');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The planned check has been saved.')).toBeVisible();
  await expect(panel.getByText('Moved a week to clear the clash')).toBeVisible();
  await panel.getByRole('button', { name: 'Remove from plan' }).click();
  await page
    .getByRole('dialog', { name: 'Take this check out of the plan?' })
    .getByRole('button', { name: 'Remove from plan' })
    .click();
  await expect(page.getByText('The check has been taken out of the plan.')).toBeVisible();
  await expect(panel).toBeHidden();
});

test('admin starts the running quarter in one step: the planned checks whose week is over move to the next week, the one without a main expert starts too', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  test.slow();
  await signInAs('admin', '/planning');
  const grid = plannerGrid(page);
  await expect(grid).toBeVisible({ timeout: 30_000 });
  // The working period is listed once, marked as the default.
  const menu = page.getByLabel('Working period');
  await expect(menu.locator('option', { hasText: '2026 Q4' })).toHaveText(['2026 Q4 (default)']);

  // The plan dialog offers no week that is over.
  await grid
    .getByRole('button', { name: /^Plan a check for / })
    .first()
    .click({ force: true });
  const plan = page.getByRole('dialog', { name: /^Plan a check for / });
  const weeks = await plan.getByLabel('Week').locator('option').allTextContents();
  expect(weeks.some((week) => /past|over/.test(week))).toBe(false);
  await plan.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Start planner…' }).click();
  const start = page.getByRole('dialog', { name: 'Start the planner of 2026 Q4?' });
  const move = start.getByRole('button', { name: /^Move them to Week of \d\d\/\d\d\/\d{4}…$/ });
  // The health check without a main expert is named, to follow up once started: it stops nothing.
  const followUps = start.getByRole('region', { name: /^1 health check has no main expert yet\./ });
  await expect(followUps).toBeVisible();
  await expect(move).toBeEnabled();
  await expectAccessible();
  // Nor does the edit of a planned check whose week is over: its week is chosen anew.
  await start
    .getByRole('row')
    .filter({ hasText: 'Its planned week is over' })
    .first()
    .getByRole('button')
    .click();
  const panel = page.getByRole('dialog', { name: 'Planned check' });
  await panel.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: /^Edit the planned check of / });
  const week = edit.getByLabel('Week');
  await expect(week).toHaveValue('');
  await expect(week).toHaveAccessibleDescription(
    /, which is over: choose a week that can still run\./,
  );
  const editWeeks = await week.locator('option').allTextContents();
  expect(editWeeks).toEqual(weeks);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await panel
    .getByRole('button', { name: /^Close/ })
    .first()
    .click();

  // The named health check opens its planned check.
  await page.getByRole('button', { name: 'Start planner…' }).click();
  await followUps.getByRole('button').click();
  await expect(panel).toBeVisible();
  const unled = new URL(page.url()).searchParams.get('check');
  expect(unled).toMatch(/^\d+$/);
  await panel
    .getByRole('button', { name: /^Close/ })
    .first()
    .click();

  await page.getByRole('button', { name: 'Start planner…' }).click();
  await expect(start).toBeVisible();
  await move.click();
  const confirm = page.getByRole('dialog', { name: /^Move \d+ planned checks to Week of / });
  await expect(confirm).toBeVisible();
  await expectAccessible();
  await confirm.getByRole('button', { name: 'Move and start' }).click();
  await expect(
    page.getByText(
      /^The planner of 2026 Q4 has started: \d+ checks were created in status New\. 1 has no main expert yet: assign one on the check\.$/,
    ),
  ).toBeVisible();
  await expect(grid.getByRole('columnheader', { name: /2026 Q4/ })).toContainText('started');

  // The started period shows its checks: the one without a main expert leads to its check,
  // where its main expert is assigned.
  await page.goto(`/planning?check=${unled}`);
  await panel.getByRole('link', { name: /^Open check \d+$/ }).click();
  await expect(page).toHaveURL(/\/checks\/\d+$/);
  await expect(page.getByRole('button', { name: 'Assign expert' })).toBeVisible();
});

test('portfolio sees the plan read-only; pm is kept out', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('portfolio', '/planning');
  const grid = plannerGrid(page);
  await expect(grid).toBeVisible({ timeout: 30_000 });
  await expect(grid.getByRole('button', { name: /^Plan a check/ })).toHaveCount(0);
  await grid
    .getByRole('button', { name: /^Health check for / })
    .first()
    .click();
  const panel = page.getByRole('dialog', { name: 'Planned check' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expectAccessible();

  await signInAs('pm', '/planning');
  await expect(page.getByRole('heading', { name: 'You may not open this page' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the filters wait behind a Filters button; each filter in force is a chip that clears it', async ({
    page,
    signInAs,
    expectAccessible,
  }) => {
    await signInAs('admin', '/planning?due=1');
    const grid = plannerGrid(page);
    await expect(grid).toBeVisible({ timeout: 30_000 });
    // No screen-high form: the plan starts on the first screen.
    await expect(page.getByRole('checkbox', { name: 'Due for a check' })).toHaveCount(0);
    expect((await grid.boundingBox())!.y).toBeLessThan(844);
    const chips = filterChips(page);
    await expect(chips.getByRole('listitem')).toHaveText(['Due for a check']);
    await expectAccessible();

    await page.getByRole('button', { name: 'Filters, 1 in force' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await expect(dialog.getByRole('checkbox', { name: 'Due for a check' })).toBeChecked();
    await dialog.getByLabel(/^In 2026 Q4$/).selectOption({ label: 'Not planned in the period' });
    await expect(page).toHaveURL(/plan=unplanned/);
    await expectAccessible();
    await dialog.getByRole('button', { name: 'Show results' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(chips.getByRole('listitem')).toHaveText([
      'In 2026 Q4: Not planned in the period',
      'Due for a check',
    ]);

    await chips.getByRole('button', { name: 'Remove filter Due for a check' }).click();
    await expect(page).not.toHaveURL(/due=1/);
    await expect(page).toHaveURL(/plan=unplanned/);
    await expect(chips.getByRole('listitem')).toHaveText(['In 2026 Q4: Not planned in the period']);
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect(page).not.toHaveURL(/plan=/);
    await expect(chips).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  });
});

/** A project name as a literal inside a RegExp. */
function literal(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
