import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { spaFallback, staticAssets } from '../mock-server/spa';
import { safeRedirectTarget, signOnUrl } from '../src/api/contract/signOn';

export interface ProductionOptions {
  /** The real backend, e.g. https://pep-api.example.com; `/api/...` is forwarded with its prefix. */
  apiTarget: string;
  /** The Vite build: index.html plus assets/ (served under /static/). */
  distDir: string;
  /**
   * How long the backend may stay silent (before its first byte, or between two) before the
   * request is answered 504; default 30 s.
   */
  upstreamTimeoutMs?: number;
  /**
   * Express's `trust proxy`: which proxies' X-Forwarded-Proto to believe (e.g. 'loopback', 1).
   * HSTS is sent only on requests that arrived over https, directly or through a trusted proxy.
   */
  trustProxy?: boolean | number | string;
}

export const BACKEND_UNREACHABLE = { detail: 'The backend is unreachable.' };
export const BACKEND_TIMEOUT = { detail: 'The backend did not answer in time.' };
export const BAD_API_PATH = { detail: 'Invalid path.' };
export const NOT_FOUND = { detail: 'Not found.' };
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Only what the built SPA needs. style-src keeps 'unsafe-inline' because react-toastify 11's
 * ToastContainer injects its stylesheet as a <style> element at run time.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

/**
 * `npm run serve`: the built SPA under /static/, every other HTML GET falling back to index.html,
 * `/api` proxied to the real backend. No mock routes and no fake-auth. Returns the app unstarted.
 */
export function createProductionApp({
  apiTarget,
  distDir,
  upstreamTimeoutMs = DEFAULT_UPSTREAM_TIMEOUT_MS,
  trustProxy = false,
}: ProductionOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy);
  // For load balancers: the server is up and serving; it does not wait on the backend.
  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  app.use(compression());
  app.use(securityHeaders);
  app.use(apiPathGuard);
  // Before any body parser: the proxy streams request bodies through untouched.
  app.use(backendProxy(apiTarget, upstreamTimeoutMs));
  app.use('/static', staticAssets(distDir));
  app.get('/auth/login', loginRedirect);
  app.get(
    /.*/,
    spaFallback(() => readFile(join(distDir, 'index.html'), 'utf8')),
  );
  // /__mock/*, unknown /static files and non-HTML requests: a DRF-style 404, never the SPA.
  app.use((_req, res) => {
    res.status(404).json(NOT_FOUND);
  });
  return app;
}

const securityHeaders: RequestHandler = (req, res, next) => {
  res.set(SECURITY_HEADERS);
  // HSTS over plain http would be ignored at best; only over https (or a trusted proxy's https).
  if (req.secure) res.set('Strict-Transport-Security', HSTS);
  next();
};

const API_PREFIX = /^\/api(\/|$)/i;

/**
 * Paths under /api reach the backend only as they are: a dot segment, encoded or not, or a
 * backslash could lead the backend out of /api after it normalises ('/api/../admin/'), so it is
 * refused. The mock-only sign-in route never leaves this server.
 */
const apiPathGuard: RequestHandler = (req, res, next) => {
  const rawPath = (req.originalUrl || req.url).split('?')[0] ?? '';
  if (!API_PREFIX.test(rawPath) && !/^\/api(%2f|%5c)/i.test(rawPath)) {
    next();
    return;
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    res.status(400).json(BAD_API_PATH);
    return;
  }
  const segments = decoded.split(/[/\\]/);
  if (decoded.includes('\\') || segments.some((segment) => segment === '.' || segment === '..')) {
    res.status(400).json(BAD_API_PATH);
    return;
  }
  if (/^\/api\/auth\/fake-auth(\/|$)/i.test(decoded)) {
    res.status(404).json(NOT_FOUND);
    return;
  }
  next();
};

/** Requests whose backend stayed silent too long: their error is a 504, not a 502. */
const timedOut = new WeakSet<IncomingMessage>();

function backendProxy(apiTarget: string, upstreamTimeoutMs: number): RequestHandler {
  return createProxyMiddleware({
    target: apiTarget,
    // Mounted at the root with a filter, so the /api prefix reaches the backend unchanged.
    pathFilter: (pathname) => pathname === '/api' || pathname.startsWith('/api/'),
    changeOrigin: true,
    // The backend sees the SPA's own host and scheme (Django: USE_X_FORWARDED_HOST, CSRF origin).
    xfwd: true,
    // Session and CSRF cookies belong to the SPA's host, whatever domain the backend names.
    cookieDomainRewrite: '',
    on: {
      proxyReq(proxyReq: ClientRequest, req: IncomingMessage) {
        // Idle time on the backend socket: before the first byte of the answer, or between two.
        proxyReq.setTimeout(upstreamTimeoutMs, () => {
          timedOut.add(req);
          proxyReq.destroy(new Error('upstream timeout'));
        });
      },
      error(error, req, res) {
        // Method, path and error code only: no query string, headers or tokens in the log.
        const path = (req.url ?? '').split('?')[0];
        const late = timedOut.has(req);
        const code = late ? 'timeout' : ((error as NodeJS.ErrnoException).code ?? error.message);
        console.error(
          `[serve] backend ${late ? 'too slow' : 'unreachable'}: ${req.method} ${path} (${code})`,
        );
        if (!isResponse(res)) {
          res.destroy();
          return;
        }
        if (res.headersSent) {
          res.end();
          return;
        }
        res.writeHead(late ? 504 : 502, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(late ? BACKEND_TIMEOUT : BACKEND_UNREACHABLE));
      },
    },
  });
}

/** Sends the visitor to the sign-on address the login screen would use on this host (spec §2). */
const loginRedirect: RequestHandler = (req, res) => {
  const redirectTo = safeRedirectTarget(queryString(req.query.redirectTo));
  const portfolio = queryString(req.query.portfolio) === 'true';
  res.set('Cache-Control', 'no-store');
  // Express 5 leaves hostname undefined when the request has no Host header.
  res.redirect(302, signOnUrl(req.hostname ?? '', redirectTo, portfolio, { fakeAuth: false }));
};

function queryString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function isResponse(value: unknown): value is ServerResponse {
  return typeof (value as ServerResponse).writeHead === 'function';
}
