import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Runs the page's animations (CSS and Web Animations) `ms` on, a hundred times faster than real. */
async function fastForwardAnimations(page: Page, ms: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 100 });
  const now = () => page.evaluate(() => Number(document.timeline.currentTime));
  const start = await now();
  await expect.poll(now, { intervals: [20] }).toBeGreaterThan(start + ms);
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
  await cdp.detach();
}

test.describe('sign-in against the mock backend', () => {
  test('the login screen welcomes and leads to the fake-auth screen', async ({
    page,
    expectAccessible,
  }) => {
    await page.goto('/login');
    await expect(
      page.getByText(
        'With this tool you can monitor and enhance your project success and delivery quality',
      ),
    ).toBeVisible();
    await expectAccessible();
    await page.getByRole('link', { name: "Let's start!" }).click();
    await expect(page).toHaveURL(/\/fake-auth\?redirectTo=%2F$/);
    await expect(page.getByRole('heading', { name: 'Sign in as a persona' })).toBeVisible();
  });

  test('a deep link without a session goes to login with redirectTo, and back after sign-in', async ({
    page,
  }) => {
    await page.goto('/dashboard/account/12/riskiness?tab=trend');
    await expect(page).toHaveURL(
      '/login?redirectTo=%2Fdashboard%2Faccount%2F12%2Friskiness%3Ftab%3Dtrend',
    );
    await page.getByRole('link', { name: "Let's start!" }).click();
    await page.getByRole('button', { name: /Sign in as Alex Morgan/ }).click();
    await expect(page).toHaveURL('/dashboard/account/12/riskiness?tab=trend');
  });

  test('the fake-auth screen offers every persona and is accessible', async ({
    page,
    expectAccessible,
  }) => {
    await page.goto('/fake-auth');
    await expect(page.getByRole('button', { name: /^Sign in as / })).toHaveCount(11);
    await expectAccessible();
  });

  test('admin signs in with one click and sees every area', async ({ page, expectAccessible }) => {
    await page.goto('/fake-auth');
    await page.getByRole('button', { name: /Sign in as Alex Morgan/ }).click();
    await expect(
      page.getByRole('heading', { name: 'Welcome to the Project Excellence Platform' }),
    ).toBeVisible();
    await expect(page.getByRole('banner').getByText('Alex Morgan')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(8);
    await expectAccessible();
  });

  test('a shared link signs the viewer in at once; the viewer sees only ungated areas', async ({
    page,
    signInAs,
  }) => {
    await signInAs('viewer', '/welcome');
    await expect(page).toHaveURL('/welcome');
    const navigation = page.getByRole('navigation', { name: 'Main' });
    // Checks needs CAN_VIEW_CHECKS: the viewer's list call would be refused, so the item is not shown.
    await expect(navigation.getByRole('link')).toHaveText(['Risks And Issues']);
  });

  test('portfolio users see the Portfolio Excellence Platform', async ({ page, signInAs }) => {
    await signInAs('portfolio');
    await expect(page.getByRole('link', { name: 'Portfolio Excellence Platform' })).toBeVisible();
  });

  test('each page names itself in the browser tab, after the product', async ({
    page,
    signInAs,
  }) => {
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    await page.goto('/login');
    await expect(page).toHaveTitle('Sign in · Project Excellence Platform');
    // A page of a record takes the words of its h1, once they have loaded.
    await signInAs('admin', '/risks/1');
    await expect(page).toHaveTitle(
      'Key developer may leave before the release · Risk 1 · Project Excellence Platform',
    );
    await page.goto('/survey/1/drivers/team');
    await expect(page).toHaveTitle(
      'Team and communication · Handmade Ball panel · Project Excellence Platform',
    );
    await page.goto('/projects/1/team');
    await expect(page).toHaveTitle('Team · Handmade Ball panel · Project Excellence Platform');
    await page.goto('/reports?report=overdue-actions');
    await expect(page).toHaveTitle('Overdue action items · Reports · Project Excellence Platform');
    await page.goto('/no/such/page');
    await expect(page).toHaveTitle('Page not found · Project Excellence Platform');
    await page.goto('/planning/periods');
    await expect(page).toHaveTitle('Planner periods · Project Excellence Platform');
    await signInAs('portfolio', '/checks');
    await expect(page).toHaveTitle('Checks · Portfolio Excellence Platform');
    // A full load shows the loading screen while the first page's code arrives, quietly.
    expect(messages.filter((text) => text.includes('HydrateFallback'))).toEqual([]);
  });

  test('signing out ends the session on the server too', async ({ page, signInAs }) => {
    await signInAs('pm');
    await page.getByRole('banner').getByRole('button', { name: 'Priya Nair' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/login');
    await page.goto('/checks');
    await expect(page).toHaveURL('/login?redirectTo=%2Fchecks');
  });
});

test.describe('the data layer in the browser', () => {
  test('an expired access token is refreshed once and the page loads', async ({
    page,
    signInAs,
    scenarios,
  }) => {
    await signInAs('admin');
    await scenarios.add({
      method: 'GET',
      path: '/api/auth/self/',
      status: 401,
      body: { detail: 'Given token not valid for any token type', code: 'token_not_valid' },
      times: 1,
    });
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/token/refresh/')) refreshes.push(request.method());
    });
    await page.reload();
    await expect(page.getByRole('banner').getByText('Alex Morgan')).toBeVisible();
    expect(refreshes).toEqual(['POST']);
  });

  test('a refused refresh sends the user to login with the page to come back to', async ({
    page,
    signInAs,
    scenarios,
  }) => {
    await signInAs('admin', '/reports');
    await scenarios.add({
      method: 'GET',
      path: '/api/auth/self/',
      status: 401,
      body: { detail: 'Given token not valid for any token type', code: 'token_not_valid' },
    });
    await scenarios.add({
      method: 'POST',
      path: '/api/auth/token/refresh/',
      status: 401,
      body: { detail: 'Token is invalid or expired', code: 'token_not_valid' },
    });
    await page.reload();
    await expect(page).toHaveURL('/login?redirectTo=%2Freports');
    expect(await page.evaluate(() => sessionStorage.getItem('pep.auth.refreshFailed'))).toBe(
      'true',
    );
  });

  test('a failed call shows the persistent error toast with DRF field errors', async ({
    page,
    scenarios,
  }) => {
    await scenarios.add({
      method: 'GET',
      path: '/api/auth/personas/',
      status: 400,
      body: { persona: ['This field is required.'] },
    });
    await page.clock.install();
    await page.goto('/fake-auth');
    // react-toastify nests the body's alert inside the toast's alert.
    const toast = page.getByRole('alert').filter({ hasText: 'Field "persona":' }).first();
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('This field is required.');
    // Persistent: still there well past the 5 s a toast that closes by itself stays. The page is
    // moved 8 s on rather than waited for: its timers by the test clock, its animations (a
    // toast's time is its progress bar's animation, its leaving a fade and a collapse) by
    // running them a hundred times faster until 8 s of theirs have passed.
    await fastForwardAnimations(page, 8000);
    await page.clock.fastForward('00:08');
    await expect(toast).toBeVisible();
    await expect(toast).toBeInViewport();
  });

  test('an HTML error page shows in the toast as its text, never as markup', async ({ page }) => {
    // What Django or a proxy sends instead of JSON: a whole page, here with a trap in it.
    await page.route('**/api/auth/personas/', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'text/html',
        body: '<!doctype html><html><head><title>Server Error</title></head><body><h1>Server Error (500)</h1><img src="x" onerror="document.title = \'pwned\'"></body></html>',
      }),
    );
    await page.goto('/fake-auth');
    const toast = page.getByRole('alert').filter({ hasText: 'Server Error (500)' }).first();
    await expect(toast).toBeVisible();
    await expect(toast.locator('h1, img')).toHaveCount(0);
    await expect(page).not.toHaveTitle('pwned');
  });

  test('a network failure says something went wrong', async ({ page, scenarios }) => {
    await scenarios.add({ method: 'GET', path: '/api/auth/personas/', networkError: true });
    await page.goto('/fake-auth');
    await expect(page.getByText('Something went wrong')).toBeVisible();
    await expect(page.getByText('Please contact support team via email or chat')).toBeVisible();
  });
});
