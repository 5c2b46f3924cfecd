import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/RequireAuth';
import { RouteErrorScreen } from '../features/errors/ErrorScreen';
import { AppLayout } from '../features/shell/AppLayout';

/** Loads a route module lazily; the page is a default export. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const area = (path: string): RouteObject => ({
  path: path.slice(1),
  lazy: async () => {
    const { AreaPage } = await import('../features/shell/AreaPage');
    return { Component: () => <AreaPage path={path} /> };
  },
});

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    children: [
      { path: 'login', lazy: page(() => import('../features/auth/LoginPage')) },
      { path: 'fake-auth', lazy: page(() => import('../features/auth/FakeAuthPage')) },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, lazy: page(() => import('../features/welcome/WelcomePage')) },
              { path: 'welcome', lazy: page(() => import('../features/welcome/WelcomePage')) },
              ...[
                '/projects',
                '/accounts',
                '/dashboard',
                '/risks',
                '/checks',
                '/project-checklists',
                '/calendar',
                '/planning',
                '/reports',
                '/notifications',
                '/overview',
                '/summary',
                '/outcomes',
              ].map(area),
              { path: '*', element: <RouteErrorScreen /> },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
