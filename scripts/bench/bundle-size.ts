/**
 * `npm run bench:bundle`: the gzip size of the JavaScript that `/login` loads, beside the floor.
 *
 * The app: the production build served with the mock backend; real Chromium opens /login and every
 * script response is counted at gzip level 9 from the built file. The floor: a one-route app built
 * with the same Vite and React plugin that uses React, React DOM, Redux Toolkit with RTK Query,
 * React Redux and React Router and nothing else: what any app on this stack has to ship.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
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

async function appLoginScripts(): Promise<{ file: string; gzipBytes: number }[]> {
  const app = await buildAndServe();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        scripts.add(new URL(response.url()).pathname);
    });
    await page.goto(`${app.url}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: "Let's start!" }).waitFor();
    return [...scripts].sort().map((path) => ({
      file: path,
      gzipBytes: gzipBytes(join(app.distDir, path.replace(/^\/static\//, ''))),
    }));
  } finally {
    await browser.close();
    await app.close();
  }
}

async function floorBytes(): Promise<number> {
  // Inside node_modules so that the floor resolves the same packages the app uses.
  const root = resolve('node_modules/.cache/bench-floor');
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
  );
  writeFileSync(join(root, 'main.tsx'), FLOOR_MAIN);
  const outDir = join(root, 'dist');
  try {
    await build({
      root,
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir, emptyOutDir: true },
    });
    const assets = join(outDir, 'assets');
    return readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .reduce((sum, file) => sum + gzipBytes(join(assets, file)), 0);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const files = await appLoginScripts();
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
console.table(Object.fromEntries(files.map((file) => [file.file, kib(file.gzipBytes)])));
console.table({
  'JavaScript /login loads, gzip (KiB)': kib(appTotal),
  'floor: React + React DOM + RTK + React Redux + React Router, gzip (KiB)': kib(floor),
  'app / floor': result.ratio,
});
