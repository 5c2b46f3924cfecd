import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '../features/auth/api';
import { bannerApi } from '../features/banner/api';
import { statsApi } from '../features/stats/api';
import { setNavigator } from '../shared/lib/navigation';
import { makeSignedInStore } from '../testing/makeStore';
import { DJANGO_NOT_FOUND_PAGE, useMockBackend, type MockBackend } from '../testing/mockBackend';
import { API } from '../testing/msw/handlers';
import { server } from '../testing/msw/server';
import { baseApi } from './baseApi';
import { REDIRECT_TARGET_KEY, REFRESH_FAILED_KEY } from './sessionExpiry';

const SELF = `${API}/api/auth/self/`;
const BANNER = `${API}/api/admin_extensions/banner/`;
const REFRESH = `${API}/api/auth/token/refresh/`;

/** Calls a path the way an endpoint would, slash or not, to see what the base query makes of it. */
const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probeRead: build.query<unknown, string>({ query: (url) => url }),
    probeWrite: build.mutation<unknown, { url: string; method: string; body?: unknown }>({
      query: ({ url, method, body = { statement: 'x' } }) => ({ url, method, body }),
    }),
  }),
});

/**
 * The mock backend answers (src/testing/mockBackend.ts) as `admin`, signed in by fake-auth: its
 * DRF edge refuses an access token past its 300 s life with simplejwt's 401, the tokens of a
 * session signed out elsewhere the same way (its refresh too), a write without the CSRF cookie with Django's 403, a path without its
 * slash with APPEND_SLASH's 301, an unknown path with Django's HTML 404, a method the view does
 * not take with DRF's 405. Overrides stay for what it never answers: a 500, a dropped
 * connection, a 401 to a token it has just issued.
 */
let backend: MockBackend;
// The seed is built once per worker (seconds on two busy cores): before the first test's clock.
beforeAll(() => useMockBackend(), 60_000);
beforeEach(async () => {
  backend = await useMockBackend('admin');
});
afterEach(() => {
  vi.useRealTimers();
  server.events.removeAllListeners();
});

/** The store signed in with the backend's token pair, as after fake-auth. */
const signedInStore = () => makeSignedInStore(backend.credentials);

/** The mock's clock (`Date`) moves on: past 300 s the access token has run out. */
function later(seconds: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + seconds * 1000);
}

/**
 * Records the refresh calls; each goes on to the mock after 20 ms (a slow refresh, so that the
 * other calls' 401s arrive while it is on its way).
 */
function countRefreshes() {
  const calls: unknown[] = [];
  server.use(
    http.post(REFRESH, async ({ request }) => {
      calls.push(await request.clone().json());
      await new Promise((resolve) => setTimeout(resolve, 20));
      return undefined;
    }),
  );
  return calls;
}

/**
 * The session ends elsewhere (a sign-out in another tab): the mock refuses its access token and
 * its refresh token from now on, with simplejwt's 401.
 */
async function signedOutElsewhere() {
  const csrf = /csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? '';
  const answer = await fetch(`${API}/api/auth/logout/`, {
    method: 'DELETE',
    headers: { Authorization: `JWT ${backend.credentials.access}`, 'X-CSRFToken': csrf },
  });
  expect(answer.status).toBe(204);
}

/** The requests as sent, with their method, path and headers. */
function recordRequests() {
  const sent: Request[] = [];
  server.events.on('request:start', ({ request }) => sent.push(request));
  return sent;
}

