import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorScreen } from '../features/errors/ErrorScreen';
import { loadChunk } from '../shared/lib/chunk';
import { LoadingScreen } from '../shared/ui/LoadingScreen';

type PageModule = { default: React.ComponentType };

/** The root route: the signed-in screens hang under it too. */
export const ROOT_ROUTE_ID = 'root';

/**
 * A lazily loaded public page (default export), under the 120 000 ms chunk timeout. React.lazy
 * rather than the route's `lazy`: the router starts with the route ready and React renders the page
 * as soon as its (preloaded) chunk is there, with no loading screen painted and replaced first.
 * A failed chunk throws while rendering, so the root's error screen shows it.
 */
const publicPage = (load: () => Promise<PageModule>) => lazy(() => loadChunk(load));

/** The screens a visitor without a session may open. */
const publicRoutes: RouteObject[] = [
  // The login chunk is also preloaded by index.html (vite.config.ts, preloadRouteChunks).
  { path: 'login', Component: publicPage(() => import('../features/auth/LoginPage')) },
  // Demo and development builds only (spec: SSO in production); the production bundle has no chunk of it.
  // (import.meta.env written here, not through FAKE_AUTH, so the bundler drops the import.)
  ...(import.meta.env.MODE !== 'production'
    ? [
        {
          path: 'fake-auth',
          Component: publicPage(() => import('../features/auth/FakeAuthPage')),
        },
      ]
    : []),
];

/** Whether a full page load of `pathname` needs no signed-in route (so none is loaded first). */
export function isPublicPath(pathname: string): boolean {
  const first = pathname.replace(/^\/+|\/+$/g, '');
  return publicRoutes.some((route) => route.path === first);
}

/**
 * The rest of the route table (the session check, the shell and every signed-in screen) is its own
 * chunk, src/app/signedInRoutes.tsx, so that `/login` loads neither the table nor its guards.
 */
export async function loadSignedInRoutes(): Promise<RouteObject[]> {
  return (await loadChunk(() => import('./signedInRoutes'))).signedInRoutes;
}

/** The route table: the public screens, and the signed-in ones when they are given. */
export function appRoutes(signedIn: RouteObject[] = []): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
      errorElement: <RouteErrorScreen />,
      // Shown while the first screen's code loads on a full page load.
      hydrateFallbackElement: <LoadingScreen label="Loading…" />,
      children: [...publicRoutes, ...signedIn],
    },
  ];
}

/**
 * The router. A page load on a signed-in path gets the whole table (App loads it first); a load on
 * /login gets the public screens, and the first navigation elsewhere (after the fake sign-in, a
 * link) patches the signed-in ones in.
 */
export function createAppRouter(signedIn?: RouteObject[]) {
  let patched = signedIn !== undefined;
  return createBrowserRouter(appRoutes(signedIn), {
    async patchRoutesOnNavigation({ patch, signal }) {
      if (patched) return;
      const routes = await loadSignedInRoutes();
      if (patched || signal.aborted) return;
      patch(ROOT_ROUTE_ID, routes);
      patched = true;
    },
  });
}
