/**
 * Test scenarios of the checks pages: what the list was asked, the overrides the seed cannot
 * give (MSW), and a render helper with every checks route and a toast container. Imported by the tests only.
 */
import { http } from 'msw';
import { onTestFinished } from 'vitest';
import { API } from '../../testing/msw/handlers';
import { recordJson } from '../../testing/msw/recordJson';
import { server } from '../../testing/msw/server';
import { renderRoutes } from '../../testing/renderRoutes';
import CheckDetailsPage from './CheckDetailsPage';
import ChecksPage from './ChecksPage';
import ConfigureCheckPage from './ConfigureCheckPage';
import ModelsPage from './ModelsPage';

/** The polls list's address, as the page asks for it. */
const POLLS = `${API}/api/polls/`;

/**
 * Every URL `GET /api/polls/` was asked in this test, as MSW saw it leave (its life-cycle events,
 * not a handler): the test's mock backend answers them.
 */
export function askedPolls(): URL[] {
  const seen: URL[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && `${url.origin}${url.pathname}` === POLLS) seen.push(url);
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return seen;
}

/**
 * An override of `GET /api/polls/` for what the seed cannot produce (a failure, a slow page):
 * `answer` gives the response, or nothing to let the test's mock backend answer (after a delay
 * it awaited, say).
 */
export function servePolls(
  answer: (url: URL) => Response | undefined | Promise<Response | undefined>,
) {
  server.use(http.get(POLLS, ({ request }) => answer(new URL(request.url))));
}

/** Records the bodies sent to a check action and answers them with `answer`. */
export const recordAction = recordJson;

/** Every checks route at `path`, in a fresh signed-in store, with toasts. */
export function renderChecks(path: string) {
  return renderRoutes(
    [
      { path: '/checks', element: <ChecksPage /> },
      { path: '/checks/configure_new', element: <ConfigureCheckPage /> },
      { path: '/checks/models', element: <ModelsPage /> },
      { path: '/checks/:pollId', element: <CheckDetailsPage /> },
    ],
    path,
  );
}
