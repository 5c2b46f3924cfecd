import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorScreen } from '../features/errors/ErrorScreen';
import { loadChunk } from '../shared/lib/chunk';
import { LoadingScreen } from '../shared/ui/LoadingScreen';

type PageModule = { default: React.ComponentType };

/** The root route: the signed-in screens are patched in under it. */
export const ROOT_ROUTE_ID = 'root';

/** A lazily loaded public page (default export), under the 120 000 ms chunk timeout. */
const publicPage = (load: () => Promise<PageModule>) => async () => ({
  Component: (await loadChunk(load)).default,
});

/**
 * What the entry chunk knows: the public screens. Everything else (the session check, the shell and
 * every signed-in route, src/app/signedInRoutes.tsx) is one lazy chunk that the router patches in
 * on the first navigation to another path, so `/login` loads neither the route table nor the guards.
 */
export const routes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    errorElement: <RouteErrorScreen />,
    // Shown while the first screen's code loads on a full page load.
    hydrateFallbackElement: <LoadingScreen label="Loading…" />,
    children: [
      // The login chunk is also preloaded by index.html (vite.config.ts, preloadLoginRoute).
      { path: 'login', lazy: publicPage(() => import('../features/auth/LoginPage')) },
      // Demo and development builds only (spec: SSO in production); the production bundle has no chunk of it.
      // (import.meta.env written here, not through FAKE_AUTH, so the bundler drops the import.)
      ...(import.meta.env.MODE !== 'production'
        ? [{ path: 'fake-auth', lazy: publicPage(() => import('../features/auth/FakeAuthPage')) }]
        : []),
    ],
  },
];

export function createAppRouter() {
  let patched = false;
  return createBrowserRouter(routes, {
    // Called for a path the public routes do not match (and, after, for paths with parameters).
    async patchRoutesOnNavigation({ patch, signal }) {
      if (patched) return;
      const { signedInRoutes } = await loadChunk(() => import('./signedInRoutes'));
      if (patched || signal.aborted) return;
      patch(ROOT_ROUTE_ID, signedInRoutes);
      patched = true;
    },
  });
}
