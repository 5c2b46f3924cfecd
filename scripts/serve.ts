import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { DEFAULT_UPSTREAM_TIMEOUT_MS, createProductionApp } from './serve-app';

/**
 * `npm run serve`: the production server. API_TARGET (required) is the real backend's base URL;
 * PORT defaults to 8080 and DIST_DIR to ./dist (run `npm run build` first); UPSTREAM_TIMEOUT_MS
 * (default 30000) bounds the backend's silence; TRUST_PROXY names the proxies whose
 * X-Forwarded-Proto is believed (Express `trust proxy`: 'loopback', a hop count, …).
 */
const problems: string[] = [];

const apiTarget = process.env.API_TARGET?.trim() ?? '';
if (!apiTarget) {
  problems.push(
    'API_TARGET is not set: give the backend base URL, e.g. API_TARGET=https://api.example.com',
  );
} else if (!isHttpUrl(apiTarget)) {
  problems.push(`API_TARGET is not a valid http(s) URL: ${JSON.stringify(apiTarget)}`);
}

const port = Number(process.env.PORT || 8080);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  problems.push(
    `PORT must be a whole number from 0 to 65535, got ${JSON.stringify(process.env.PORT)}`,
  );
}

const upstreamTimeoutMs = Number(process.env.UPSTREAM_TIMEOUT_MS || DEFAULT_UPSTREAM_TIMEOUT_MS);
if (!Number.isInteger(upstreamTimeoutMs) || upstreamTimeoutMs <= 0) {
  problems.push(
    `UPSTREAM_TIMEOUT_MS must be a positive whole number of milliseconds, got ${JSON.stringify(process.env.UPSTREAM_TIMEOUT_MS)}`,
  );
}

const distDir = resolve(process.env.DIST_DIR ?? 'dist');
if (!existsSync(join(distDir, 'index.html'))) {
  problems.push(
    `${join(distDir, 'index.html')} is missing: run \`npm run build\` first (or set DIST_DIR).`,
  );
}

if (problems.length > 0) {
  console.error(['npm run serve cannot start:', ...problems.map((p) => `  - ${p}`)].join('\n'));
  process.exit(1);
}

const server = createProductionApp({
  apiTarget,
  distDir,
  upstreamTimeoutMs,
  trustProxy: trustProxySetting(process.env.TRUST_PROXY),
}).listen(port, (error) => {
  if (error) {
    console.error(`npm run serve cannot listen on port ${port}: ${error.message}`);
    process.exit(1);
  }
  // The port listened on (PORT=0 picks a free one).
  const { port: listening } = server.address() as AddressInfo;
  console.log(
    `Project Excellence Platform on http://localhost:${listening}, /api → ${new URL(apiTarget).origin}`,
  );
});

/** How long requests in flight may take to finish once a stop is asked for. */
const SHUTDOWN_GRACE_MS = 10_000;

// Graceful stop: no new connections, idle ones closed, requests in flight finish (up to the grace).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`[serve] ${signal}: finishing the requests in flight`);
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => {
      server.closeAllConnections();
      process.exit(0);
    }, SHUTDOWN_GRACE_MS).unref();
  });
}

function trustProxySetting(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
