import { existsSync } from 'node:fs';

/** Chromium for e2e and benches: CHROME_PATH, Debian's /usr/bin/chromium, or Playwright's own. */
export async function findChromium(): Promise<string | undefined> {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const candidate of candidates) if (candidate && existsSync(candidate)) return candidate;
  try {
    const { chromium } = await import('playwright-core');
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // playwright's own browser is not installed
  }
  return undefined;
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const MISSING_CHROMIUM = `No Chromium found for the end-to-end tests.
Install one of:
  - Debian/Ubuntu: sudo apt-get install chromium   (gives /usr/bin/chromium)
  - or set CHROME_PATH to a Chrome or Chromium binary
  - or, where downloads are allowed: npx playwright install chromium`;
