import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { riskTableFit } from './flows';

/** The usage-statistics events the page sends from now on. */
function statsEvents(page: Page) {
  const events: { action: string; [key: string]: unknown }[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/stats/')
      events.push((request.postDataJSON() as { data: { action: string } }).data);
  });
  return events;
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.beforeEach(async ({ request }) => {
  expect((await request.post('/__mock/reset')).status()).toBe(204);
});

test.describe('header', () => {
  test('admin: logo to /, Actions count to /notifications, the name menu signs out by keyboard', async ({
    page,
    signInAs,
    expectAccessible,
  }) => {
    await signInAs('admin', '/reports');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Project Excellence Platform' })).toHaveAttribute(
      'href',
      '/',
    );
    const actions = header.getByRole('link', { name: 'Actions: 3 pending risk action requests' });
    await actions.click();
    await expect(page).toHaveURL('/notifications');
    await expect(page.getByRole('heading', { name: 'Actions', level: 1 })).toBeVisible();

    const menuButton = header.getByRole('button', { name: 'Alex Morgan' });
    await menuButton.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeFocused();
    await expectAccessible();
    await page.keyboard.press('Escape');
    await expect(menuButton).toBeFocused();
    await expect(page.getByRole('menu')).toHaveCount(0);
    await page.keyboard.press('Enter');
    const logout = page.waitForRequest(
      (request) => request.method() === 'DELETE' && request.url().endsWith('/api/auth/logout/'),
    );
    await page.keyboard.press('Enter');
    await logout;
    await expect(page).toHaveURL(/\/login/);
  });

  test('snow falls on the logo in December, not in November and not under reduced motion', async ({
    page,
    signInAs,
  }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.clock.setFixedTime(new Date('2026-12-15T10:00:00'));
    await signInAs('viewer');
    await expect(page.getByTestId('snow')).toBeAttached();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(page.getByTestId('snow')).toHaveCount(0);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.clock.setFixedTime(new Date('2026-11-23T10:00:00'));
    await page.reload();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByTestId('snow')).toHaveCount(0);
  });
});

