import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * A plain static server, as a static host serves the static demo: the folder's files under a base
 * path and, for any other address under it, index.html (the SPA's fallback, as Netlify's or
 * nginx's `try_files` rewrite; GitHub Pages answers the build's 404.html, a copy of it). No /api at
 * all: the demo's service worker answers it in the browser.
 *
 * `npx tsx scripts/serve-static.ts [folder]` — PORT (default 8080), STATIC_DEMO_BASE (default /),
 * the folder defaults to dist-static-demo.
 */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

export function serveStatic(folder: string, base = '/'): Server {
  const root = resolve(folder);
  const prefix = `/${base.replace(/^\/+|\/+$/g, '')}/`.replace('//', '/');
  return createServer((req, res) => {
    const send = (status: number, file: string) => {
      res.writeHead(status, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': file.includes(`${sep}assets${sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).pipe(res);
    };
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    // A folder's address without its slash: the redirect every static host answers.
    if (`${pathname}/` === prefix) {
      const search = new URL(req.url ?? '/', 'http://host').search;
      res.writeHead(301, { Location: `${prefix}${search}` }).end();
      return;
    }
    if (!pathname.startsWith(prefix)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    const file = normalize(join(root, pathname.slice(prefix.length)));
    if (file.startsWith(root + sep) && existsSync(file) && statSync(file).isFile()) {
      send(200, file);
      return;
    }
    send(200, join(root, 'index.html'));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const folder = process.argv[2] ?? 'dist-static-demo';
  if (!existsSync(join(folder, 'index.html'))) {
    console.error(
      `${join(folder, 'index.html')} is missing: run \`npm run build:static-demo\` first.`,
    );
    process.exit(1);
  }
  const base = process.env.STATIC_DEMO_BASE ?? '/';
  const server = serveStatic(folder, base).listen(Number(process.env.PORT || 8080), '127.0.0.1');
  server.on('listening', () => {
    const { port } = server.address() as AddressInfo;
    console.log(`Static demo: http://127.0.0.1:${port}${base}`);
  });
}
