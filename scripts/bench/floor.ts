/**
 * The framework floor of the benches: a one-route app built with the same Vite and React plugin
 * that uses React, React DOM, Redux Toolkit with RTK Query, React Redux and React Router and
 * nothing else, rendering one line of text at /login. What any app on this stack has to ship and
 * run before it shows anything.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import compression from 'compression';
import express from 'express';
import { build } from 'vite';

export const FLOOR_MAIN = `
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

/** The text the floor shows at /login once it has rendered. */
export const FLOOR_TEXT = 'Sign in';

export interface FloorBuild {
  /** The built page: index.html and assets/. */
  outDir: string;
  /** Every built JavaScript file, as absolute paths. */
  jsFiles: string[];
  close: () => void;
}

/** Builds the floor into a temporary folder under node_modules/.cache. */
export async function buildFloor(): Promise<FloorBuild> {
  // Inside node_modules so that the floor resolves the very packages the app uses.
  const cache = resolve('node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const root = mkdtempSync(join(cache, 'bench-floor-'));
  try {
    writeFileSync(
      join(root, 'index.html'),
      '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><title>Floor</title></head><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
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
    const jsFiles = readdirSync(outDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js'))
      .map((file) => join(outDir, file));
    if (jsFiles.length === 0) throw new Error(`The floor build wrote no JavaScript to ${outDir}`);
    return { outDir, jsFiles, close: () => rmSync(root, { recursive: true, force: true }) };
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The built floor on a free port, as the app is served: gzip compression, hashed assets cached as
 * immutable, index.html for /login, a JSON 404 for its one API call.
 */
export async function serveFloor(
  outDir: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const app = express();
  app.use(compression());
  app.use(
    '/assets',
    express.static(join(outDir, 'assets'), { immutable: true, maxAge: '1y', index: false }),
  );
  const indexHtml = readFileSync(join(outDir, 'index.html'), 'utf8');
  app.get('/login', (_req, res) => {
    res.set('Cache-Control', 'no-cache').type('html').send(indexHtml);
  });
  app.use((_req, res) => {
    res.status(404).json({ detail: 'Not found.' });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((done) => server.once('listening', () => done()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
