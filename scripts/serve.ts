import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createProductionApp } from './serve-app';

/**
 * `npm run serve`: the production server. API_TARGET (required) is the real backend's base URL;
 * PORT defaults to 8080 and DIST_DIR to ./dist (run `npm run build` first).
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

const server = createProductionApp({ apiTarget, distDir }).listen(port, (error) => {
  if (error) {
    console.error(`npm run serve cannot listen on port ${port}: ${error.message}`);
    process.exit(1);
  }
  console.log(
    `Project Excellence Platform on http://localhost:${port}, /api → ${new URL(apiTarget).origin}`,
  );
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
