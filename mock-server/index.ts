import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createMockApp } from './app';
import { DEFAULT_DATA_FILE, DEFAULT_PORT } from './config';
import type { SpaOptions } from './spa';

/**
 * `npm start`: the built SPA from dist/ and the mock backend on one origin.
 * `npm run dev`: the same with Vite's middleware (hot reload) instead of dist/.
 */
const dev = process.argv.includes('--dev');

async function spaOptions(): Promise<SpaOptions> {
  if (dev) {
    const { createServer } = await import('vite');
    // HMR_PORT lets two dev servers run side by side.
    const hmrPort = process.env.HMR_PORT ? Number(process.env.HMR_PORT) : undefined;
    const vite = await createServer({
      server: { middlewareMode: true, ...(hmrPort && { hmr: { port: hmrPort } }) },
      appType: 'custom',
    });
    return { mode: 'vite', vite };
  }
  const distDir = resolve('dist');
  if (!existsSync(resolve(distDir, 'index.html'))) {
    console.error('dist/index.html is missing: run `npm run build` first (npm start does).');
    process.exit(1);
  }
  return { mode: 'dist', distDir };
}

const app = createMockApp({
  dataFile: DEFAULT_DATA_FILE,
  latencyMs: Number(process.env.MOCK_LATENCY_MS ?? 0),
  riskVolume: Number(process.env.MOCK_RISK_VOLUME ?? 0),
  projectVolume: Number(process.env.MOCK_PROJECT_VOLUME ?? 0),
  accountVolume: Number(process.env.MOCK_ACCOUNT_VOLUME ?? 0),
  ...(process.env.MOCK_ACCESS_TTL_SECONDS && {
    accessTtlSeconds: Number(process.env.MOCK_ACCESS_TTL_SECONDS),
  }),
  spa: await spaOptions(),
});

const server = app.listen(DEFAULT_PORT, () => {
  console.log(`Project Excellence Platform (mock backend) on http://localhost:${DEFAULT_PORT}`);
  console.log(`Demo state: ${DEFAULT_DATA_FILE} (npm run mock:reset brings back the fixtures)`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
