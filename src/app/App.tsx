import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider, type RouteObject } from 'react-router';
import { BrowserNotice } from '../features/shell/BrowserNotice';
import { setNavigator } from '../shared/lib/navigation';
import { LoadingScreen } from '../shared/ui/LoadingScreen';
import { createAppRouter, isPublicPath, loadSignedInRoutes, preloadPublicPage } from './router';
import { setupStore } from './store';
import { ToastHost } from './ToastHost';
import '../shared/ui/tokens.css';
import '../shared/ui/base.css';

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * The router, made once the first screen's code is there: on a public path the page's chunk (which
 * index.html has already asked for), so that /login renders at once without the signed-in route
 * table; elsewhere that table. Should a chunk fail, the router without it shows the error screen
 * (the page's render, or the table's patch, fails the same way).
 */
function useAppRouter(): { router?: AppRouter; publicPath: boolean } {
  const [publicPath] = useState(() => isPublicPath(window.location.pathname));
  // Asked for during the first render, not after it has been committed.
  const [firstScreen] = useState<Promise<RouteObject[] | undefined>>(() =>
    publicPath
      ? preloadPublicPage(window.location.pathname).then(() => undefined)
      : loadSignedInRoutes(),
  );
  const [router, setRouter] = useState<AppRouter>();
  useEffect(() => {
    let live = true;
    firstScreen.then(
      (signedIn) => live && setRouter(createAppRouter(signedIn)),
      () => live && setRouter(createAppRouter()),
    );
    return () => {
      live = false;
    };
  }, [firstScreen]);
  return { router, publicPath };
}

export function App() {
  const [store] = useState(setupStore);
  const { router, publicPath } = useAppRouter();
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
