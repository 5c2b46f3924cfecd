import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeSignedInStore } from './makeStore';

/** Renders `element` at `path` inside a signed-in store and a memory router. */
export function renderRoute(element: ReactNode, { path = '/', pattern = '*' } = {}) {
  const store = makeSignedInStore({ access: 'fresh-access', refresh: 'good-refresh' });
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: '/elsewhere', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router };
}
