import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { MISSING_CHROMIUM, findChromium } from './chromium';

/** `npm run test:e2e`: Playwright in real Chromium against `npm start` (see playwright.config.ts). */
const chromium = await findChromium({ headlessShell: true });
if (!chromium) {
  console.error(MISSING_CHROMIUM);
  process.exit(1);
}
// Every run starts from the fixtures.
rmSync('.e2e-data', { recursive: true, force: true });
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chromium },
});
process.exit(result.status ?? 1);
