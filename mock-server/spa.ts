import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express, type RequestHandler } from 'express';
import type { ViteDevServer } from 'vite';

export type SpaOptions = { mode: 'dist'; distDir: string } | { mode: 'vite'; vite: ViteDevServer };

/** Paths that never fall back to the SPA. */
const NOT_SPA = /^\/(api|__mock|static)(\/|$)/;

/** Serves the SPA on the same origin: built assets under /static/, index.html for every deep link. */
export function mountSpa(app: Express, options: SpaOptions): void {
  if (options.mode === 'dist') {
    app.use('/static', staticAssets(options.distDir));
    const indexHtml = () => readFileSync(join(options.distDir, 'index.html'), 'utf8');
    app.get(
      /.*/,
      spaFallback(async () => indexHtml()),
    );
    return;
  }
  const { vite } = options;
  app.use(vite.middlewares);
  app.get(
    /.*/,
    spaFallback(async (url) =>
      vite.transformIndexHtml(url, readFileSync(join(vite.config.root, 'index.html'), 'utf8')),
    ),
  );
}

/** Hashed assets are immutable; index.html (served by the fallback) is never cached. */
export function staticAssets(distDir: string): RequestHandler {
  return express.static(distDir, {
    index: false,
    setHeaders(res, path) {
      if (/[/\\]assets[/\\]/.test(path))
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
}

export function spaFallback(render: (url: string) => Promise<string>): RequestHandler {
  return async (req, res, next) => {
    if (NOT_SPA.test(req.path) || !req.accepts('html')) {
      next();
      return;
    }
    try {
      res
        .status(200)
        .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' })
        .send(await render(req.originalUrl));
    } catch (error) {
      next(error);
    }
  };
}
