import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_JWT_SECRET } from '../../mock-server/runtime/services';

/**
 * Issue 31: the production bundle holds no mock code and no service worker; the static demo's
 * does (so the check is shown to see them). Both are built here into temporary folders.
 */
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function buildInto(mode: string): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), `pep-bundle-${mode}-`));
  folders.push(outDir);
  await build({ mode, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  return outDir;
}

const filesOf = (folder: string): string[] =>
  readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));

/** Texts only the mock (or MSW) writes: the demo's JWT secret, MSW's worker and its log prefix. */
const MOCK_TEXTS = [
  DEMO_JWT_SECRET,
  'mockServiceWorker',
  '[MSW]',
  'serviceWorker.register',
  // The demo's note on the mock's outbox (a large risk export).
  '__mock/outbox',
];

/** Every trace of mock or service-worker code in a build folder, one line each. */
function mockTraces(folder: string): string[] {
  const traces: string[] = [];
  for (const file of filesOf(folder)) {
    const name = relative(folder, file);
    if (/mockServiceWorker/.test(name)) traces.push(`${name}: a service worker file`);
    const text = readFileSync(file, 'utf8');
    if (name.endsWith('.map')) {
      const { sources } = JSON.parse(text) as { sources: string[] };
      for (const source of sources)
        if (/(^|\/)mock-server\/|node_modules\/msw\//.test(source))
          traces.push(`${name}: built from ${source}`);
      continue;
    }
    for (const marker of MOCK_TEXTS)
      if (text.includes(marker)) traces.push(`${name}: contains "${marker}"`);
  }
  return traces;
}

describe('the production bundle', () => {
  it('holds no mock code and no service worker (the static demo holds both)', async () => {
    const production = await buildInto('production');
    expect(mockTraces(production)).toEqual([]);

    const staticDemo = await buildInto('static-demo');
    const traces = mockTraces(staticDemo);
    expect(traces).toContain('mockServiceWorker.js: a service worker file');
    expect(traces.some((trace) => trace.includes('mock-server/runtime/edge.ts'))).toBe(true);
    expect(traces.some((trace) => trace.includes(DEMO_JWT_SECRET))).toBe(true);
    // The mock's code is a chunk of its own, not in the first paint's entry.
    const index = readFileSync(join(staticDemo, 'index.html'), 'utf8');
    const entry = /src="\/assets\/(index-[^"]+\.js)"/.exec(index)?.[1];
    expect(entry).toBeDefined();
    expect(readFileSync(join(staticDemo, 'assets', entry!), 'utf8')).not.toContain(DEMO_JWT_SECRET);
  }, 180_000);
});
