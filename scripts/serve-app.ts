import type { ServerResponse } from 'node:http';
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
}

export const BACKEND_UNREACHABLE = { detail: 'The backend is unreachable.' };

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
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

/**
 * `npm run serve`: the built SPA under /static/, every other HTML GET falling back to index.html,
 * `/api` proxied to the real backend. No mock routes and no fake-auth. Returns the app unstarted.
 */
export function createProductionApp({ apiTarget, distDir }: ProductionOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(compression());
  app.use(securityHeaders);
  // Before any body parser: the proxy streams request bodies through untouched.
  app.use(backendProxy(apiTarget));
  app.use('/static', staticAssets(distDir));
  app.get('/auth/login', loginRedirect);
  app.get(
    /.*/,
    spaFallback(() => readFile(join(distDir, 'index.html'), 'utf8')),
  );
  // /__mock/*, unknown /static files and non-HTML requests: a DRF-style 404, never the SPA.
  app.use((_req, res) => {
    res.status(404).json({ detail: 'Not found.' });
  });
  return app;
}

const securityHeaders: RequestHandler = (_req, res, next) => {
  res.set(SECURITY_HEADERS);
  next();
};

function backendProxy(apiTarget: string): RequestHandler {
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
      error(error, req, res) {
        // Method, path and error code only: no query string, headers or tokens in the log.
        const path = (req.url ?? '').split('?')[0];
        const code = (error as NodeJS.ErrnoException).code ?? error.message;
        console.error(`[serve] backend unreachable: ${req.method} ${path} (${code})`);
        if (!isResponse(res)) {
          res.destroy();
          return;
        }
        if (res.headersSent) {
          res.end();
          return;
        }
        res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(BACKEND_UNREACHABLE));
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
  res.redirect(302, signOnUrl(req.hostname ?? '', redirectTo, portfolio));
};

function queryString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function isResponse(value: unknown): value is ServerResponse {
  return typeof (value as ServerResponse).writeHead === 'function';
}
