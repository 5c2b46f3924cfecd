/**
 * `npm run bench:static-demo`: the static demo beside the Express demo, in one run, on this machine.
 *
 * Both builds come from the same sources: the Express demo (`npm start`: the demo build served by
 * the mock backend, in memory) and the static demo (`npm run build:static-demo` under `/pep-demo/`,
 * served by the plain static server of scripts/serve-static.ts: the mock's areas answer in the
 * page's service worker, the data read from IndexedDB). In real headless Chromium, one browser
 * context per demo signs in as pm by its persona link and warms up; then each measured navigation
 * loads the page anew (a full page load: the static demo starts its worker's runtime again) and
 * times it until the first rows show: the first row of `/risks`, the first question of a survey's
 * driver page (`/survey/1/drivers/quality`). Loads alternate Express, static, Express… so that a
 * busy machine slows both alike.
 *
 * Budget (issue 31): each page's median in the static demo at most 1.5× the Express demo's.
 * Writes results/static-demo.json. LOADS (default 9, at least 5) sets the loads per page and demo.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { format, resolveConfig } from 'prettier';
import { build } from 'vite';
import { serveStatic } from '../serve-static';
import { buildAndServe, launchChromium, percentile } from './appServer';

const RESULTS = join(dirname(fileURLToPath(import.meta.url)), 'results', 'static-demo.json');
const BUDGET_RATIO = 1.5;
const LOADS = Math.max(5, Number(process.env.LOADS) || 9);
const BASE = '/pep-demo/';

interface Target {
  /** The page to load, relative to the demo's root. */
  path: string;
  /** What "the first rows" are on it. */
  firstRows: (page: Page) => ReturnType<Page['locator']>;
}

const TARGETS: Record<string, Target> = {
  '/risks': {
    path: 'risks',
    firstRows: (page) => page.getByRole('row').nth(1),
  },
  'a survey': {
    path: 'survey/1/drivers/quality',
    firstRows: (page) =>
      page.getByRole('list', { name: 'Questions' }).getByRole('listitem').first(),
  },
};

/** The static demo built under BASE into a temporary folder, served by the plain static server. */
async function buildAndServeStatic() {
  const outDir = mkdtempSync(join(tmpdir(), 'pep-bench-static-'));
  const before = process.env.STATIC_DEMO_BASE;
  process.env.STATIC_DEMO_BASE = BASE;
  try {
    await build({ mode: 'static-demo', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    if (before === undefined) delete process.env.STATIC_DEMO_BASE;
    else process.env.STATIC_DEMO_BASE = before;
  }
  const server = serveStatic(outDir, BASE).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    /** The demo's root, with its slash. */
    url: `http://127.0.0.1:${port}${BASE}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/** A context signed in as pm by the persona link, each target loaded once unmeasured. */
async function signedIn(browser: Browser, root: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${root}fake-auth?as=pm&redirectTo=${encodeURIComponent('/risks')}`);
  await page.getByRole('banner').waitFor({ timeout: 60_000 });
  for (const target of Object.values(TARGETS)) await loadToFirstRows(page, root, target);
  return page;
}

/** Milliseconds from asking for the page to its first rows on screen. */
async function loadToFirstRows(page: Page, root: string, target: Target): Promise<number> {
  const started = performance.now();
  await page.goto(`${root}${target.path}`, { waitUntil: 'commit' });
  await target.firstRows(page).waitFor({ timeout: 60_000 });
  return performance.now() - started;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const round = (ms: number) => Number(ms.toFixed(0));

const express = await buildAndServe();
const staticDemo = await buildAndServeStatic();
const browser = await launchChromium();
try {
  const expressRoot = `${express.url}/`;
  const expressPage = await signedIn(browser, expressRoot);
  const staticPage = await signedIn(browser, staticDemo.url);

  const pages = Object.entries(TARGETS).map(([name, target]) => {
    const expressMs: number[] = [];
    const staticMs: number[] = [];
    return { name, target, expressMs, staticMs };
  });
  for (let run = 0; run < LOADS; run += 1)
    for (const { target, expressMs, staticMs } of pages) {
      expressMs.push(await loadToFirstRows(expressPage, expressRoot, target));
      staticMs.push(await loadToFirstRows(staticPage, staticDemo.url, target));
    }

  const measured = Object.fromEntries(
    pages.map(({ name, expressMs, staticMs }) => {
      const expressMedian = median(expressMs);
      const staticMedian = median(staticMs);
      return [
        name,
        {
          expressMedianMs: round(expressMedian),
          staticMedianMs: round(staticMedian),
          ratio: Number((staticMedian / expressMedian).toFixed(2)),
          expressMs: expressMs.map(round),
          staticMs: staticMs.map(round),
        },
      ];
    }),
  );
  const result = {
    date: new Date().toISOString(),
    settings: { loadsPerPageAndDemo: LOADS, base: BASE, persona: 'pm' },
    pages: measured,
    budgetRatio: BUDGET_RATIO,
  };
  mkdirSync(dirname(RESULTS), { recursive: true });
  // As `npm run format` would write it.
  const prettier = { ...(await resolveConfig(RESULTS)), parser: 'json' };
  writeFileSync(RESULTS, await format(JSON.stringify(result), prettier));

  console.table(
    Object.fromEntries(
      Object.entries(measured).map(([name, page]) => [
        `${name}: navigation to the first rows`,
        {
          'Express demo, median (ms)': page.expressMedianMs,
          'static demo, median (ms)': page.staticMedianMs,
          'static / Express': page.ratio,
          budget: BUDGET_RATIO,
        },
      ]),
    ),
  );
  console.log(`Written to ${relative(process.cwd(), RESULTS)}`);
  for (const [name, page] of Object.entries(measured))
    if (page.ratio > BUDGET_RATIO) {
      console.error(
        `${name}: the static demo's median is ${page.ratio}× the Express demo's, over ${BUDGET_RATIO}×.`,
      );
      process.exitCode = 1;
    }
} finally {
  await browser.close();
  await staticDemo.close();
  await express.close();
}
