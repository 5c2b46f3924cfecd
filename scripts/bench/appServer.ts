import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
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
