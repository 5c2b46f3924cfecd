import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorScreen } from '../features/errors/ErrorScreen';
import { loadChunk } from '../shared/lib/chunk';
import { LoadingScreen } from '../shared/ui/LoadingScreen';

type PageModule = { default: React.ComponentType };

/** The root route: the signed-in screens hang under it too. */
export const ROOT_ROUTE_ID = 'root';

/** A public page: its route's component, and the loading of its chunk ahead of the first render. */
interface PublicPage {
  path: string;
  Component: React.ComponentType;
  preload: () => Promise<void>;
}

/**
 * A lazily loaded public page (default export), under the 120 000 ms chunk timeout. No route
 * `lazy`: on a page load App preloads the chunk (index.html has already asked for it) and then
 * makes the router, so the first render is the page itself, not a loading screen replaced by it,
 * nor a suspended render that has to run again. Reached by a navigation, it is a React.lazy
 * component; a failed chunk throws while rendering, so the root's error screen shows it.
 */
function publicPage(path: string, load: () => Promise<PageModule>): PublicPage {
  let loaded: React.ComponentType | undefined;
  const Lazy = lazy(() => loadChunk(load));
  return {
    path,
    Component: function PublicPage() {
      const Page = loaded ?? Lazy;
      return <Page />;
    },
    preload: async () => {
      loaded ??= (await loadChunk(load)).default;
    },
  };
}

/** The screens a visitor without a session may open. */
const publicPages: PublicPage[] = [
  // The login chunk is also preloaded by index.html (vite.config.ts, preloadRouteChunks).
  publicPage('login', () => import('../features/auth/LoginPage')),
  // Demo and development builds only (spec: SSO in production); the production bundle has no chunk of it.
  // (import.meta.env written here, not through FAKE_AUTH, so the bundler drops the import.)
  ...(import.meta.env.MODE !== 'production'
    ? [publicPage('fake-auth', () => import('../features/auth/FakeAuthPage'))]
    : []),
];

const publicPageAt = (pathname: string) => {
  const first = pathname.replace(/^\/+|\/+$/g, '');
  return publicPages.find((page) => page.path === first);
};

/** Whether a full page load of `pathname` needs no signed-in route (so none is loaded first). */
export function isPublicPath(pathname: string): boolean {
  return publicPageAt(pathname) !== undefined;
}

/** Loads the chunk of the public page at `pathname`, so that its first render is the page. */
export async function preloadPublicPage(pathname: string): Promise<void> {
  await publicPageAt(pathname)?.preload();
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
      children: [...publicPages.map(({ path, Component }) => ({ path, Component })), ...signedIn],
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
