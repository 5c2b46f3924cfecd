/**
 * A render helper of the views across checks, with their three routes; the tests take their
 * answers from the mock backend (src/testing/mockBackend.ts). Imported by the tests only.
 */
import { renderRoutes } from '../../testing/renderRoutes';
import OutcomesPage from './OutcomesPage';
import OverviewsPage from './OverviewsPage';
import SummariesPage from './SummariesPage';

/** The three views at `path`, in a fresh signed-in store, with toasts. */
export function renderViews(path: string) {
  return renderRoutes(
    [
      { path: '/overview', element: <OverviewsPage /> },
      { path: '/summary', element: <SummariesPage /> },
      { path: '/outcomes', element: <OutcomesPage /> },
    ],
    path,
  );
}
