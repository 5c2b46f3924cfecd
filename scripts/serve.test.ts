import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { request as httpRequest } from 'node:http';
import {
  BACKEND_TIMEOUT,
  BACKEND_UNREACHABLE,
  BAD_API_PATH,
  CONTENT_SECURITY_POLICY,
  HSTS,
  createProductionApp,
} from './serve-app';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSX_CLI = join(ROOT, 'node_modules/tsx/dist/cli.mjs');

const INDEX_HTML =
  '<!doctype html><html lang="en-US"><head><title>Project Excellence Platform</title>' +
  '<script type="module" crossorigin src="/static/assets/index-abc123.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
// Above compression's 1 kB threshold.
const ASSET_JS = `export const drivers = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `driver-${i}`))};\n`;

/** What the stub backend saw, echoed back as JSON. */
interface Echo {
  method: string;
  url: string;
  headers: Record<string, string | undefined>;
  body: string;
}

let distDir: string;
let upstream: Server;
let apiTarget: string;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'pep-serve-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(distDir, 'assets', 'index-abc123.js'), ASSET_JS);
  upstream = await listen(stubBackend());
  apiTarget = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((done) => upstream.close(done));
  rmSync(distDir, { recursive: true, force: true });
});

const app = () => createProductionApp({ apiTarget, distDir });

describe('the /api proxy', () => {
  it('forwards a POST with its /api prefix, its exact body and its auth headers', async () => {
    const body = '{"poll": 7,\n  "comment": "Ünïcødé ✓ — kept byte for byte"}';
    const res = await request(app())
      .post('/api/stats/?period=2024')
      .set('Host', 'pep.example.com')
      .set('Content-Type', 'application/json')
      .set('X-CSRFToken', 'csrf-123')
      .set('Authorization', 'JWT access-token-abc')
      .set('Cookie', 'csrftoken=csrf-123; sessionid=s-1')
      .send(body);

    expect(res.status).toBe(200);
    const echo = res.body as Echo;
    expect(echo.method).toBe('POST');
    expect(echo.url).toBe('/api/stats/?period=2024');
    expect(echo.body).toBe(body);
    expect(echo.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(echo.headers['x-csrftoken']).toBe('csrf-123');
    expect(echo.headers.authorization).toBe('JWT access-token-abc');
    expect(echo.headers.cookie).toBe('csrftoken=csrf-123; sessionid=s-1');
    // changeOrigin: the backend sees its own host, and the SPA's host as X-Forwarded-Host.
    expect(echo.headers.host).toBe(new URL(apiTarget).host);
    expect(echo.headers['x-forwarded-host']).toBe('pep.example.com');
  });

  it('hands the backend cookies to the SPA host whatever domain they name', async () => {
    const res = await request(app()).post('/api/auth/login/').send({});

    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toEqual(['csrftoken=csrf-123; Path=/; SameSite=Lax']);
  });

  it('forwards /api and /api/... only, not paths that merely start with "api"', async () => {
    const res = await request(app()).get('/apiary').set('Accept', 'text/html');

    expect(res.status).toBe(200);
    expect(res.text).toBe(INDEX_HTML);
  });

  it('answers 502 with a DRF-style detail when the backend is down, logging no token', async () => {
    const down = await listen(express());
    const closedPort = (down.address() as AddressInfo).port;
    await new Promise((done) => down.close(done));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});

    const res = await request(
      createProductionApp({ apiTarget: `http://127.0.0.1:${closedPort}`, distDir }),
    )
      .get('/api/auth/self/?token=query-secret')
      .set('Authorization', 'JWT access-token-abc');

    expect(res.status).toBe(502);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual(BACKEND_UNREACHABLE);
    expect(res.body).toEqual({ detail: 'The backend is unreachable.' });
    const logged = JSON.stringify(errors.mock.calls);
    expect(logged).toContain('/api/auth/self/');
    expect(logged).not.toContain('access-token-abc');
    expect(logged).not.toContain('query-secret');
    errors.mockRestore();
  });
});

describe('a backend that keeps the proxy waiting', () => {
  it('answers 504 with a DRF-style detail when the backend accepts and stays silent', async () => {
    const sockets: Socket[] = [];
    const silent = createTcpServer((socket) => sockets.push(socket));
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const started = Date.now();

    const res = await request(
      createProductionApp({
        apiTarget: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        distDir,
        upstreamTimeoutMs: 300,
      }),
    ).get('/api/polls/');

    expect(res.status).toBe(504);
    expect(res.body).toEqual(BACKEND_TIMEOUT);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(JSON.stringify(errors.mock.calls)).toContain('too slow: GET /api/polls/');
    errors.mockRestore();
    sockets.forEach((socket) => socket.destroy());
    await new Promise((done) => silent.close(done));
  });

  it('waits for a backend that is slow but within the timeout', async () => {
    const slow = express();
    slow.use((_req, res) => {
      setTimeout(() => res.json({ ok: true }), 150);
    });
    const server = await listen(slow);

    const res = await request(
      createProductionApp({
        apiTarget: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        distDir,
        upstreamTimeoutMs: 1_000,
      }),
    ).get('/api/polls/');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    await new Promise((done) => server.close(done));
  });
});

