/**
 * Test scenarios of the checks pages: data builders, named server set-ups (MSW overrides) and a
 * render helper with every checks route and a toast container. Imported by the tests only.
 */
import { http, HttpResponse } from 'msw';
import type { Paginated } from '../../api/contract/drf';
import type { PollListItem } from '../../api/contract/polls';
import { API } from '../../testing/msw/handlers';
import { MEI } from '../../testing/msw/pollFixtures';
import { recordJson } from '../../testing/msw/recordJson';
import { server } from '../../testing/msw/server';
import { renderRoutes } from '../../testing/renderRoutes';
import CheckDetailsPage from './CheckDetailsPage';
import ChecksPage from './ChecksPage';
import ConfigureCheckPage from './ConfigureCheckPage';
import ModelsPage from './ModelsPage';

export function makePollListItem(overrides: Partial<PollListItem> = {}): PollListItem {
  return {
    id: 1,
    status: 'started',
    type: 'health_check',
    model: 'sdo',
    index: 'HC_1',
    project: { id: 3, name: 'Apollo Portal' },
    account: { name: 'Acme' },
    main_expert: MEI,
    progress: 40,
    created_at: '2026-11-01T10:00:00Z',
    due_date: '2026-12-01',
    finished_at: null,
    is_invalid: false,
    ...overrides,
  };
}

/**
 * Records every URL `GET /api/polls/` was asked; `answer` answers it (a page, a failure, a slow
 * page), else, or when it gives nothing, the test's mock backend does.
 */
export function servePolls(
  answer?: (
    url: URL,
  ) =>
    | Paginated<PollListItem>
    | Response
    | undefined
    | Promise<Paginated<PollListItem> | Response | undefined>,
) {
  const seen: URL[] = [];
  server.use(
    http.get(`${API}/api/polls/`, async ({ request }) => {
      const url = new URL(request.url);
      seen.push(url);
      const body = await answer?.(url);
      return body === undefined || body instanceof Response ? body : HttpResponse.json(body);
    }),
  );
  return seen;
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
