import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Accessibility past axe (issue 34): the focus follows the user, after a page change and after an
 * action, and is never left on <body>; the content is a few Tabs away; the focus ring and the
 * fields' edges stand out at 3:1; no route scrolls sideways at 320 px nor at 200 % of 1280 px.
 */

test.beforeEach(async ({ request }) => {
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

const PRODUCT = 'Project Excellence Platform';
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
/** The polite announcement of the page's title that follows a page change. */
const announced = (page: Page, title: string) =>
  page.locator('#page-announcer', { hasText: `${title} · ${PRODUCT}` });

const focusOnBody = (page: Page) =>
  page.evaluate(() => document.activeElement === null || document.activeElement === document.body);

/**
 * Presses Tab until `target` has the focus and returns how many it took, the focus on something
 * after every one of them; fails past `most`.
 */
async function tabTo(page: Page, target: Locator, most: number): Promise<number> {
  for (let count = 0; count <= most; count += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return count;
    await page.keyboard.press('Tab');
    expect(await focusOnBody(page), `Tab ${count + 1} left the focus on <body>`).toBe(false);
  }
  throw new Error(`${most} Tabs did not reach ${target.toString()}`);
}

/** Enter on `link` (or a button): a keyboard user's click. */
async function press(link: Locator, key = 'Enter') {
  await link.focus();
  await link.press(key);
}

test.describe('keyboard walks', () => {
  test('signs in and answers a survey question', async ({ page }) => {
    await page.goto('/login?redirectTo=%2Fsurvey%2F1%2Fdrivers%2Fdelivery');
    expect(await tabTo(page, page.getByRole('link', { name: "Let's start!" }), 3)).toBeLessThan(3);
    await page.keyboard.press('Enter');
    const signIn = page.getByRole('button', { name: /^Sign in as Priya Nair/ });
    await expect(signIn).toBeVisible({ timeout: 30_000 });
    await tabTo(page, signIn, 20);
    await page.keyboard.press('Enter');

    // Signed in, the page change puts the focus on the step's h1 and says its title.
    await expect(page).toHaveURL('/survey/1/drivers/delivery');
    await expect(h1(page)).toBeFocused();
    await expect(h1(page)).toContainText('Delivery management');
    await expect(announced(page, 'Delivery management · Handmade Ball panel')).toHaveCount(1);
    const firstAnswer = page.locator('main input[type="radio"]').first();
    expect(await tabTo(page, firstAnswer, 3)).toBeLessThanOrEqual(3);

    // Answering keeps the focus on the answer while it is saved.
    const saved = page.waitForResponse(
      (response) => response.request().method() !== 'GET' && response.url().includes('/api/'),
    );
    await page.keyboard.press('ArrowDown');
    expect((await saved).ok()).toBe(true);
    await expect(page.locator('main input[type="radio"]:focus')).toBeChecked();

    // The next step: a page change again, from the survey's own links.
    const next = page.getByRole('link', { name: /^Next/ });
    await press(next);
    await expect(page).not.toHaveURL('/survey/1/drivers/delivery');
    await expect(h1(page)).toBeFocused();
  });

  test('creates a risk and adds a comment', async ({ page, signInAs }) => {
    await signInAs('risk_owner', '/risks');
    await press(page.getByRole('link', { name: 'New risk' }));
    await expect(h1(page)).toHaveText('New risk');
    await expect(h1(page)).toBeFocused();
    await expect(announced(page, 'New risk')).toHaveCount(1);
    expect(
      await tabTo(page, page.getByRole('combobox', { name: 'Project' }), 6),
    ).toBeLessThanOrEqual(6);

    await page.getByRole('combobox', { name: 'Project' }).fill('Handmade');
    await page.getByRole('option', { name: 'Handmade Ball panel' }).click();
    await page.getByRole('textbox', { name: 'Statement' }).fill('The test lab may close in May');
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Scope' });
    await page.getByRole('combobox', { name: 'Probability' }).selectOption({ label: 'High' });
    await page.getByRole('combobox', { name: 'Impact' }).selectOption({ label: 'Moderate' });
    await press(page.getByRole('button', { name: 'Create risk' }));

    await expect(page).toHaveURL(/\/risks\/\d+$/);
    await expect(h1(page)).toHaveText('The test lab may close in May');
    await expect(h1(page)).toBeFocused();

    await press(page.getByRole('tab', { name: 'Comments' }));
    await page.getByRole('textbox', { name: 'Comment' }).fill('Booked the lab at the other site.');
    await press(page.getByRole('button', { name: 'Add comment' }));
    // The new comment has the focus, not <body> under the button that was busy.
    await expect(page.locator('li[data-comment-id]:focus')).toContainText(
      'Booked the lab at the other site.',
    );
  });

  test("walks the project card's tabs and edits a team member", async ({ page, signInAs }) => {
    await signInAs('admin', '/projects/1');
    await expect(page).toHaveTitle(`Overview · Handmade Ball panel · ${PRODUCT}`);
    const tabs = page.getByRole('tablist', { name: 'Project card sections' });
    await tabs.getByRole('tab', { name: 'Overview', exact: true }).focus();
    // Each arrow moves the focus along the tabs (waited for: a fast second key was once lost).
    const team = tabs.getByRole('tab', { name: 'Team', exact: true });
    await page.keyboard.press('ArrowDown');
    await expect(tabs.getByRole('tab', { name: 'Project overview', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(team).toBeFocused();
    await page.keyboard.press('Enter');

    // A tab that is a route keeps the focus; the new title is said.
    await expect(page).toHaveURL('/projects/1/team');
    await expect(team).toBeFocused();
    await expect(page).toHaveTitle(`Team · Handmade Ball panel · ${PRODUCT}`);
    await expect(announced(page, 'Team · Handmade Ball panel')).toHaveCount(1);

    const edit = page.getByRole('button', { name: /^Edit / }).first();
    await expect(edit).toBeVisible();
    expect(await tabTo(page, edit, 3)).toBeLessThanOrEqual(3);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    const allocation = dialog.getByRole('spinbutton', { name: 'Allocation (%)' });
    await allocation.fill('35');
    await allocation.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(edit).toBeFocused();
  });

  test('plans a cell in the planner and opens the calendar week', async ({ page, signInAs }) => {
    await signInAs('admin', '/welcome');
    await press(mainNav(page).getByRole('link', { name: 'Planner' }));
    await expect(h1(page)).toHaveText('Check planner');
    await expect(h1(page)).toBeFocused();
    const plan = page.getByRole('button', { name: /^Plan a check for / }).first();
    await expect(plan).toBeVisible();
    const cell = await plan.getAttribute('data-cell');
    expect(await tabTo(page, plan, 20)).toBeLessThanOrEqual(20);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: /^Plan a check/ });
    await dialog.getByLabel('Week').selectOption({ index: 1 });
    await press(dialog.getByRole('button', { name: 'Plan check' }));
    await expect(dialog).toBeHidden();
    // The cell's new check has the focus: its Plan button went with the planning.
    await expect(page.locator(`[data-cell="${cell}"]`)).toBeFocused();
    await expect(page.locator(`[data-cell="${cell}"]`)).not.toHaveAccessibleName(/^Plan a check/);

    await press(mainNav(page).getByRole('link', { name: 'Calendar' }));
    await expect(h1(page)).toHaveText('Calendar');
    await expect(h1(page)).toBeFocused();
    const month = page.getByRole('tab', { name: 'Month' });
    expect(await tabTo(page, month, 15)).toBeLessThanOrEqual(15);
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/view=week/);
    await expect(page.getByRole('tab', { name: 'Week' })).toBeFocused();
  });

  test('fills and submits a checklist', async ({ page, signInAs }) => {
    await signInAs('pm', '/project-checklists');
    const table = page.getByRole('table', { name: 'Project checklists table' });
    await press(
      table
        .getByRole('row')
        .filter({ hasText: 'Handmade Ball panel' })
        .getByRole('link', { name: 'Release readiness' }),
    );
    await expect(h1(page)).toHaveText('Release readiness');
    await expect(h1(page)).toBeFocused();
    const item = (number: number) =>
      page.getByRole('group', { name: new RegExp(`^Answer to item ${number}:`) });
    expect(await tabTo(page, item(1).getByLabel('Yes'), 4)).toBeLessThanOrEqual(4);

    for (const number of [1, 2, 3, 4]) await press(item(number).getByLabel('Yes'), 'Space');
    await press(item(5).getByLabel('No'), 'Space');
    await expect(page.getByText('Saved', { exact: true })).toHaveCount(5);

    // A "No" without its comment: "Show the first one" puts the focus in that comment.
    await press(page.getByRole('button', { name: 'Submit' }));
    await press(page.getByRole('button', { name: 'Show the first one' }));
    const comment = page.getByLabel(/Comment on item 5/);
    await expect(comment).toBeFocused();
    await page.keyboard.type('Client sign-off is booked for December 10.');
    await page.keyboard.press('Tab');
    await expect(page.getByText('Saving…')).toHaveCount(0);

    await press(page.getByRole('button', { name: 'Submit' }));
    await press(page.getByRole('button', { name: 'Submit checklist' }));
    // The notice that says it is submitted takes the focus, after the dialog has closed.
    const notice = page.getByRole('note');
    await expect(notice).toContainText('This checklist is submitted');
    await expect(notice).toBeFocused();
  });
});

test('the calendar by keyboard: "+N more" opens the day, a cut title shows whole on focus', async ({
  page,
  signInAs,
  expectAccessible,
}) => {
  await signInAs('admin', '/calendar?date=2026-11-30');
  const month = page.getByRole('heading', { level: 2, name: 'November 2026' });
  await expect(month).toBeVisible({ timeout: 30_000 });

  // An event whose title the day's width cuts: its whole title in a tooltip, on keyboard focus.
  const events = page.locator('.rbc-month-view .rbc-event-content');
  // The month's events arrive after its heading: wait for a cut one rather than read too early.
  const cutIndex = () =>
    events.evaluateAll((boxes) =>
      boxes.findIndex((box) => box.querySelector('a') && box.scrollWidth > box.clientWidth),
    );
  await expect.poll(cutIndex).toBeGreaterThanOrEqual(0);
  const index = await cutIndex();
  const cut = events.nth(index);
  const title = await cut.locator('a').textContent();
  await cut.locator('a').focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tooltip')).toHaveText(title!.replace(/^Yours:\s*/, ''));

  const more = page.getByRole('button', { name: /^\+\d+ more$/ }).first();
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/view=day/);
  const day = page.getByRole('heading', {
    level: 2,
    name: /^[A-Z][a-z]+day, [A-Z][a-z]+ \d+, 2026$/,
  });
  await expect(day).toBeFocused();
  await expect(page.getByText(/^\d+ items? on /)).toBeVisible();
  await expectAccessible();
  // The day is a page of its own in the history: Back is the month again.
  await page.goBack();
  await expect(month).toBeVisible();
});

test("the viewer's refusal of the printable case study is a page: its main, h1 and title", async ({
  page,
  expectAccessible,
}) => {
  // The printable document has no header: signed in straight onto it.
  await page.goto('/fake-auth?as=viewer&redirectTo=%2Fprojects%2F1%2Fcase-study%2Fprint');
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: 'You may not open this page' }),
  ).toBeVisible();
  await expect(page).toHaveTitle(`You may not open this page · ${PRODUCT}`);
  await expectAccessible();
});

