import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { BrowserNotice } from '../features/shell/BrowserNotice';
import { setNavigator } from '../shared/lib/navigation';
import { LoadingScreen } from '../shared/ui/LoadingScreen';
import { createAppRouter, isPublicPath, loadSignedInRoutes } from './router';
import { setupStore } from './store';
import { ToastHost } from './ToastHost';
import '../shared/ui/tokens.css';
import '../shared/ui/base.css';

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * The router, made at once on a public path (/login shows without the signed-in route table);
 * elsewhere made once that table has loaded. Should its chunk fail, the router without it shows
 * the error screen (its patch fails the same way).
 */
function useAppRouter(): AppRouter | undefined {
  // Asked for during the first render, not after it has been committed.
  const [signedInRoutes] = useState(() =>
    isPublicPath(window.location.pathname) ? undefined : loadSignedInRoutes(),
  );
  const [router, setRouter] = useState<AppRouter | undefined>(() =>
    signedInRoutes ? undefined : createAppRouter(),
  );
  useEffect(() => {
    if (!signedInRoutes) return;
    let live = true;
    signedInRoutes.then(
      (signedIn) => live && setRouter(createAppRouter(signedIn)),
      () => live && setRouter(createAppRouter()),
    );
    return () => {
      live = false;
    };
  }, [signedInRoutes]);
  return router;
}

export function App() {
  const [store] = useState(setupStore);
  const router = useAppRouter();
  useEffect(() => {
    if (router) setNavigator((to) => void router.navigate(to));
  }, [router]);
  return (
    <Provider store={store}>
      <BrowserNotice>
        {router ? <RouterProvider router={router} /> : <LoadingScreen label="Loading…" />}
      </BrowserNotice>
      <ToastHost />
    </Provider>
  );
}
