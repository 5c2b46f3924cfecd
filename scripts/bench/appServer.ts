import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { createMockApp, type MockAppOptions } from '../../mock-server/app';
import { CHROMIUM_ARGS, MISSING_CHROMIUM, findChromium } from '../chromium';

export interface BenchApp {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The production build the server serves. */
  distDir: string;
  close: () => Promise<void>;
}

/** Options of the mock backend a bench runs against (in memory unless `dataFile` is given). */
export type BenchMockOptions = Omit<MockAppOptions, 'spa'>;

/**
 * The demo build of the SPA (production code plus the fake-auth screen) in a temporary folder, served with the mock backend (in memory,
 * fixtures only unless `mock` says more) on a free port: what a user of `npm start` loads, without
 * touching dist/.
 */
export async function buildAndServe(mock: BenchMockOptions = {}): Promise<BenchApp> {
  const distDir = mkdtempSync(join(tmpdir(), 'pep-bench-'));
  // The demo build: the benches sign in through the fake-auth screen.
  await build({ mode: 'demo', logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
  const options: MockAppOptions = { ...mock, spa: { mode: 'dist', distDir } };
  const app = createMockApp(options);
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    distDir,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(distDir, { recursive: true, force: true });
    },
  };
}

export async function launchChromium(): Promise<Browser> {
  const executablePath = await findChromium();
  if (!executablePath) throw new Error(MISSING_CHROMIUM);
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

/** The pause between typed keys: a quick typist. */
export const KEY_DELAY_MS = 60;

declare global {
  interface Window {
    __searchLatencies: number[];
  }
}

/**
 * Installed in the page as source text (a bundler's helpers would not exist there): on each keydown,
 * wait frame by frame until the list has applied the box's text (the `[role="status"][data-search]`
 * count marks the text it applied), then time the paint of that frame, into `__searchLatencies`.
 */
export const KEYSTROKE_INSTRUMENT = `
  window.__searchLatencies = [];
  document.addEventListener('keydown', (event) => {
    const start = event.timeStamp;
    const input = event.target;
    const frame = () => requestAnimationFrame(() => {
      const applied = document.querySelector('[role="status"][data-search]')?.dataset.search;
      if (applied !== input.value.trim()) return frame();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => window.__searchLatencies.push(performance.now() - start);
      channel.port2.postMessage(null);
    });
    frame();
  }, true);
`;

/** Waits until the list shows the rows filtered by `text`. */
export async function waitForApplied(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      document.querySelector<HTMLElement>('[role="status"][data-search]')?.dataset.search ===
      expected,
    text.trim(),
  );
}

/**
 * Types `word` key by key into the page's search box, then clears it, and gives the sorted
 * keystroke-to-paint latencies (`KEYSTROKE_INSTRUMENT`); throws when none was measured.
 */
export async function measureSearch(page: Page, word: string): Promise<number[]> {
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.click();
  await page.evaluate(KEYSTROKE_INSTRUMENT);
  await page.keyboard.type(word, { delay: KEY_DELAY_MS });
  await waitForApplied(page, word);
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await waitForApplied(page, '');
  await page.waitForTimeout(200);
  const latencies = (await page.evaluate(() => window.__searchLatencies)).sort((a, b) => a - b);
  if (latencies.length === 0) throw new Error('No keystroke was measured');
  return latencies;
}