test.describe('sidebar', () => {
  test('admin sees every item, the checklist counter as 99+, and the external links open a new tab', async ({
    page,
    signInAs,
  }) => {
    await signInAs('admin');
    await expect(mainNav(page).getByRole('link')).toHaveText([
      'Project Portfolio Structure',
      'Dashboard',
      'Risks And Issues',
      'Checks',
      'Project Checklists99+',
      'Calendar',
      'Planner',
      'Reports',
    ]);
    const help = page
      .getByRole('navigation', { name: 'Help and support' })
      .getByRole('link', { name: /Help/ });
    const [popup] = await Promise.all([page.waitForEvent('popup'), help.click()]);
    await expect(popup).toHaveURL('/online-help/index.htm');
    await expect(popup.getByRole('heading', { name: 'Help', level: 1 })).toBeVisible();
    await popup.close();
    for (const name of [/Support chat/, /Document space/]) {
      await expect(
        page.getByRole('navigation', { name: 'Help and support' }).getByRole('link', { name }),
      ).toHaveAttribute('target', '_blank');
    }
  });

  test('viewer sees only Risks And Issues; Checks is active on survey pages, Risks on creation', async ({
    page,
    signInAs,
  }) => {
    await signInAs('viewer', '/welcome');
    await expect(mainNav(page).getByRole('link')).toHaveText(['Risks And Issues']);
    await page.goto('/checks');
    await expect(page.getByRole('heading', { name: 'You may not open this page' })).toBeVisible();
    await signInAs('auditor', '/survey/3/overview');
    await expect(mainNav(page).getByRole('link', { name: 'Checks' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.goto('/audit-survey/3/outcomes');
    await expect(mainNav(page).getByRole('link', { name: 'Checks' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await signInAs('admin', '/create-risk/project');
    await expect(mainNav(page).getByRole('link', { name: 'Risks And Issues' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('clicking the link of the page already open reloads it', async ({ page, signInAs }) => {
    await signInAs('admin', '/reports');
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await mainNav(page).getByRole('link', { name: 'Reports' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { marker?: boolean }).marker))
      .toBeUndefined();
    await expect(page).toHaveURL('/reports');
  });
});

/** How far the page itself scrolls sideways (0: it fits the window). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('responsive shell', () => {
  test('at 390 px the sidebar is a drawer behind the menu button; it traps focus, closes on Escape and on navigation', async ({
    page,
    signInAs,
    expectAccessible,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs('admin', '/welcome');
    await expect(mainNav(page)).toBeHidden();
    const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(8);
    await expectAccessible();
    for (let step = 0; step < 15; step++) await page.keyboard.press('Tab');
    await expect(drawer.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    await drawer.getByRole('link', { name: 'Risks And Issues' }).click();
    await expect(page).toHaveURL(/\/risks/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Risks and issues', level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: /risks and issues/ })).toBeVisible();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

    await menu.click();
    await page.mouse.click(380, 400); // the overlay beside the drawer
    await expect(drawer).toBeHidden();
    await drawer.waitFor({ state: 'detached' });
    await page.goto('/checks');
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('at 390 px the survey steps are a row above the page, not a rail beside it', async ({
    page,
    signInAs,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs('admin', '/survey/1/overview');
    const steps = page.getByRole('navigation', { name: /^Steps of / });
    await expect(steps.getByRole('link', { name: /^Step 1:/ })).toBeVisible();
    const box = await steps.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    expect(box!.height).toBeLessThan(120);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('at 1280 px the risk and check lists fit: no sideways scroll of the page or the table', async ({
    page,
    signInAs,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs('admin', '/risks');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    await expect(mainNav(page)).toBeVisible();
    const risks = page.getByRole('region', { name: /risks and issues/ });
    await expect(risks.locator('tbody tr').first()).toBeVisible();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    expect(await risks.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
    // The statement, the column people read, has room, and every header reads whole.
    const fit = await riskTableFit(page.getByRole('table', { name: /risks and issues/ }));
    expect(fit.statement).toBeGreaterThanOrEqual(240);
    expect(fit.cutHeaders).toEqual([]);

    await mainNav(page).getByRole('link', { name: 'Checks' }).click();
    // The table's scroll box: the region around the table.
    const checks = page.getByRole('table', { name: /^Checks/ }).locator('..');
    await expect(checks.getByRole('row').nth(1)).toBeVisible();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    expect(await checks.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(
      0,
    );
  });
});

test.describe('banner', () => {
  test('shows the sanitized admin text with its link; closing is remembered and reported', async ({
    page,
    signInAs,
  }) => {
    const events = statsEvents(page);
    await signInAs('admin', '/welcome');
    const banner = page.getByRole('complementary', { name: 'Announcement' });
    await expect(banner.getByRole('link')).toBeVisible();
    await page.goto('/planning/periods');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toHaveCount(0);
    await page.goto('/audit-survey/7/overview');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toHaveCount(0);
    await page.goto('/welcome');
    await banner.getByRole('button', { name: 'Close the announcement' }).click();
    await expect(banner).toHaveCount(0);
    await expect
      .poll(() => typeof events.find((event) => event.action === 'banner_close')?.current_value)
      .toBe('number');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toHaveCount(0);
  });
});

test.describe('access rules', () => {
  test('the viewer is refused a gated page, with a console message naming the permission', async ({
    page,
    signInAs,
    expectAccessible,
  }) => {
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    await signInAs('viewer', '/reports');
    await expect(page.getByRole('heading', { name: 'You may not open this page' })).toBeVisible();
    expect(messages.join('\n')).toContain('CAN_VIEW_REPORTS');
    await expectAccessible();
    // A page that names what it needs says so in place, with no silent redirect.
    await page.goto('/create-risk/project');
    await expect(page).toHaveURL('/create-risk/project');
    await expect(
      page.getByRole('heading', { level: 1, name: 'You may not create a project risk' }),
    ).toBeVisible();
  });

  // Each group of routes is its own test, so a slow machine gives every page its share of the
  // time limit instead of one test walking 27 pages against a single 30 s budget.
  const specRoutes = {
    'the directory and risks': [
      '/welcome',
      '/projects',
      '/accounts',
      '/risks',
      '/create-risk/account',
      '/create-issue/project',
    ],
    checks: ['/checks', '/checks/configure_new', '/checks/models', '/checks/12'],
    planning: ['/project-checklists', '/calendar', '/planning', '/planning/periods'],
    dashboard: [
      '/dashboard',
      '/dashboard/account/12',
      '/dashboard/account/12/riskiness',
      '/dashboard/account/12/issueness',
      '/reports',
    ],
    'views across checks and help': [
      '/overview',
      '/summary',
      '/outcomes',
      '/notifications',
      '/online-help/index.htm',
    ],
    surveys: ['/survey/2/overview', '/survey/2/drivers/delivery', '/audit-survey/3/outcomes'],
  };
  for (const [group, paths] of Object.entries(specRoutes)) {
    test(`every route pattern of spec §2 is registered: ${group}`, async ({ page, signInAs }) => {
      // Signed in onto the first page (a shared link's way), the others loaded afresh.
      await signInAs('admin', paths[0]);
      for (const [index, path] of paths.entries()) {
        if (index > 0) await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
        await expect(
          page.getByRole('heading', { name: 'Looks like something went wrong' }),
          path,
        ).toHaveCount(0);
      }
    });
  }

  test('an unknown path is a not-found page with ways back; a chunk that fails to load shows the error screen', async ({
    page,
    signInAs,
    expectAccessible,
  }) => {
    await signInAs('admin', '/risks/1');
    // A breadcrumb ends with its last link: no dangling ›.
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link').first()).toBeVisible();
    expect(
      await crumbs
        .locator('li')
        .last()
        .evaluate((item) => item.lastElementChild?.tagName),
    ).toBe('A');
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('Looks like something went wrong')).toHaveCount(0);
    await expect(page.getByText(/There is no page at \/no-such-page/)).toBeVisible();
    await expect(page).toHaveTitle(/^Page not found · /);
    await expectAccessible();
    await page.getByRole('button', { name: 'Back to the previous page' }).click();
    await expect(page).toHaveURL('/risks/1');
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).not.toHaveURL(/no-such-page/);

    await page.route('**/static/assets/ReportsPage-*.js', (route) => route.abort());
    await mainNav(page).getByRole('link', { name: 'Reports' }).click();
    await expect(
      page.getByRole('heading', { name: 'Looks like something went wrong' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'document-sharing space' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
  });
});

test.describe('unsupported browsers', () => {
  test.use({
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
  });

  test('see the notice; Proceed anyway is remembered for the session', async ({
    page,
    expectAccessible,
  }) => {
    await page.goto('/login');
    await expect(
      page.getByRole('heading', { name: 'Your browser is not supported' }),
    ).toBeVisible();
    await expectAccessible();
    await page.getByRole('button', { name: 'Proceed anyway' }).click();
    await expect(page.getByRole('link', { name: "Let's start!" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: "Let's start!" })).toBeVisible();
  });
});

test.describe('session and usage statistics', () => {
  test('sign-in, page navigation and a new tab are counted; sign-out too', async ({
    page,
    context,
    signInAs,
  }) => {
    const events = statsEvents(page);
    await signInAs('admin', '/welcome');
    await expect.poll(() => events.map((event) => event.action)).toContain('login');
    await mainNav(page).getByRole('link', { name: 'Reports' }).click();
    await expect
      .poll(() => events.filter((event) => event.action === 'page_navigation'))
      .toContainEqual({ action: 'page_navigation', action_detail: '/reports' });

    const tab = await context.newPage();
    const tabEvents = statsEvents(tab);
    await tab.goto('/checks');
    await expect(tab.getByRole('banner')).toBeVisible();
    await expect.poll(() => tabEvents.map((event) => event.action)).toContain('login_to_tab');
    await tab.reload();
    await expect(tab.getByRole('banner')).toBeVisible();
    expect(tabEvents.filter((event) => event.action === 'login_to_tab')).toHaveLength(1);
    await tab.close();

    await page.getByRole('button', { name: 'Alex Morgan' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    expect(events.map((event) => event.action)).toContain('logout');
  });

  test('the session is re-checked every 5 minutes; a user without id is signed out', async ({
    page,
    signInAs,
    scenarios,
  }) => {
    await page.clock.install();
    const selfCalls: string[] = [];
    const selfAnswers: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/self/') selfCalls.push(request.url());
    });
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/auth/self/') selfAnswers.push(response.url());
    });
    await signInAs('admin', '/welcome');
    const before = selfCalls.length;
    await page.clock.fastForward('04:00');
    expect(selfCalls.length).toBe(before);
    await page.clock.fastForward('01:01');
    await expect.poll(() => selfCalls.length).toBe(before + 1);
    // The next check is timed from this answer: wait for it before moving the clock on.
    await expect.poll(() => selfAnswers.length).toBe(before + 1);

    await scenarios.add({
      method: 'GET',
      path: '/api/auth/self/',
      status: 200,
      body: { name: 'Nobody', permissions: [] },
    });
    await page.clock.fastForward('05:01');
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe('pages of the shell', () => {
  test('welcome opens each area the user may use', async ({ page, signInAs, expectAccessible }) => {
    await signInAs('pm', '/welcome');
    const areas = page
      .getByRole('main')
      .getByRole('list', { name: 'Areas' })
      .getByRole('listitem')
      .getByRole('link');
    await expect(areas.first()).toBeVisible();
    const labels = await areas.allTextContents();
    const sidebar = await mainNav(page).getByRole('link').allTextContents();
    expect(labels).toEqual(sidebar.map((label) => label.replace(/\d+\+?$/, '')));
    await expectAccessible();
  });

  test('notifications: admin accepts a request and the Actions count falls', async ({
    page,
    signInAs,
    expectAccessible,
  }) => {
    await signInAs('admin', '/notifications');
    await expect(
      page.getByText('3 risk action requests are waiting for your decision.'),
    ).toBeVisible();
    await expectAccessible();
    const first = page.getByRole('main').getByRole('listitem').first();
    const title = await first.getByRole('heading').textContent();
    await first.getByRole('button', { name: 'Accept' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectAccessible();
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText(`You accepted the`)).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Actions: 2 pending risk action requests' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Accepted' }).click();
    await expect(page).toHaveURL('/notifications?status=accepted');
    await expect(
      page
        .getByRole('main')
        .getByRole('heading', { name: title ?? '' })
        .first(),
    ).toBeVisible();
  });

  test('notifications: a request opens its risk read-only in a side panel, decided from there', async ({
    page,
    signInAs,
    expectAccessible,
  }) => {
    await signInAs('pm', '/notifications');
    const first = page.getByRole('main').getByRole('listitem').first();
    const title = (await first.getByRole('heading').textContent()) ?? '';
    const view = first.getByRole('button', { name: /^View (risk|issue)$/ });
    await view.click();
    const panel = page.getByRole('dialog', { name: / request$/ });
    await expect(panel.getByRole('heading', { level: 3, name: title })).toBeVisible();
    await expect(panel.getByRole('link', { name: /^Open the (risk|issue)$/ })).toBeVisible();
    await expect(panel.getByRole('textbox')).toHaveCount(0);
    await expectAccessible();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(view).toBeFocused();

    const before = await page
      .getByRole('banner')
      .getByRole('link', { name: /^Actions:/ })
      .getAttribute('aria-label');
    await view.click();
    await panel.getByRole('button', { name: 'Accept' }).click();
    await page
      .getByRole('alertdialog')
      .or(page.getByRole('dialog', { name: /^Accept this/ }))
      .getByRole('button', { name: 'Accept' })
      .click();
    await expect(page.getByText('You accepted the')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(
      page.getByRole('banner').getByRole('link', { name: /^Actions:/ }),
    ).not.toHaveAttribute('aria-label', before ?? '');
  });

  test('notifications: the viewer has none and sees the empty state', async ({
    page,
    signInAs,
    expectAccessible,
  }) => {
    await signInAs('viewer', '/notifications');
    await expect(page.getByRole('heading', { name: 'You are all caught up' })).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Actions: 0 pending risk action requests' }),
    ).toBeVisible();
    await expectAccessible();
  });

  test('help pages are accessible and searchable', async ({ page, signInAs, expectAccessible }) => {
    await signInAs('viewer', '/online-help/index.htm');
    await expect(page.getByRole('heading', { name: 'Help', level: 1 })).toBeVisible();
    await expectAccessible();
    await page.getByLabel('Search help').fill('supervisor');
    await expect(page.getByRole('heading', { name: 'Checks', level: 2 })).toBeVisible();
  });
});
