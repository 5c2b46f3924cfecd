/**
 * Test scenarios of the create and detail pages: risk builders, named server set-ups (MSW
 * overrides) and a render helper with their routes and a toast container. Imported by tests only.
 */
import { render } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import type { CurrentUser } from '../../../api/contract/auth';
import type { Paginated } from '../../../api/contract/drf';
import type {
  ActionItem,
  HistoryEntry,
  Risk,
  RiskComment,
  RiskDraft,
  RiskScope,
  SimilarRisk,
} from '../../../api/contract/risks';
import { makeSignedInStore } from '../../../testing/makeStore';
import { TEST_USER } from '../../../testing/msw/fixtures';
import { API } from '../../../testing/msw/handlers';
import { server } from '../../../testing/msw/server';
import CreateRiskPage from '../CreateRiskPage';
import RiskDetailPage from '../RiskDetailPage';

export const LUCIA = { id: 8, name: 'Lucia Romero', login: 'lromero' };
export const PRIYA = { id: 2, name: 'Priya Nair', login: 'pnair' };
export const GRACE = { id: 10, name: 'Grace Thompson', login: '' };
export const APOLLO: RiskScope = { id: 1, name: 'Apollo Portal', level: 'project' };

/** Every spec §6 flag of a risk owner on an open risk. */
export const OWNER_FLAGS = [
  'CAN_VIEW_RISK',
  'CAN_EDIT_RISK',
  'CAN_EDIT_RISK_STATEMENT',
  'CAN_EDIT_RISK_PROBABILITY',
  'CAN_EDIT_RISK_IMPACT',
  'CAN_EDIT_RISK_RESPONSE_STRATEGY',
  'CAN_EDIT_RISK_DUE_DATE',
  'CAN_EDIT_RISK_LABEL',
  'CAN_EDIT_RISK_INFORMED_PEOPLE',
  'CAN_EDIT_RISK_COMMUNICATION_WITH_CLIENT',
  'CAN_EDIT_RISK_ACTION_PLAN',
  'CAN_EDIT_RISK_RESOLUTION',
  'CAN_EDIT_RISK_TRANSFER_TAB',
  'CAN_EDIT_RISK_AWARENESS',
  'CAN_REOPEN_RISK',
  'CAN_PROPAGATE_RISK',
  'CAN_DELEGATE_RISK',
  'CAN_ESCALATE_RISK',
];

export function makeRisk(overrides: Partial<Risk> = {}): Risk {
  return {
    id: 1,
    kind: 'risk',
    level: 'project',
    scope: APOLLO,
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
    description: 'The only engineer who knows the payment integration has an offer elsewhere.',
    response_decision: null,
    client_communication: '',
    resolution_comment: '',
    informed: [PRIYA],
    created_by: LUCIA,
    awareness_raised: false,
    shared_with: [],
    transfer: null,
    action_items_count: 1,
    comments_count: 1,
    user_permissions: OWNER_FLAGS,
    ...overrides,
  };
}

export const page = <T,>(results: T[]): Paginated<T> => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

export function signedInAs(user: Partial<CurrentUser>) {
  server.use(
    http.get(`${API}/api/auth/self/`, () =>
      HttpResponse.json({ ...TEST_USER, ...user } satisfies CurrentUser),
    ),
  );
}

/** The risk and everything its tabs load. */
export function serveRisk(
  risk: Risk,
  more: {
    items?: ActionItem[];
    comments?: RiskComment[];
    history?: HistoryEntry[];
  } = {},
) {
  server.use(
    http.get(`${API}/api/risks/${risk.id}/`, () => HttpResponse.json(risk)),
    http.get(`${API}/api/risks/${risk.id}/action-items/`, () =>
      HttpResponse.json(more.items ?? []),
    ),
    http.get(`${API}/api/risks/${risk.id}/comments/`, () => HttpResponse.json(more.comments ?? [])),
    http.get(`${API}/api/risks/${risk.id}/history/`, () => HttpResponse.json(more.history ?? [])),
  );
}

/** Scopes, people, drafts and likely duplicates for the create page; records the similar calls. */
export function serveCreatePage({
  drafts = [],
  similar = [],
}: { drafts?: RiskDraft[]; similar?: SimilarRisk[] } = {}) {
  const similarCalls: URL[] = [];
  server.use(
    http.get(`${API}/api/risk-scopes/`, ({ request }) => {
      const term = new URL(request.url).searchParams.get('search')?.toLowerCase() ?? '';
      return HttpResponse.json(page([APOLLO].filter((s) => s.name.toLowerCase().includes(term))));
    }),
    http.get(`${API}/api/users/`, () => HttpResponse.json(page([LUCIA, PRIYA, GRACE]))),
    http.get(`${API}/api/risk-drafts/`, () => HttpResponse.json(drafts)),
    http.get(`${API}/api/risks/similar/`, ({ request }) => {
      similarCalls.push(new URL(request.url));
      return HttpResponse.json(similar);
    }),
  );
  return { similarCalls };
}

/** Records the JSON bodies sent to `path` and answers each with `answer`. */
export function recordJson(
  method: 'post' | 'patch',
  path: string,
  answer: (body: JsonBodyType) => Response,
) {
  const bodies: JsonBodyType[] = [];
  server.use(
    http[method](`${API}${path}`, async ({ request }) => {
      const body = (await request.json()) as JsonBodyType;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
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

/** The create and detail routes at `path`, in a fresh signed-in store, with toasts. */
export function renderRiskRoute(path: string) {
  const store = makeSignedInStore({ access: 'fresh-access', refresh: 'good-refresh' });
  const router = createMemoryRouter(
    [
      { path: '/risks/:riskId', element: <RiskDetailPage /> },
      { path: '/create-risk/:riskType', element: <CreateRiskPage /> },
      { path: '/create-issue/:riskType', element: <CreateRiskPage /> },
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
