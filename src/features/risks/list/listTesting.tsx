import { giveRegionLayout } from '../../../testing/jsdom';
/**
 * Test scenarios of the risk lists: row builders, named server set-ups (MSW overrides) and a
 * render helper with the list route and a toast container. Imported by the tests only.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { DuplicatesGroup, RiskListItem, RiskScope } from '../../../api/contract/risks';
import { page } from '../../../testing/msw/drf';
import { API } from '../../../testing/msw/handlers';
import { recordJson } from '../../../testing/msw/recordJson';
import { TEST_RISK_ROW } from '../../../testing/msw/riskFixtures';
import { answerList, answerSummary } from './registerTesting';
import { server } from '../../../testing/msw/server';
import { renderRoutes } from '../../../testing/renderRoutes';
import RisksPage from '../RisksPage';

export const RAVI = { id: 5, name: 'Ravi Patel', login: 'rpatel' };
export const CLIENT = { id: 30, name: 'Dana Client', login: '' };

/** A row of the list: the test risk with these changes. */
export function makeRisk(overrides: Partial<RiskListItem> = {}): RiskListItem {
  return { ...TEST_RISK_ROW, ...overrides };
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

/**
 * Answers `GET /api/risks/` and `GET /api/risks/summary/` by query over these rows (or over what
 * `answer` gives for the URL, or its Response as it is), and records every list URL it was asked.
 */
export function serveRisks(answer: RiskListItem[] | ((url: URL) => Response | RiskListItem[])) {
  const seen: URL[] = [];
  const rowsFor = (url: URL) => (typeof answer === 'function' ? answer(url) : answer);
  server.use(
    http.get(`${API}/api/risks/summary/`, ({ request }) => {
      const url = new URL(request.url);
      const rows = rowsFor(url);
      return rows instanceof Response ? rows : answerSummary(rows, url);
    }),
    http.get(`${API}/api/risks/`, ({ request }) => {
      const url = new URL(request.url);
      seen.push(url);
      const rows = rowsFor(url);
      return rows instanceof Response ? rows : answerList(rows, url);
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
  return recordJson('post', path, answer);
}

/** The risk list's scroll box gets a viewport, so the virtualiser renders the first rows. */
export const giveTableLayout = (height = 600) => giveRegionLayout('risk-table-caption', height);

/** The risk list route at `path`, in a fresh signed-in store, with toasts. */
export function renderRisks(path: string) {
  return renderRoutes(
    [
      { path: '/risks', element: <RisksPage /> },
      { path: '/risks/:riskId', element: <p>Risk details</p> },
    ],
    path,
  );
}
