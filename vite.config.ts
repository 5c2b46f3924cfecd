import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { preloadRouteChunks } from './scripts/vite/preloadRouteChunks';

/**
 * The packages every screen runs on, in one long-cached chunk beside the entry: fewer round trips
 * and better compression than the per-package chunks the bundler would make, and a deploy that
 * changes only app code leaves it cached. `npm run bench:bundle` holds /login to 1.15× the floor.
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-redux|@reduxjs[\\/]toolkit|immer|redux|redux-thunk|reselect|use-sync-external-store|@standard-schema[\\/]utils)[\\/]/;

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
            { name: 'framework', test: FRAMEWORK, priority: 2 },
            // The app's own modules the entry imports stay in the entry, not in crumbs of shared chunks.
            { name: 'index', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