describe('paths that would leave /api', () => {
  it.each([
    '/api/../admin/',
    '/api/%2e%2e/admin/',
    '/api/polls/%2E%2E/%2E%2E/admin/',
    '/api/./auth/self/',
    '/api%2f..%2fadmin/',
    '/api/..%5cadmin/',
  ])('refuses %s with a 400 and never forwards it', async (path) => {
    const seen: string[] = [];
    const watched = express();
    watched.use((req, res) => {
      seen.push(req.url);
      res.json({});
    });
    const backend = await listen(watched);
    const server = await listen(
      createProductionApp({
        apiTarget: `http://127.0.0.1:${(backend.address() as AddressInfo).port}`,
        distDir,
      }),
    );

    // Raw, so that no client normalises the dot segments away before they reach the server.
    const res = await rawGet((server.address() as AddressInfo).port, path);

    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual(BAD_API_PATH);
    expect(seen).toEqual([]);
    await new Promise((done) => server.close(done));
    await new Promise((done) => backend.close(done));
  });

  it('keeps the mock-only sign-in route on this side: /api/auth/fake-auth/ is a 404', async () => {
    const res = await request(app()).post('/api/auth/fake-auth/').send({ persona: 'admin' });

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found.' });
  });
});

describe('HSTS only over https', () => {
  it('is not sent over plain http, even when an untrusted client claims https', async () => {
    const res = await request(app()).get('/checks').set('X-Forwarded-Proto', 'https');

    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when a trusted proxy says the request came over https', async () => {
    const trusted = createProductionApp({ apiTarget, distDir, trustProxy: 'loopback' });
    const https = await request(trusted).get('/checks').set('X-Forwarded-Proto', 'https');
    const http = await request(trusted).get('/checks').set('X-Forwarded-Proto', 'http');

    expect(https.headers['strict-transport-security']).toBe(HSTS);
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('GET /healthz', () => {
  it('answers 200 for load balancers without asking the backend', async () => {
    const res = await request(
      createProductionApp({ apiTarget: 'http://127.0.0.1:9', distDir }),
    ).get('/healthz');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('the SPA', () => {
  it('answers a deep link with index.html, never cached, under the CSP', async () => {
    const res = await request(app())
      .get('/dashboard/account/12/riskiness')
      .set('Accept', 'text/html,application/xhtml+xml');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toBe(INDEX_HTML);
    expect(res.headers['cache-control']).toMatch(/no-cache|no-store/);
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // Plain http: no HSTS (see 'HSTS only over https').
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('serves a hashed asset under /static/ as immutable', async () => {
    const res = await request(app()).get('/static/assets/index-abc123.js');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.text).toBe(ASSET_JS);
  });

  it('answers a missing asset with a 404, not with index.html', async () => {
    const res = await request(app()).get('/static/assets/gone-000.js').set('Accept', 'text/html');

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found.' });
  });

  it('gzips when the browser accepts it', async () => {
    const gzip = await request(app())
      .get('/static/assets/index-abc123.js')
      .set('Accept-Encoding', 'gzip');
    const identity = await request(app())
      .get('/static/assets/index-abc123.js')
      .set('Accept-Encoding', 'identity');

    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(ASSET_JS);
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('serves /fake-auth as any other SPA page, with no server-side sign-in', async () => {
    const res = await request(app()).get('/fake-auth').set('Accept', 'text/html');

    expect(res.status).toBe(200);
    expect(res.text).toBe(INDEX_HTML);
  });
});

describe('no mock routes', () => {
  it.each(['GET', 'POST'] as const)('answers %s /__mock/reset with a JSON 404', async (method) => {
    const agent = request(app());
    const req = method === 'GET' ? agent.get('/__mock/reset') : agent.post('/__mock/reset');
    const res = await req.set('Accept', 'text/html,application/json');

    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ detail: 'Not found.' });
  });
});

describe('GET /auth/login', () => {
  it.each([
    [
      'pep-dev.example.com',
      '/api/auth/sso/login/?env=dev&callback=%2Fcallback&redirectTo=%2Fchecks%2F7',
    ],
    [
      'dev.pep.example.com',
      '/api/auth/sso/login/?env=dev&callback=%2Fcallback&redirectTo=%2Fchecks%2F7',
    ],
    [
      'stage.pep.example.com',
      '/api/auth/sso/login/?env=stage&callback=%2Fcallback&redirectTo=%2Fchecks%2F7',
    ],
    ['pep.example.com', '/api/auth/sso/login/?callback=%2Fcallback&redirectTo=%2Fchecks%2F7'],
    // The production server has no fake-auth screen: a local host goes to the SSO entry too.
    ['localhost:8080', '/api/auth/sso/login/?callback=%2Fcallback&redirectTo=%2Fchecks%2F7'],
  ])('on %s redirects to %s', async (host, location) => {
    const res = await request(app()).get('/auth/login?redirectTo=%2Fchecks%2F7').set('Host', host);

    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(location);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('uses the portfolio callback and refuses a foreign redirect target', async () => {
    const res = await request(app())
      .get('/auth/login?portfolio=true&redirectTo=%2F%2Fevil.example.com')
      .set('Host', 'pep.example.com');

    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(
      '/api/auth/sso/login/?callback=%2Fportfolio%2Fcallback&redirectTo=%2F',
    );
  });
});

describe('npm run serve (scripts/serve.ts)', () => {
  it('on SIGTERM lets a request in flight finish, then exits 0', async () => {
    const slow = express();
    slow.use((_req, res) => {
      setTimeout(() => res.json({ finished: true }), 800);
    });
    const backend = await listen(slow);
    const { API_TARGET: _a, DIST_DIR: _d, PORT: _p, ...env } = process.env;
    const child = spawn(process.execPath, [TSX_CLI, 'scripts/serve.ts'], {
      cwd: ROOT,
      env: {
        ...env,
        PORT: '0',
        DIST_DIR: distDir,
        API_TARGET: `http://127.0.0.1:${(backend.address() as AddressInfo).port}`,
      },
    });
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const port = await new Promise<number>((done, fail) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /localhost:(\d+)/.exec(out);
        if (match) done(Number(match[1]));
      });
      child.on('exit', () => fail(new Error(`serve exited early: ${out}`)));
    });

    const inFlight = request(`http://127.0.0.1:${port}`).get('/api/polls/');
    const answer = inFlight.then((res) => res);
    await new Promise((done) => setTimeout(done, 300));
    child.kill('SIGTERM');

    const res = await answer;
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ finished: true });
    expect(await exited).toBe(0);
    await new Promise((done) => backend.close(done));
  }, 20_000);

  it('refuses to start without API_TARGET', async () => {
    const { code, stderr } = await runServe({});

    expect(code).toBe(1);
    expect(stderr).toContain('API_TARGET');
  });

  it('refuses to start with an API_TARGET that is not an http(s) URL', async () => {
    const { code, stderr } = await runServe({ API_TARGET: 'backend.example.com' });

    expect(code).toBe(1);
    expect(stderr).toContain('API_TARGET is not a valid http(s) URL');
  });

  it('refuses to start when the build is missing', async () => {
    const emptyDist = mkdtempSync(join(tmpdir(), 'pep-serve-empty-'));
    const { code, stderr } = await runServe({ API_TARGET: apiTarget, DIST_DIR: emptyDist });
    rmSync(emptyDist, { recursive: true, force: true });

    expect(code).toBe(1);
    expect(stderr).toContain('index.html is missing');
    expect(stderr).toContain('npm run build');
  });
});

/** Echoes method, url, headers and the raw body; sets a cookie with a backend domain on login. */
function stubBackend() {
  const backend = express();
  backend.use(express.raw({ type: () => true }));
  backend.post('/api/auth/login/', (_req, res) => {
    res.setHeader(
      'Set-Cookie',
      'csrftoken=csrf-123; Domain=backend.internal; Path=/; SameSite=Lax',
    );
    res.json({});
  });
  backend.use((req, res) => {
    const raw: unknown = req.body;
    const echo: Echo = {
      method: req.method,
      url: req.originalUrl,
      headers: req.headers as Echo['headers'],
      body: Buffer.isBuffer(raw) ? raw.toString('utf8') : '',
    };
    res.json(echo);
  });
  return backend;
}

function listen(handler: express.Express): Promise<Server> {
  return new Promise((done) => {
    const server = handler.listen(0, '127.0.0.1', () => done(server));
  });
}

/** A GET with the path sent exactly as given. */
function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

/** Runs `tsx scripts/serve.ts` with only the given serve variables set. */
function runServe(vars: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const { API_TARGET: _apiTarget, DIST_DIR: _distDir, PORT: _port, ...env } = process.env;
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      [TSX_CLI, 'scripts/serve.ts'],
      { cwd: ROOT, env: { ...env, PORT: '0', ...vars }, timeout: 20_000 },
      (_error, _stdout, stderr) => done({ code: child.exitCode, stderr }),
    );
  });
}
