/**
 * `npm run bench:bundle`: the gzip size of the JavaScript that `/login` loads, beside the floor.
 *
 * The app: the production build (the project's vite.config.ts, into a temporary folder) served
 * with the in-memory mock backend; real Chromium opens /login and every JavaScript response is
 * counted at gzip level 9 from the built file. The floor (./floor.ts): a one-route app built with
 * the same Vite and React plugin that uses React, React DOM, Redux Toolkit with RTK Query, React
 * Redux and React Router and nothing else: what any app on this stack has to ship. Budget: the app
 * at most 1.15× the floor. Writes results/bundle.json.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildAndServe, launchChromium } from './appServer';
import { buildFloor } from './floor';

const RESULTS = join(dirname(fileURLToPath(import.meta.url)), 'results', 'bundle.json');
const gzipBytes = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
const kib = (bytes: number) => Number((bytes / 1024).toFixed(1));
/** Issue 17: the JavaScript of /login at most 1.15 times the floor's. */
const BUDGET_RATIO = 1.15;

interface FileSize {
  file: string;
  gzipBytes: number;
}

/** Every JavaScript response of /login, as a URL path under /static/ and its built file's size. */
async function appLoginScripts(): Promise<FileSize[]> {
  const app = await buildAndServe();
  try {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const scripts = new Set<string>();
      page.on('response', (response) => {
        const contentType = response.headers()['content-type'] ?? '';
        if (response.request().resourceType() === 'script' || /javascript/.test(contentType))
          scripts.add(new URL(response.url()).pathname);
      });
      await page.goto(`${app.url}/login`, { waitUntil: 'networkidle' });
      // The lazy login page has rendered, so its chunk is in the list.
      await page.getByRole('link', { name: "Let's start!" }).waitFor();
      return [...scripts].sort().map((path) => {
        if (!path.startsWith('/static/')) throw new Error(`${path} is not a built asset`);
        return {
          file: path,
          gzipBytes: gzipBytes(join(app.distDir, path.slice('/static/'.length))),
        };
      });
    } finally {
      await browser.close();
    }
  } finally {
    await app.close();
  }
}

async function floorBytes(): Promise<number> {
  const floor = await buildFloor();
  try {
    return floor.jsFiles.reduce((sum, file) => sum + gzipBytes(file), 0);
  } finally {
    floor.close();
  }
}

async function main(): Promise<void> {
  const files = await appLoginScripts();
  if (files.length === 0) throw new Error('/login loaded no JavaScript');
  const appTotal = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  const floor = await floorBytes();
  const result = {
    date: new Date().toISOString(),
    app: { totalGzipBytes: appTotal, files },
    floor: { totalGzipBytes: floor },
    ratio: Number((appTotal / floor).toFixed(2)),
    budgetRatio: BUDGET_RATIO,
  };
  mkdirSync(dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(result, null, 2)}\n`);

  console.table(Object.fromEntries(files.map(({ file, gzipBytes }) => [file, kib(gzipBytes)])));
  console.table({
    'JavaScript /login loads, gzip (KiB)': kib(appTotal),
    'floor: React + React DOM + RTK Query + React Redux + React Router, gzip (KiB)': kib(floor),
    'app / floor': result.ratio,
    'budget, app / floor': BUDGET_RATIO,
    'files /login loads': files.length,
  });
  console.log(`Written to ${relative(process.cwd(), RESULTS)}`);
  if (appTotal > floor * BUDGET_RATIO) {
    console.error(`/login loads ${result.ratio}× the floor's JavaScript, over ${BUDGET_RATIO}×.`);
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
