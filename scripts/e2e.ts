import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { MISSING_CHROMIUM, findChromium } from './chromium';
import { E2E_DATA_DIR } from '../playwright.config';

/** `npm run test:e2e`: Playwright in real Chromium against `npm start` (see playwright.config.ts). */
const chromium = await findChromium({ headlessShell: true });
if (!chromium) {
  console.error(MISSING_CHROMIUM);
  process.exit(1);
}
const args = process.argv.slice(2);
// Every run of the Express demo starts from the fixtures. The static demo's run (`--config
// playwright.static-demo.config.ts`) keeps its data in the browser and its build empties its own
// folder: it leaves these alone, as it may run beside the Express demo's.
if (!args.some((arg) => arg.includes('static-demo.config'))) {
  rmSync(E2E_DATA_DIR, { recursive: true, force: true });
}
const result = spawnSync('npx', ['playwright', 'test', ...args], {
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chromium },
});
process.exit(result.status ?? 1);