/** The contrast ratio of two sRGB colours (WCAG 2). */
const CONTRAST = `
  const channels = (colour) => colour.match(/[\\d.]+/g).map(Number);
  const luminance = ([r, g, b]) => {
    const linear = (value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const ratio = (one, other) => {
    const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a);
    return (light + 0.05) / (dark + 0.05);
  };
  /** The opaque colour behind an element: the first background that is not transparent. */
  const behind = (element) => {
    for (let at = element; at; at = at.parentElement) {
      const [r, g, b, a = 1] = channels(getComputedStyle(at).backgroundColor);
      if (a > 0) return [r, g, b];
    }
    return [255, 255, 255];
  };
`;

test('the focus ring and the edges of fields are at least 3:1 against what they sit on', async ({
  page,
  signInAs,
}) => {
  await signInAs('admin', '/_/ui');
  await expect(h1(page)).toHaveText('UI kit');
  const fields = await page.evaluate(`(() => {
    ${CONTRAST}
    const selector = 'input:not([type="checkbox"], [type="radio"], [type="file"], [type="hidden"]), select, textarea';
    return [...document.querySelectorAll(selector)]
      .filter((field) => !field.disabled && field.getBoundingClientRect().width > 0)
      .map((field) => {
        const style = getComputedStyle(field);
        const edge = channels(style.borderTopColor);
        return {
          field: field.getAttribute('aria-label') || field.labels?.[0]?.textContent || field.name,
          invalid: field.getAttribute('aria-invalid') === 'true',
          width: parseFloat(style.borderTopWidth),
          ratio: ratio(edge, behind(field.parentElement)),
        };
      });
  })()`);
  const edges = (fields as { field: string; width: number; ratio: number }[]).filter(
    (field) => field.width > 0,
  );
  expect(edges.length).toBeGreaterThan(5);
  const weakEdges = edges.filter((field) => field.ratio < 3);
  expect(weakEdges).toEqual([]);

  // The ring, on the elements the Tab key reaches on a form page: links, buttons, fields.
  await page.goto('/create-risk/project');
  await expect(h1(page)).toHaveText('New risk');
  const rings: { element: string; ratio: number }[] = [];
  for (let count = 0; count < 30; count += 1) {
    await page.keyboard.press('Tab');
    rings.push(
      await page.evaluate(`(() => {
        ${CONTRAST}
        const element = document.activeElement;
        const style = getComputedStyle(element);
        if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) === 0)
          return { element: element.outerHTML.slice(0, 80), ratio: 0 };
        const ring = channels(style.outlineColor);
        // A ring drawn inside the element sits on its own fill; outside, on what is around it.
        const inside = parseFloat(style.outlineOffset) < 0;
        return {
          element: element.outerHTML.slice(0, 80),
          ratio: ratio(ring, behind(inside ? element : element.parentElement)),
        };
      })()`),
    );
  }
  const weakRings = rings.filter((ring) => ring.ratio < 3);
  expect(weakRings).toEqual([]);
  test.info().annotations.push({
    type: 'contrast',
    description: `fields ${Math.min(...edges.map((f) => f.ratio)).toFixed(2)}:1 at least (${edges.length}), focus ring ${Math.min(...rings.map((r) => r.ratio)).toFixed(2)}:1 at least (${rings.length})`,
  });
});

