import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/chromium';

const PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://localhost:${PORT}`;

/**
 * Real Chromium (CHROME_PATH, set by scripts/e2e.ts) against the server `npm start` runs, on its own
 * port and data, serving the app `npm run test:e2e` has just built.
 */
export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry on CI only, so a timing flake on a loaded machine is reported as flaky, not lost work.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      ...(process.env.CHROME_PATH && { executablePath: process.env.CHROME_PATH }),
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'npm run start:built',
    url: `${E2E_BASE_URL}/login`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT), MOCK_DATA_FILE: '.e2e-data/db.json' },
  },
});
