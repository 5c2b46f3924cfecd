import { resolve } from 'node:path';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The part of a Rolldown output chunk this plugin reads. */
export interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  isEntry: boolean;
  viteMetadata?: { importedCss: Set<string> };
}

type Bundle = Record<string, ChunkInfo | { type: 'asset'; fileName: string }>;

/** `chunk` and every chunk it imports statically, recursively (the chunk first). */
function staticClosure(bundle: Bundle, chunk: ChunkInfo): ChunkInfo[] {
  const seen = new Map<string, ChunkInfo>();
  const visit = (current: ChunkInfo) => {
    if (seen.has(current.fileName)) return;
    seen.set(current.fileName, current);
    for (const file of current.imports) {
      const imported = bundle[file];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  visit(chunk);
  return [...seen.values()];
}

/**
 * The tags that make the browser fetch the chunks of `modules` (lazy route modules, as paths from
 * the project root) beside the entry: a `modulepreload` for each chunk they need that the entry
 * does not already load, and a `preload` (not a stylesheet: nothing blocks rendering) for their CSS.
 */
export function routePreloadTags(
  bundle: Bundle,
  modules: readonly string[],
  { root, base }: { root: string; base: string },
): HtmlTagDescriptor[] {
  const chunks = Object.values(bundle).filter((file): file is ChunkInfo => file.type === 'chunk');
  const entryFiles = new Set<string>();
  const entryCss = new Set<string>();
  for (const entry of chunks.filter((chunk) => chunk.isEntry))
    for (const chunk of staticClosure(bundle, entry)) {
      entryFiles.add(chunk.fileName);
      chunk.viteMetadata?.importedCss.forEach((css) => entryCss.add(css));
    }
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const module of modules) {
    const id = resolve(root, module);
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
    if (!chunk) throw new Error(`preloadRouteChunks: no chunk is built from ${module}`);
    for (const needed of staticClosure(bundle, chunk)) {
      if (!entryFiles.has(needed.fileName)) scripts.add(needed.fileName);
      needed.viteMetadata?.importedCss.forEach((css) => {
        if (!entryCss.has(css)) styles.add(css);
      });
    }
  }
  return [
    ...[...scripts].map((file) => ({
      tag: 'link',
      attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
      injectTo: 'head' as const,
    })),
    ...[...styles].map((file) => ({
      tag: 'link',
      attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `${base}${file}` },
      injectTo: 'head' as const,
    })),
  ];
}

/**
 * Build only: index.html asks for the chunks of the given lazy routes together with the entry, so
 * the route's code is not fetched only once the entry has run and the router has matched it (a
 * second round trip before the first paint). Meant for the page people land on without a session:
 * `/login`.
 */
export function preloadRouteChunks(modules: readonly string[]): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'pep:preload-route-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        return routePreloadTags(bundle as unknown as Bundle, modules, { root, base });
      },
    },
  };
}

/**
 * The packages every screen runs on, in one long-cached chunk beside the entry: fewer round trips
 * and better compression than the per-package chunks the bundler would make, and a deploy that
 * changes only app code leaves it cached. Only the app's own copies (not one nested under another
 * package, such as recharts' reselect), and not RTK Query, which joins with the first screen that
 * calls the API (src/app/apiJoin.ts). `npm run bench:bundle` holds /login to 1.15× the floor.
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-redux|@reduxjs[\\/]toolkit|immer|redux|redux-thunk|reselect|use-sync-external-store|@standard-schema[\\/]utils)[\\/]/;
const NESTED_PACKAGE = /[\\/]node_modules[\\/].*[\\/]node_modules[\\/]/;
const RTK_QUERY = /[\\/]node_modules[\\/]@reduxjs[\\/]toolkit[\\/]dist[\\/]query[\\/]/;
/** use-sync-external-store's shims are for React before 18: only other packages use them. */
const SHIM = /[\\/]use-sync-external-store[\\/](shim|cjs[\\/]use-sync-external-store-shim)/;
export const isFrameworkModule = (id: string): boolean =>
  FRAMEWORK.test(id) && !NESTED_PACKAGE.test(id) && !RTK_QUERY.test(id) && !SHIM.test(id);

// Spec §9: static assets are served from /static/.
export default defineConfig({
  base: '/static/',
  plugins: [
    react(),
    // /login, the page a visitor without a session lands on, asks for its chunk with the entry.
    preloadRouteChunks(['src/features/auth/LoginPage.tsx']),
  ],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: isFrameworkModule, priority: 2 },
            // The app's own modules the entry imports stay in the entry, not in crumbs of shared chunks.
            { name: 'index', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
