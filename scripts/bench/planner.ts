/**
 * `npm run bench:planner`: the check planner at 2 000 projects × 8 periods.
 *
 * The mock backend adds PROJECT_VOLUME generated projects to the stored ones (as the portfolio
 * does), five more draft periods join the seed's three, and every plannable period gets a check
 * planned for about half of the projects (bulk calls, as a quality lead would plan them). Signed in
 * as the admin, the bench opens /planning in real Chromium against the demo build and measures:
 * - open: from navigation start until the grid's first project row is in the page;
 * - search: for every key typed into the search box, from the keydown to the painted frame whose
 *   grid shows the matches of the box's new text;
 * - scroll: from setting the grid's scroll to its last row to the painted frame that shows it;
 * and the same open on the seed alone (212 plannable projects, 3 periods), for the ratio.
 * Budgets: open under 2 000 ms, search median under 100 ms, scroll under 100 ms.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { BULK_PLAN_MAX, runnableWeeks, type PlannerGrid } from '../../src/api/contract/planner';
import { today } from '../../mock-server/lib/clock';
import { buildAndServe, launchChromium, measureSearch, percentile } from './appServer';

/** Generated projects on top of the stored ones: about 2 000 rows once closed ones are left out. */
const PROJECT_VOLUME = 2_240;
const EXTRA_PERIODS = [
  ['2027 Q2', '2027-04-01', '2027-06-30'],
  ['2027 Q3', '2027-07-01', '2027-09-30'],
  ['2027 Q4', '2027-10-01', '2027-12-31'],
  ['2028 Q1', '2028-01-01', '2028-03-31'],
  ['2028 Q2', '2028-04-01', '2028-06-30'],
] as const;
const BUDGET = { openMs: 2_000, searchMedianMs: 100, scrollMs: 100 };
const RESULTS = join(dirname(fileURLToPath(import.meta.url)), 'results', 'planner.json');

/** The API as the admin: a bearer token and the CSRF pair, as the SPA sends them. */
async function adminApi(base: string) {
  const signIn = await fetch(`${base}/api/auth/fake-auth/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ persona: 'admin' }),
  });
  const { access } = (await signIn.json()) as { access: string };
  const csrf = /csrftoken=([^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        Authorization: `JWT ${access}`,
        'Content-Type': 'application/json',
        Cookie: `csrftoken=${csrf}`,
        'X-CSRFToken': csrf,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

/** Five more periods, then about half of the projects planned in each plannable period. */
async function fillPlan(
  base: string,
): Promise<{ projects: number; periods: number; checks: number }> {
  const api = await adminApi(base);
  for (const [name, start_date, end_date] of EXTRA_PERIODS)
    await api('POST', '/api/planner-periods/', { name, start_date, end_date });
  const grid = await api<PlannerGrid>('GET', '/api/planner/');
  for (const period of grid.periods) {
    if (period.state === 'closed' || period.planner_started_at) continue;
    const planned = new Set(
      grid.checks.filter((check) => check.period_id === period.id).map((check) => check.project_id),
    );
    // Only weeks that can still run: the mock refuses a plan in a week that is over.
    const weeks = runnableWeeks(period, today());
    const ids = grid.projects
      .filter((project, index) => index % 2 === period.id % 2 && !planned.has(project.id))
      .map((project) => project.id);
    for (let from = 0; from < ids.length; from += BULK_PLAN_MAX)
      await api('POST', '/api/planner/checks/bulk/', {
        period_id: period.id,
        project_ids: ids.slice(from, from + BULK_PLAN_MAX),
        type: 'health_check',
        model: 'sdo',
        planned_week: weeks[(from / BULK_PLAN_MAX) % weeks.length],
        experts: [],
      });
  }
  const filled = await api<PlannerGrid>('GET', '/api/planner/');
  return {
    projects: filled.projects.length,
    periods: filled.periods.length,
    checks: filled.checks.length,
  };
}

/** Navigation start to the first project row, median of three warm loads. */
async function openMs(page: Page, url: string): Promise<number> {
  const row = page.locator('table tbody tr[aria-rowindex="2"]');
  await page.goto(`${url}/planning`);
  await row.waitFor({ timeout: 60_000 });
  const opens: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    await page.goto(`${url}/planning`);
    await row.waitFor({ timeout: 60_000 });
    opens.push(await page.evaluate(() => performance.now()));
  }
  return percentile(
    opens.sort((a, b) => a - b),
    50,
  );
}

async function signIn(page: Page, url: string) {
  await page.goto(`${url}/fake-auth?as=admin&redirectTo=%2Fwelcome`);
  await page.waitForFunction(() => location.pathname === '/welcome');
}

const app = await buildAndServe({ projectVolume: PROJECT_VOLUME });
const seedOnly = await buildAndServe();
const browser = await launchChromium();
try {
  const size = await fillPlan(app.url);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, app.url);
  const open = await openMs(page, app.url);

  // Scroll to the last row: the frame that paints it.
  const scrollMs = await page.evaluate(async () => {
    // The grid's scrolling box: the region around its table.
    const table = document.querySelector('table')!;
    const box = table.closest<HTMLElement>('[role="region"]')!;
    const last = Number(table.getAttribute('aria-rowcount'));
    const start = performance.now();
    box.scrollTop = box.scrollHeight;
    for (;;) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      if (document.querySelector(`tr[aria-rowindex="${last}"]`)) break;
    }
    await new Promise((resolve) => setTimeout(resolve));
    return performance.now() - start;
  });

  // Search: a word of a generated project's name, typed key by key.
  const word = (await page.locator('tbody th a').first().innerText()).split(/\s+/)[0]!;
  const latencies = await measureSearch(page, word.toLowerCase());

  const small = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(small, seedOnly.url);
  const smallOpen = await openMs(small, seedOnly.url);

  const result = {
    date: new Date().toISOString(),
    ...size,
    openMedianMs: Number(open.toFixed(0)),
    seedOpenMedianMs: Number(smallOpen.toFixed(0)),
    openRatio: Number((open / smallOpen).toFixed(2)),
    scrollToEndMs: Number(scrollMs.toFixed(1)),
    typed: word.toLowerCase(),
    keystrokes: latencies.length,
    searchMedianMs: Number(percentile(latencies, 50).toFixed(1)),
    searchP95Ms: Number(percentile(latencies, 95).toFixed(1)),
    budget: BUDGET,
  };
  mkdirSync(dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(result, null, 2)}\n`);
  console.table({
    'projects × periods': `${result.projects} × ${result.periods}`,
    'planned checks': result.checks,
    'open, median of 3 (ms)': result.openMedianMs,
    'seed alone (212 × 3), open (ms)': result.seedOpenMedianMs,
    'open ratio': result.openRatio,
    'scroll to the last row (ms)': result.scrollToEndMs,
    'search median (ms)': result.searchMedianMs,
    'search p95 (ms)': result.searchP95Ms,
  });
  const over = [
    result.openMedianMs >= BUDGET.openMs && `open ${result.openMedianMs} ms`,
    result.searchMedianMs >= BUDGET.searchMedianMs && `search ${result.searchMedianMs} ms`,
    result.scrollToEndMs >= BUDGET.scrollMs && `scroll ${result.scrollToEndMs} ms`,
  ].filter(Boolean);
  if (over.length > 0) {
    console.error(`Over budget: ${over.join(', ')}.`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await app.close();
  await seedOnly.close();
}
