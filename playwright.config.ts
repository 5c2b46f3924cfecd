import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/chromium';

const PORT = Number(process.env.E2E_PORT ?? 4173);
/**
 * Playwright workers (E2E_WORKERS), each with its own server (port PORT + its parallel index) and
 * its own data file, so no test sees another worker's writes; files run in order within a worker.
 * One by default: on CI's two cores, two workers took as long (each test twice as long).
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 1);
/** The server of the worker with this parallel index. */
export const e2eBaseUrl = (index = 0) => `http://localhost:${PORT + index}`;
/**
 * The servers' data files, which scripts/e2e.ts removes before each run. Only this run's: the
 * static demo's run (playwright.static-demo.config.ts) may go on beside it.
 */
export const E2E_DATA_DIR = '.e2e-data/express';

/**
 * Real Chromium (CHROME_PATH, set by scripts/e2e.ts) against the servers `npm start` runs, each on
 * its own port and data, serving the app `npm run test:e2e` has just built.
 */
export default defineConfig({
  testDir: 'e2e',
  // The static demo's spec runs against its own build (playwright.static-demo.config.ts).
  testIgnore: 'static-demo/**',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: E2E_WORKERS,
  // One retry on CI only, so a timing flake on a loaded machine is reported as flaky, not lost work.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report/express' }]],
  // Apart from the static demo's, which Playwright would empty at its start.
  outputDir: 'test-results/express',
  use: {
    // e2e/fixtures.ts points each worker at its own server.
    baseURL: e2eBaseUrl(0),
    // A trace records every action of every test, then throws it away when the test passes: on
    // CI that cost a third of the e2e time (two specs, 18 tests: 411 s traced, 275 s not). CI
    // records it on the retry of a failed test instead; a run by hand keeps a failure's trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // No transitions to wait for (dialogs, drawers, skeletons) and no seasonal snow: the test that
    // needs motion asks for it.
    reducedMotion: 'reduce',
    launchOptions: {
      ...(process.env.CHROME_PATH && { executablePath: process.env.CHROME_PATH }),
      args: CHROMIUM_ARGS,
    },
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => ({
    command: 'npm run start:built',
    url: `${e2eBaseUrl(index)}/login`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT + index), MOCK_DATA_FILE: `${E2E_DATA_DIR}/db-${index}.json` },
  })),
});
