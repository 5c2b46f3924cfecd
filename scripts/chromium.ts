import { existsSync } from 'node:fs';

/**
 * Chromium for e2e and benches: CHROME_PATH, else Debian's chromium, else Playwright's own. With
 * `headlessShell`, Debian's chromium-headless-shell comes first: the old headless build of the same
 * Chromium, the one Playwright itself runs headless. It draws no browser UI and takes half the CPU
 * time of the full browser on CI's two cores, so the e2e run prefers it; the benches keep the full
 * browser, the one users have.
 */
export async function findChromium({ headlessShell = false } = {}): Promise<string | undefined> {
  const candidates = [
    process.env.CHROME_PATH,
    headlessShell ? '/usr/bin/chromium-headless-shell' : undefined,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
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
  - Debian: sudo apt-get install chromium-headless-shell   (the lighter; or chromium)
  - or set CHROME_PATH to a Chrome or Chromium binary
  - or, where downloads are allowed: npx playwright install chromium`;
