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
    const joinApi = () =>
      (joining ??= loadChunk(() => import('./apiJoin')).then(
        ({ joinApi }) => {
          joinApi(store);
        },
        (error: unknown) => {
          // The next screen that needs the API asks for its chunk again.
          joining = undefined;
          throw error;
        },
      ));
    return { store, joinApi };
  });
  return app;
}

/**
 * The router, made once the first screen's code is there: on a public path the page's chunk (which
 * index.html has already asked for), so that /login renders at once without the signed-in route
 * table; elsewhere that table. Should a chunk fail, the router without it shows the error screen
 * (the page's render, or the table's patch, fails the same way).
 */
function useAppRouter(joinApi: JoinApi): { router?: AppRouter; publicPath: boolean } {
  const [publicPath] = useState(() => isPublicPath(window.location.pathname));
  // Asked for during the first render, not after it has been committed.
  const [firstScreen] = useState<Promise<RouteObject[] | undefined>>(() =>
    publicPath
      ? preloadPublicPage(window.location.pathname, joinApi).then(() => undefined)
      : loadSignedInRoutes(joinApi),
  );
  const [router, setRouter] = useState<AppRouter>();
  useEffect(() => {
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
