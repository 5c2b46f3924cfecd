import { defineConfig } from '@playwright/test';
import config from './playwright.config';

// Its own port, so that it may run beside the Express demo's run (E2E_PORT, or 4173).
const PORT = Number(process.env.E2E_STATIC_DEMO_PORT ?? process.env.E2E_PORT ?? 4190);
/** The sub-path the static demo is built for and served under here, as a GitHub Pages project site. */
export const STATIC_DEMO_BASE = '/pep-demo/';
export const staticDemoUrl = `http://localhost:${PORT}${STATIC_DEMO_BASE}`;
const OUT_DIR = '.e2e-data/static-demo';

/**
 * The static demo's e2e (`npm run test:e2e:static-demo`): its build under a sub-path, served by a
 * plain static server without any /api (scripts/serve-static.ts), in real Chromium; every API
 * answer comes from the service worker in the page.
 */
export default defineConfig({
  ...config,
  testDir: 'e2e/static-demo',
  testIgnore: undefined,
  workers: 1,
  // Apart from the Express demo's run, which may run at the same time.
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report/static-demo' }]],
  outputDir: 'test-results/static-demo',
  use: { ...config.use, baseURL: staticDemoUrl },
  webServer: {
    command: `npx vite build --mode static-demo --logLevel error --outDir ${OUT_DIR} && node --import tsx scripts/serve-static.ts ${OUT_DIR}`,
    url: staticDemoUrl,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT), STATIC_DEMO_BASE },
  },
});
