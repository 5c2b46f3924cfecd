import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

/**
 * The static demo's extra files: MSW's service worker beside index.html (its scope is the base
 * path) and 404.html, a copy of index.html that static hosts (GitHub Pages) answer for a deep link.
 */
const staticDemoFiles = (): Plugin => ({
  name: 'pep-static-demo-files',
  enforce: 'post',
  apply: 'build',
  generateBundle(_options, bundle) {
    this.emitFile({
      type: 'asset',
      fileName: 'mockServiceWorker.js',
      source: readFileSync('node_modules/msw/lib/mockServiceWorker.js', 'utf8'),
    });
    const index = bundle['index.html'];
    if (index?.type === 'asset')
      this.emitFile({ type: 'asset', fileName: '404.html', source: index.source });
  },
});

/** The static demo's base path (STATIC_DEMO_BASE, e.g. `/pep-demo/`), with its slashes. */
const staticDemoBase = () =>
  `/${(process.env.STATIC_DEMO_BASE ?? '/').replace(/^\/+|\/+$/g, '')}/`.replace('//', '/');

// Spec §9: static assets are served from /static/ (the static demo: from its base path).
export default defineConfig(({ mode }) => ({
  base: mode === 'static-demo' ? staticDemoBase() : '/static/',
  plugins: [react(), ...(mode === 'static-demo' ? [staticDemoFiles()] : [])],
  // The static demo's latency, as `MOCK_LATENCY_MS=800 npm start` slows the Express demo.
  define:
    mode === 'static-demo'
      ? { 'import.meta.env.MOCK_LATENCY_MS': JSON.stringify(process.env.MOCK_LATENCY_MS ?? '0') }
      : {},
  build: {
    outDir: mode === 'static-demo' ? 'dist-static-demo' : 'dist',
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
}));