/** Every route, as admin and as pm (the pages only pm's permissions shape). */
const ROUTES = {
  admin: [
    '/welcome',
    '/notifications',
    '/online-help/index.htm',
    '/projects',
    ...[
      '',
      '/project-overview',
      '/team',
      '/checks',
      '/risks',
      '/contacts',
      '/targets',
      '/ownership-matrix',
      '/attributes',
      '/security-commitments',
      '/project-agreements',
      '/dex-set-up',
      '/project-portfolio',
      '/approvals',
      '/gen-ai-approvals',
      '/metrics-approvals',
      '/case-study',
      '/tools-register',
      '/iso-9001-compliance',
      '/action-items',
      '/history',
    ].map((tab) => `/projects/1${tab}`),
    '/projects/1/case-study/print',
    '/accounts',
    '/accounts/18',
    '/accounts/business-lines/1',
    '/accounts/business-segments/1',
    '/dashboard',
    '/dashboard/account/18',
    '/dashboard/account/18/riskiness',
    '/dashboard/account/18/issueness',
    '/risks',
    '/risks?view=duplicates',
    '/risks/1',
    '/risks/2',
    '/create-risk/project',
    '/create-issue/project',
    '/checks',
    '/checks/configure_new',
    '/checks/models',
    '/checks/compare?left=8&right=101',
    '/checks/compare?left=8&mode=roles',
    '/checks/1',
    '/survey/1/overview',
    '/survey/1/drivers/delivery',
    '/survey/1/risks',
    '/survey/1/summary',
    '/survey/1/results',
    '/audit-survey/3/outcomes',
    '/audit-survey/3/welcome',
    '/audit-survey/3/report',
    '/project-checklists',
    '/project-checklists/13',
    '/calendar?view=month',
    '/calendar?view=week',
    '/calendar?view=day',
    '/calendar?view=agenda',
    '/planning',
    '/planning/periods',
    '/reports',
    '/reports?report=risk-register',
    '/overview',
    '/summary',
    '/outcomes',
    '/_/ui',
    '/_/k7q2x9v4',
    '/no/such/page',
  ],
  pm: [
    '/welcome',
    '/projects/1',
    '/projects/1/team',
    '/risks/1',
    '/create-risk/project',
    '/checks',
    '/survey/1/drivers/delivery',
    '/project-checklists/1',
    '/calendar?view=month',
    '/calendar?view=agenda',
  ],
} as const;

