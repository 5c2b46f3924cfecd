import { lazy } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import LoginPage from '../features/auth/LoginPage';
import { RouteErrorScreen } from '../features/errors/ErrorScreen';
import { loadChunk } from '../shared/lib/chunk';
import { APP_BASENAME, routerPathname } from '../shared/config/staticDemo';
import { LoadingScreen } from '../shared/ui/LoadingScreen';
import { PageChangeFocus } from './PageChangeFocus';

type PageModule = { default: React.ComponentType };

/** The root route: the signed-in screens hang under it too. */
export const ROOT_ROUTE_ID = 'root';

/** Loads the RTK Query API into the store (once), before a screen that calls it renders. */
export interface JoinApi {
  (): Promise<void>;
  /** Whether the API has joined this store. */
  joined: () => boolean;
}

/** A public page: the loading of its chunk, and whether it calls the API. */
interface PublicPage {
  path: string;
  load: () => Promise<PageModule>;
  callsApi: boolean;
  /** Its component once loaded (from the start when it is in the entry). */
  loaded?: React.ComponentType;
}

/** The page's component if it can render at once: its code is there, and the API if it calls it. */
const readyComponent = (page: PublicPage, joinApi: JoinApi) =>
  !page.callsApi || joinApi.joined() ? page.loaded : undefined;

/** The screens a visitor without a session may open. */
const publicPages: PublicPage[] = [
  // In the entry: the page a visitor without a session lands on renders with the first render.
  {
    path: 'login',
    load: () => Promise.resolve({ default: LoginPage }),
    callsApi: false,
    loaded: LoginPage,
  },
  // Demo and development builds only (spec: SSO in production); the production bundle has no chunk of it.
  // (import.meta.env written here, not through FAKE_AUTH, so the bundler drops the import.)
  ...(import.meta.env.MODE !== 'production'
    ? [{ path: 'fake-auth', load: () => import('../features/auth/FakeAuthPage'), callsApi: true }]
    : []),
];

/** A public page's module, under the 120 000 ms chunk timeout, with the API joined if it calls it. */
async function loadPublicPage(page: PublicPage, joinApi: JoinApi): Promise<PageModule> {
  const [module] = await Promise.all([loadChunk(page.load), page.callsApi && joinApi()]);
  page.loaded ??= module.default;
  return module;
}

/**
 * A public page's route component. No route `lazy`: /login is in the entry, and on a page load of
 * another public page App preloads its chunk and then makes the router, so the first render is the
 * page itself, not a loading screen replaced by it, nor a suspended render that has to run again.
 * Reached by a navigation, a lazy page is a React.lazy component; a failed chunk throws while
 * rendering, so the root's error screen shows it.
 */
function publicPageComponent(page: PublicPage, joinApi: JoinApi): React.ComponentType {
  const Lazy = lazy(() => loadPublicPage(page, joinApi));
  return function PublicPage() {
    const Page = readyComponent(page, joinApi) ?? Lazy;
    return <Page />;
  };
}

const publicPageAt = (pathname: string) => {
  const first = routerPathname(pathname).replace(/^\/+|\/+$/g, '');
  return publicPages.find((page) => page.path === first);
};

/** Whether a full page load of `pathname` needs no signed-in route (so none is loaded first). */
export function isPublicPath(pathname: string): boolean {
  return publicPageAt(pathname) !== undefined;
}

/** Whether the public page at `pathname` can render at once, with no chunk to wait for. */
export function isPublicPageReady(pathname: string, joinApi: JoinApi): boolean {
  const page = publicPageAt(pathname);
  return page !== undefined && readyComponent(page, joinApi) !== undefined;
}

/** Loads the chunk of the public page at `pathname`, so that its first render is the page. */
export async function preloadPublicPage(pathname: string, joinApi: JoinApi): Promise<void> {
  const page = publicPageAt(pathname);
  if (page) await loadPublicPage(page, joinApi);
}

/**
 * The rest of the route table (the session check, the shell and every signed-in screen) is its own
 * chunk, src/app/signedInRoutes.tsx, so that `/login` loads neither the table nor its guards; every
 * one of its screens may call the API, which joins the store with it.
 */
export async function loadSignedInRoutes(joinApi: JoinApi): Promise<RouteObject[]> {
  const [{ signedInRoutes }] = await Promise.all([
    loadChunk(() => import('./signedInRoutes')),
    joinApi(),
  ]);
  return signedInRoutes;
}

/** Every screen, and the focus and announcement that follow a page change between them. */
function Root() {
  return (
    <>
      <Outlet />
      <PageChangeFocus />
    </>
  );
}

/** The route table: the public screens, and the signed-in ones when they are given. */
export function appRoutes(joinApi: JoinApi, signedIn: RouteObject[] = []): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
      Component: Root,
      errorElement: <RouteErrorScreen />,
      // Shown while the first screen's code loads on a full page load.
      hydrateFallbackElement: <LoadingScreen label="Loading…" />,
      children: [
        ...publicPages.map((page) => ({
          path: page.path,
          Component: publicPageComponent(page, joinApi),
        })),
        ...signedIn,
      ],
    },
  ];
}

/**
 * The router. A page load on a signed-in path gets the whole table (App loads it first); a load on
 * /login gets the public screens, and the first navigation elsewhere (after the fake sign-in, a
 * link) patches the signed-in ones in.
 */
export function createAppRouter(joinApi: JoinApi, signedIn?: RouteObject[]) {
  let patched = signedIn !== undefined;
  return createBrowserRouter(appRoutes(joinApi, signedIn), {
    basename: APP_BASENAME,
    async patchRoutesOnNavigation({ patch, signal }) {
      if (patched) return;
      const routes = await loadSignedInRoutes(joinApi);
      if (patched || signal.aborted) return;
      patch(ROOT_ROUTE_ID, routes);
      patched = true;
    },
  });
}