describe('apiBaseQuery', () => {
  const navigateSpy = vi.fn();
  beforeEach(() => {
    setNavigator(navigateSpy);
    navigateSpy.mockReset();
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => setNavigator(() => undefined));

  it('calls the same origin with JSON, credentials and the JWT header', async () => {
    const sent = recordRequests();
    const store = signedInStore();
    const user = await store.dispatch(authApi.endpoints.getCurrentUser.initiate()).unwrap();
    expect(user.name).toBe('Alex Morgan');
    const seen = sent.find((request) => request.url === SELF);
    expect(seen?.headers.get('Authorization')).toBe(`JWT ${backend.credentials.access}`);
    expect(seen?.headers.get('Accept')).toBe('application/json');
    expect(seen?.credentials).toBe('include');
  });

  it('sends X-CSRFToken from the csrftoken cookie on unsafe methods only', async () => {
    const csrf = /csrftoken=([^;]+)/.exec(document.cookie)?.[1];
    expect(csrf).toBeTruthy();
    const sent = recordRequests();
    const store = signedInStore();
    await store
      .dispatch(statsApi.endpoints.sendUserActionStats.initiate({ data: { action: 'login' } }))
      .unwrap();
    await store.dispatch(authApi.endpoints.getCurrentUser.initiate()).unwrap();
    // The mock took the write: its CSRF check passed.
    expect(backend.state().stats.at(-1)).toMatchObject({ user_id: 1, data: { action: 'login' } });
    expect(sent.find((request) => request.method === 'POST')?.headers.get('X-CSRFToken')).toBe(
      csrf,
    );
    expect(sent.find((request) => request.url === SELF)?.headers.get('X-CSRFToken')).toBeNull();
  });

  it("without the CSRF cookie a write gets Django's 403 and changes nothing", async () => {
    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const store = signedInStore();
    const result = await store.dispatch(
      probeApi.endpoints.probeWrite.initiate({
        url: '/api/stats/',
        method: 'POST',
        body: { data: { action: 'login' } },
      }),
    );
    expect(result).toMatchObject({
      error: { status: 403, data: { detail: 'CSRF Failed: CSRF cookie not set.' } },
    });
    expect(backend.state().stats).toEqual([]);
  });

  it('makes exactly one refresh for five concurrent 401s, then retries each once', async () => {
    const sent = recordRequests();
    const refreshes = countRefreshes();
    later(301);
    const store = signedInStore();
    const results = await Promise.all([
      store.dispatch(authApi.endpoints.getCurrentUser.initiate()),
      store.dispatch(authApi.endpoints.getCurrentUserWithPlatform.initiate()),
      store.dispatch(bannerApi.endpoints.getBanner.initiate()),
      store.dispatch(authApi.endpoints.getCurrentUser.initiate(undefined, { forceRefetch: true })),
      store.dispatch(
        authApi.endpoints.getCurrentUserWithPlatform.initiate(undefined, { forceRefetch: true }),
      ),
    ]);
    expect(refreshes).toEqual([{ refresh: backend.credentials.refresh }]);
    expect(results.every((result) => result.isSuccess)).toBe(true);
    const fresh = store.getState().credentials.access;
    expect(fresh).not.toBe(backend.credentials.access);
    expect(
      sent.filter((request) => request.headers.get('Authorization') === `JWT ${fresh}`).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('retries only once: a second 401 after a refresh fails without another refresh', async () => {
    // An override: the mock accepts the token it has just issued; a backend that refuses even
    // that one must not make the client refresh again and again.
    server.use(
      http.get(SELF, () =>
        HttpResponse.json({ detail: 'no', code: 'token_not_valid' }, { status: 401 }),
      ),
    );
    const refreshes = countRefreshes();
    const store = signedInStore();
    const result = await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(result.error).toMatchObject({ status: 401, silent: true });
    expect(refreshes).toHaveLength(1);
  });

  it('on a refused refresh clears the tokens, records failure and path, and goes to login', async () => {
    window.history.replaceState(null, '', '/checks?status=new');
    const refreshes = countRefreshes();
    await signedOutElsewhere();
    const store = signedInStore();
    await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(refreshes).toHaveLength(1);
    expect(store.getState().credentials).toEqual({ access: null, refresh: null });
    expect(localStorage.getItem('pep.credentials')).toBeNull();
    expect(sessionStorage.getItem(REFRESH_FAILED_KEY)).toBe('true');
    expect(sessionStorage.getItem(REDIRECT_TARGET_KEY)).toBe('/checks?status=new');
    expect(navigateSpy).toHaveBeenCalledWith('/login?redirectTo=%2Fchecks%3Fstatus%3Dnew');
  });

  it.each([
    ['the root', '/', null],
    ['the login screen', '/login?redirectTo=%2Fx', null],
    ['a target already recorded', '/risks', '/risks'],
  ])('does not redirect from %s', async (_name, path, recorded) => {
    window.history.replaceState(null, '', path);
    if (recorded) sessionStorage.setItem(REDIRECT_TARGET_KEY, recorded);
    await signedOutElsewhere();
    const store = signedInStore();
    await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(store.getState().credentials.refresh).toBeNull();
    expect(sessionStorage.getItem(REFRESH_FAILED_KEY)).toBe('true');
    expect(navigateSpy).not.toHaveBeenCalled();
  });

  it('answers a 204 with no body', async () => {
    const store = signedInStore();
    const result = await store.dispatch(authApi.endpoints.logout.initiate());
    expect(result).toEqual({ data: null });
    expect(store.getState().credentials).toEqual({ access: null, refresh: null });
    // The mock ended the session: its refresh token is refused from now on.
    expect(backend.state().revokedSessions).toHaveLength(1);
  });
});

describe('redirects, HTML pages and 405 (what a Django backend answers)', () => {
  function renderToasts() {
    render(<ToastContainer />);
  }

  it.each(['POST', 'PATCH', 'DELETE'])(
    'never follows a redirect of a %s: a 301 (APPEND_SLASH) is an error with a toast, not the list it lands on',
    async (method) => {
      renderToasts();
      const sent = recordRequests();
      const store = signedInStore();
      const result = await act(() =>
        store.dispatch(probeApi.endpoints.probeWrite.initiate({ url: '/api/risks', method })),
      );
      expect(result).toMatchObject({
        error: {
          status: 'CUSTOM_ERROR',
          silent: false,
          data: `The server redirected ${method} /api/risks elsewhere instead of answering it: the change was not made.`,
        },
      });
      // The mock answered APPEND_SLASH's 301; nothing went on to the list it points at.
      expect(sent.map((request) => new URL(request.url).pathname)).toEqual(['/api/risks']);
      expect(
        await screen.findByText(/The server redirected .* \/api\/risks elsewhere/),
      ).toBeInTheDocument();
    },
  );

  it('follows a 301 of a GET to the slashed path, as Django means it', async () => {
    const store = signedInStore();
    const result = await store.dispatch(
      probeApi.endpoints.probeRead.initiate('/api/risks?level=project&scope=1&page_size=3'),
    );
    expect(result.data).toMatchObject({ results: [{}, {}, {}] });
    expect(result.data).toHaveProperty('count');
  });

  it("takes Django's HTML 404 page as a 404 (no toast), its page as text", async () => {
    renderToasts();
    const store = signedInStore();
    const result = await act(() =>
      store.dispatch(probeApi.endpoints.probeRead.initiate('/api/no-such-thing/')),
    );
    expect(result.error).toEqual({
      status: 404,
      data: DJANGO_NOT_FOUND_PAGE,
      statusText: 'Not Found',
      silent: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows an HTML error page in the toast as plain text, never as markup', async () => {
    renderToasts();
    // An override: a 500 the mock never answers.
    server.use(
      http.get(
        BANNER,
        () =>
          new HttpResponse(
            '<!doctype html><html><head><title>Server Error</title></head><body><h1>Server Error (500)</h1><script>window.pwned = true</script><img src="x" onerror="window.pwned = true"></body></html>',
            { status: 500, headers: { 'Content-Type': 'text/html' } },
          ),
      ),
    );
    const store = signedInStore();
    const result = await act(() => store.dispatch(bannerApi.endpoints.getBanner.initiate()));
    expect(result.error).toMatchObject({ status: 500, silent: false });
    const text = await screen.findByText('Server Error (500)');
    expect(text.tagName).toBe('P');
    const toast = text.closest('.Toastify__toast')!;
    expect(toast.querySelector('h1, script, img, title')).toBeNull();
    expect(toast).not.toHaveTextContent(/pwned|<h1>/);
  });

  it("shows DRF's 405 detail in a toast", async () => {
    renderToasts();
    // The register takes GET and POST: the mock's DRF answers a DELETE with 405.
    const store = signedInStore();
    const result = await act(() =>
      store.dispatch(
        probeApi.endpoints.probeWrite.initiate({ url: '/api/risks/', method: 'DELETE' }),
      ),
    );
    expect(result).toMatchObject({
      error: { status: 405, silent: false, data: { detail: 'Method "DELETE" not allowed.' } },
    });
    expect(await screen.findByText('Method "DELETE" not allowed.')).toBeInTheDocument();
  });
});

describe('error toasts', () => {
  function renderToasts() {
    render(<ToastContainer />);
  }

  it.each([
    // pm may not read the audit outcomes; risk 999999 does not exist.
    [403, '/api/check-outcomes/'],
    [404, '/api/risks/999999/'],
  ])('shows no toast for %i', async (status, path) => {
    backend = await useMockBackend('pm');
    renderToasts();
    const store = signedInStore();
    const result = await act(() => store.dispatch(probeApi.endpoints.probeRead.initiate(path)));
    expect(result.error).toMatchObject({ status, silent: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists DRF field errors by field in a persistent toast', async () => {
    renderToasts();
    const store = signedInStore();
    // The mock's serializers: a risk without kind or level, an event of no known action.
    await act(() =>
      store.dispatch(
        probeApi.endpoints.probeWrite.initiate({ url: '/api/risks/', method: 'POST', body: {} }),
      ),
    );
    await act(() =>
      store.dispatch(
        probeApi.endpoints.probeWrite.initiate({
          url: '/api/stats/',
          method: 'POST',
          body: { data: { action: 'x' } },
        }),
      ),
    );
    expect(await screen.findByText('Field "kind":')).toBeInTheDocument();
    expect(screen.getByText('Field "level":')).toBeInTheDocument();
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    expect(await screen.findByText('Field "data.action":')).toBeInTheDocument();
    expect(screen.getByText('"x" is not a valid choice.')).toBeInTheDocument();
    // persistent: no progress bar counting down
    expect(
      document.querySelector('.Toastify__progress-bar--error')?.getAttribute('aria-hidden'),
    ).not.toBe('false');
  });

  it('shows string values as sanitized HTML', async () => {
    renderToasts();
    // An override: a 503 the mock never answers.
    server.use(
      http.get(BANNER, () =>
        HttpResponse.json(
          { detail: '<b>Server is busy</b><img src="x" onerror="alert(1)">' },
          { status: 503 },
        ),
      ),
    );
    const store = signedInStore();
    await act(() => store.dispatch(bannerApi.endpoints.getBanner.initiate()));
    const bold = await screen.findByText('Server is busy');
    expect(bold.tagName).toBe('B');
    expect(document.querySelector('[onerror]')).toBeNull();
  });

  it('says "Something went wrong" when the failure has no body', async () => {
    renderToasts();
    // An override: a 500 the mock never answers.
    server.use(http.get(BANNER, () => new HttpResponse(null, { status: 500 })));
    const store = signedInStore();
    const result = await act(() => store.dispatch(bannerApi.endpoints.getBanner.initiate()));
    expect(result.error).toMatchObject({ status: 500, silent: false });
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Please contact support team via email or chat')).toBeInTheDocument();
  });

  it('says "Something went wrong" on a network failure', async () => {
    renderToasts();
    // An override: a dropped connection.
    server.use(http.get(BANNER, () => HttpResponse.error()));
    const store = signedInStore();
    await act(() => store.dispatch(bannerApi.endpoints.getBanner.initiate()));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });

  it('keeps quiet for an endpoint that opted out', async () => {
    renderToasts();
    // An override: a 500 the mock never answers.
    server.use(
      http.post(`${API}/api/stats/`, () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })),
    );
    const store = signedInStore();
    const result = await act(() =>
      store.dispatch(
        statsApi.endpoints.sendUserActionStats.initiate({ data: { action: 'logout' } }),
      ),
    );
    expect(result.error).toMatchObject({ status: 500, silent: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Boom')).not.toBeInTheDocument();
  });
});