/**
 * Opens `path` in the running app, as a link would (no reload), and waits for its h1 and for
 * its data: nothing on the page still says it is loading.
 */
async function open(page: Page, path: string) {
  await page.evaluate((to) => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    window.history.pushState({ usr: null, key: to, idx: index + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await expect(page).toHaveURL(path);
  await expect(h1(page).first(), path).toBeVisible();
  // (The UI kit shows a loading screen among its samples: its h1 is enough.)
  if (path !== '/_/ui')
    await expect(
      page.getByRole('status').filter({ hasText: /^Loading|Checking your access/ }),
      path,
    ).toHaveCount(0);
}

/** How far the page reaches past the right edge of the screen. */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

for (const width of [320, 640]) {
  test(`no route scrolls sideways at ${width} px${width === 640 ? ' (200 % of 1280 px)' : ''}`, async ({
    page,
    signInAs,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    const wide: string[] = [];
    for (const [persona, routes] of Object.entries(ROUTES)) {
      await signInAs(persona as 'admin' | 'pm', '/welcome');
      for (const path of routes) {
        await open(page, path);
        const reach = await sidewaysScroll(page);
        if (reach > 0) wide.push(`${persona} ${path}: ${reach} px`);
      }
    }
    expect(wide).toEqual([]);
  });
}
