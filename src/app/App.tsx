import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider, type RouteObject } from 'react-router';
import { BrowserNotice } from '../features/shell/BrowserNotice';
import { setNavigator } from '../shared/lib/navigation';
import { LoadingScreen } from '../shared/ui/LoadingScreen';
import { loadChunk } from '../shared/lib/chunk';
import { createBootStore, type BootStore } from './bootStore';
import {
  createAppRouter,
  isPublicPageReady,
  isPublicPath,
  loadSignedInRoutes,
  preloadPublicPage,
  type JoinApi,
} from './router';
import { ToastHost } from './ToastHost';
import '../shared/ui/tokens.css';
import '../shared/ui/base.css';

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * The store, and the joining of the RTK Query API to it (its chunk loaded once, the first time a
 * screen calling the API is on its way): `/login` runs on the boot store alone.
 */
function useAppStore(): { store: BootStore; joinApi: JoinApi } {
  const [app] = useState(() => {
    const store = createBootStore();
    let joining: Promise<void> | undefined;
    let joined = false;
    const join = () =>
      (joining ??= loadChunk(() => import('./apiJoin')).then(
        ({ joinApi }) => {
          joinApi(store);
          joined = true;
        },
        (error: unknown) => {
          // The next screen that needs the API asks for its chunk again.
          joining = undefined;
          throw error;
        },
      ));
    const joinApi: JoinApi = Object.assign(join, { joined: () => joined });
    return { store, joinApi };
  });
  return app;
}

/**
 * The router, made once the first screen's code is there: at once on /login (its page is in the
 * entry), so that it renders with the first render, without the signed-in route table; after the
 * page's chunk on another public path; elsewhere after that table. Should a chunk fail, the router
 * without it shows the error screen (the page's render, or the table's patch, fails the same way).
 */
function useAppRouter(joinApi: JoinApi): { router?: AppRouter; publicPath: boolean } {
  const [publicPath] = useState(() => isPublicPath(window.location.pathname));
  // /login (its page is in the entry) gets its router with the first render.
  const [router, setRouter] = useState<AppRouter | undefined>(() =>
    isPublicPageReady(window.location.pathname, joinApi) ? createAppRouter(joinApi) : undefined,
  );
  // Asked for during the first render, not after it has been committed.
  const [firstScreen] = useState<Promise<RouteObject[] | undefined> | undefined>(() => {
    if (router) return undefined;
    return publicPath
      ? preloadPublicPage(window.location.pathname, joinApi).then(() => undefined)
      : loadSignedInRoutes(joinApi);
  });
  useEffect(() => {
    if (!firstScreen) return;
    let live = true;
    firstScreen.then(
      (signedIn) => live && setRouter(createAppRouter(joinApi, signedIn)),
      () => live && setRouter(createAppRouter(joinApi)),
    );
    return () => {
      live = false;
    };
  }, [firstScreen, joinApi]);
  return { router, publicPath };
}

export function App() {
  const { store, joinApi } = useAppStore();
  const { router, publicPath } = useAppRouter(joinApi);
  useEffect(() => {
    if (router) setNavigator((to) => void router.navigate(to));
  }, [router]);
  return (
    <Provider store={store}>
      <BrowserNotice>
        {router ? (
          <RouterProvider router={router} />
        ) : (
          // A public page's chunk is there in a moment: nothing, rather than a flash of this.
          !publicPath && <LoadingScreen label="Loading…" />
        )}
      </BrowserNotice>
      <ToastHost />
    </Provider>
  );
}
