/**
 * `npm run bench:bundle`: the gzip size of the JavaScript that `/login` loads, beside the floor.
 *
 * The app: the production build (the project's vite.config.ts, into a temporary folder) served
 * with the in-memory mock backend; real Chromium opens /login and every JavaScript response is
 * counted at gzip level 9 from the built file. The floor: a one-route app built with the same Vite
 * and React plugin that uses React, React DOM, Redux Toolkit with RTK Query, React Redux and React
 * Router and nothing else: what any app on this stack has to ship. Writes results/bundle.json.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { buildAndServe, launchChromium } from './appServer';

const RESULTS = join(dirname(fileURLToPath(import.meta.url)), 'results', 'bundle.json');
const gzipBytes = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
const kib = (bytes: number) => Number((bytes / 1024).toFixed(1));

const FLOOR_MAIN = `
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureStore } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router';

const api = createApi({
  baseQuery: fetchBaseQuery({ baseUrl: '/' }),
  endpoints: (build) => ({ self: build.query<{ name: string }, void>({ query: () => 'api/auth/self/' }) }),
});
const store = configureStore({
  reducer: { [api.reducerPath]: api.reducer },
  middleware: (getDefault) => getDefault().concat(api.middleware),
});
function Login() {
  const { data } = api.useSelfQuery();
  return <p>{data?.name ?? 'Sign in'}</p>;
}
const router = createBrowserRouter([{ path: '/login', element: <Login /> }]);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
`;

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

/** Every .js file under `dir`, recursively. */
function jsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => join(dir, file));
}

async function floorBytes(): Promise<number> {
  // Inside node_modules so that the floor resolves the very packages the app uses.
  const cache = resolve('node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const root = mkdtempSync(join(cache, 'bench-floor-'));
  try {
    writeFileSync(
      join(root, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
    );
    writeFileSync(join(root, 'main.tsx'), FLOOR_MAIN);
    const outDir = join(root, 'dist');
    await build({
      root,
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir, emptyOutDir: true },
    });
    const files = jsFiles(outDir);
    if (files.length === 0) throw new Error(`The floor build wrote no JavaScript to ${outDir}`);
    return files.reduce((sum, file) => sum + gzipBytes(file), 0);
  } finally {
    rmSync(root, { recursive: true, force: true });
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
  };
  mkdirSync(dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(result, null, 2)}\n`);

  console.table(Object.fromEntries(files.map(({ file, gzipBytes }) => [file, kib(gzipBytes)])));
  console.table({
    'JavaScript /login loads, gzip (KiB)': kib(appTotal),
    'floor: React + React DOM + RTK Query + React Redux + React Router, gzip (KiB)': kib(floor),
    'app / floor': result.ratio,
    'files /login loads': files.length,
  });
  console.log(`Written to ${relative(process.cwd(), RESULTS)}`);
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
