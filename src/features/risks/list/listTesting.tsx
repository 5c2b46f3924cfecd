/**
 * Test scenarios of the risk lists: row builders, named server set-ups (MSW overrides) and a
 * render helper with the list route and a toast container. Imported by the tests only.
 */
import { render } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import type { CurrentUser } from '../../../api/contract/auth';
import type { Paginated } from '../../../api/contract/drf';
import type { DuplicatesGroup, RiskListItem, RiskScope } from '../../../api/contract/risks';
import { makeSignedInStore } from '../../../testing/makeStore';
import { TEST_USER } from '../../../testing/msw/fixtures';
import { API } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import RisksPage from '../RisksPage';

export const LUCIA = { id: 8, name: 'Lucia Romero', login: 'lromero' };
export const RAVI = { id: 5, name: 'Ravi Patel', login: 'rpatel' };
export const CLIENT = { id: 30, name: 'Dana Client', login: '' };

export function makeRisk(overrides: Partial<RiskListItem> = {}): RiskListItem {
  return {
    id: 1,
    kind: 'risk',
    level: 'project',
    scope: { id: 1, name: 'Apollo Portal', level: 'project' },
    project: { id: 1, name: 'Apollo Portal' },
    account: { id: 9, name: 'Acme' },
    statement: 'Key developer may leave before the release',
    category: 'people',
    status: 'open',
    resolution: null,
    probability: 'moderate',
    impact: 'high',
    rating: 'high',
    priority: null,
    severity: null,
    response_strategy: 'mitigate',
    owner: LUCIA,
    due_date: '2026-12-15',
    labels: ['staffing'],
    visibility_tags: ['steering'],
    duplicates_group: null,
    poll_id: null,
    created_at: '2026-10-01T09:00:00Z',
    updated_at: '2026-11-10T09:00:00Z',
    ...overrides,
  };
}

export function makeIssue(overrides: Partial<RiskListItem> = {}): RiskListItem {
  return makeRisk({
    kind: 'issue',
    probability: null,
    impact: null,
    rating: null,
    priority: 'high',
    severity: 'moderate',
    response_strategy: null,
    ...overrides,
  });
}

export const page = <T,>(results: T[]): Paginated<T> => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

export function signedInWith(permissions: string[]) {
  server.use(
    http.get(`${API}/api/auth/self/`, () =>
      HttpResponse.json({ ...TEST_USER, permissions } satisfies CurrentUser),
    ),
  );
}

/** Answers `GET /api/risks/` and records every URL it was asked. */
export function serveRisks(answer: RiskListItem[] | ((url: URL) => Response | RiskListItem[])) {
  const seen: URL[] = [];
  server.use(
    http.get(`${API}/api/risks/`, ({ request }) => {
      const url = new URL(request.url);
      seen.push(url);
      const body = typeof answer === 'function' ? answer(url) : answer;
      return body instanceof Response ? body : HttpResponse.json(page(body));
    }),
  );
  return seen;
}

/** `GET /api/risk-scopes/?level=&search=` over these scopes, by name. */
export function serveScopes(scopes: RiskScope[]) {
  server.use(
    http.get(`${API}/api/risk-scopes/`, ({ request }) => {
      const url = new URL(request.url);
      const level = url.searchParams.get('level');
      const term = url.searchParams.get('search')?.toLowerCase() ?? '';
      return HttpResponse.json(
        page(
          scopes.filter(
            (scope) => scope.level === level && scope.name.toLowerCase().includes(term),
          ),
        ),
      );
    }),
  );
}

export function serveDuplicates(answer: () => DuplicatesGroup[]) {
  const seen: URL[] = [];
  server.use(
    http.get(`${API}/api/risk-duplicates/`, ({ request }) => {
      seen.push(new URL(request.url));
      return HttpResponse.json(answer());
    }),
  );
  return seen;
}

/** Records the bodies POSTed to `path` and answers them with `answer`. */
export function recordPost(path: string, answer: (body: JsonBodyType) => Response) {
  const bodies: JsonBodyType[] = [];
  server.use(
    http.post(`${API}${path}`, async ({ request }) => {
      const body = (await request.json()) as JsonBodyType;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

/**
 * jsdom lays nothing out: give the table's scroll box a viewport, as a browser would, so the
 * virtualiser renders the first rows.
 */
export function giveTableLayout(height = 600) {
  const size = (dimension: number) => ({
    configurable: true,
    get(this: HTMLElement) {
      return this.classList?.contains('risk-table-scroll') ? dimension : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', size(height));
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', size(1200));
}

/** jsdom has no modal dialogs: open and close by attribute, as the browser would show them. */
export function polyfillDialog() {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

/** The risk list route at `path`, in a fresh signed-in store, with toasts. */
export function renderRisks(path: string) {
  const store = makeSignedInStore({ access: 'fresh-access', refresh: 'good-refresh' });
  const router = createMemoryRouter(
    [
      { path: '/risks', element: <RisksPage /> },
      { path: '/risks/:riskId', element: <p>Risk details</p> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
      <ToastContainer />
    </Provider>,
  );
  return { store, router };
}

/** The router's current search params, for asserting what the URL holds. */
export const urlParams = (router: ReturnType<typeof renderRisks>['router']) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));
