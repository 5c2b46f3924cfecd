import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { TooltipProvider } from '../shared/ui/Tooltip';
import { makeSignedInStore } from './makeStore';
import { currentMockBackend } from './mockBackend';

/**
 * A feature's `routes` at `path`, in a fresh signed-in store (as the test's mock backend's
 * persona when it started one, see mockBackend.ts), with toasts and tooltips (as the
 * app layout provides them); any path the routes
 * leave out renders "Elsewhere", so a test can follow a link out of the feature.
 */
export function renderRoutes(routes: RouteObject[], path: string, { toasts = true } = {}) {
  const store = makeSignedInStore(
    currentMockBackend()?.credentials ?? { access: 'fresh-access', refresh: 'good-refresh' },
  );
  const router = createMemoryRouter([...routes, { path: '*', element: <p>Elsewhere</p> }], {
    initialEntries: [path],
  });
  const view = render(
    <Provider store={store}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
      {toasts && <ToastContainer />}
    </Provider>,
  );
  return { ...view, store, router };
}

/**
 * One component at `path` (default `/`), as `renderRoutes` renders a feature's routes but without
 * the toast container: the shell pieces tested this way show no toasts.
 */
export function renderRoute(element: ReactNode, { path = '/' } = {}) {
  const pathname = path.split(/[?#]/)[0] || '/';
  return renderRoutes([{ path: pathname, element }], path, { toasts: false });
}

/** The router's current search params, for asserting what the URL holds. */
export const urlParams = (router: ReturnType<typeof renderRoutes>['router']) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));
