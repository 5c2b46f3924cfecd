import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '../features/auth/api';
import { bannerApi } from '../features/banner/api';
import { statsApi } from '../features/stats/api';
import { setNavigator } from '../shared/lib/navigation';
import { makeSignedInStore } from '../testing/makeStore';
import { API } from '../testing/msw/handlers';
import { TEST_USER } from '../testing/msw/fixtures';
import { server } from '../testing/msw/server';
import { baseApi } from './baseApi';
import { REDIRECT_TARGET_KEY, REFRESH_FAILED_KEY } from './sessionExpiry';

const SELF = `${API}/api/auth/self/`;
const BANNER = `${API}/api/admin_extensions/banner/`;

/** Django's 404 page with DEBUG off, as the backend (and the mock) answer an unknown route. */
const DJANGO_404 = `
<!doctype html>
<html lang="en">
<head>
  <title>Not Found</title>
</head>
<body>
  <h1>Not Found</h1><p>The requested resource was not found on this server.</p>
</body>
</html>
`;

/** Calls a path the way an endpoint would, slash or not, to see what the base query makes of it. */
const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probeRead: build.query<unknown, string>({ query: (url) => url }),
    probeWrite: build.mutation<unknown, { url: string; method: string }>({
      query: ({ url, method }) => ({ url, method, body: { statement: 'x' } }),
    }),
  }),
});
const REFRESH = `${API}/api/auth/token/refresh/`;

/** Answers 401 to every token but the fresh one, as the backend does after expiry. */
function selfRequiresFreshToken(seen: string[] = []) {
  return http.get(SELF, ({ request }) => {
    const auth = request.headers.get('Authorization') ?? '';
    seen.push(auth);
    if (auth !== 'JWT fresh-access') {
      return HttpResponse.json(
        { detail: 'Given token not valid', code: 'token_not_valid' },
        { status: 401 },
      );
    }
    return HttpResponse.json(TEST_USER);
  });
}

function countRefreshes(
  answer: () => Response = () => HttpResponse.json({ access: 'fresh-access' }),
) {
  const calls: unknown[] = [];
  server.use(
    http.post(REFRESH, async ({ request }) => {
      calls.push(await request.json());
      await new Promise((resolve) => setTimeout(resolve, 20));
      return answer();
    }),
  );
  return calls;
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
    let seen: Request | undefined;
    server.use(
      http.get(SELF, ({ request }) => {
        seen = request;
        return HttpResponse.json(TEST_USER);
      }),
    );
    const store = makeSignedInStore({ access: 'abc', refresh: 'r' });
    const user = await store.dispatch(authApi.endpoints.getCurrentUser.initiate()).unwrap();
    expect(user.name).toBe('Alex Morgan');
    expect(seen?.headers.get('Authorization')).toBe('JWT abc');
    expect(seen?.headers.get('Accept')).toBe('application/json');
    expect(seen?.credentials).toBe('include');
  });

  it('sends X-CSRFToken from the csrftoken cookie on unsafe methods only', async () => {
    document.cookie = 'csrftoken=csrf-123; path=/';
    const headers: Record<string, string | null> = {};
    server.use(
      http.post(`${API}/api/stats/`, ({ request }) => {
        headers.post = request.headers.get('X-CSRFToken');
        return HttpResponse.json(
          { id: 1, user_id: 1, created_at: '', data: { action: 'login' } },
          { status: 201 },
        );
      }),
      http.get(SELF, ({ request }) => {
        headers.get = request.headers.get('X-CSRFToken');
        return HttpResponse.json(TEST_USER);
      }),
    );
    const store = makeSignedInStore({ access: 'abc', refresh: 'r' });
    await store
      .dispatch(statsApi.endpoints.sendUserActionStats.initiate({ data: { action: 'login' } }))
      .unwrap();
    await store.dispatch(authApi.endpoints.getCurrentUser.initiate()).unwrap();
    expect(headers.post).toBe('csrf-123');
    expect(headers.get).toBeNull();
  });

  it('makes exactly one refresh for five concurrent 401s, then retries each once', async () => {
    const seen: string[] = [];
    server.use(selfRequiresFreshToken(seen));
    server.use(
      http.get(`${API}/api/admin_extensions/banner/`, ({ request }) =>
        request.headers.get('Authorization') === 'JWT fresh-access'
          ? HttpResponse.json({ html_text: '<p>Hi</p>' })
          : HttpResponse.json({ detail: 'expired', code: 'token_not_valid' }, { status: 401 }),
      ),
    );
    const refreshes = countRefreshes();
    const store = makeSignedInStore();
    const results = await Promise.all([
      store.dispatch(authApi.endpoints.getCurrentUser.initiate()),
      store.dispatch(authApi.endpoints.getCurrentUserWithPlatform.initiate()),
      store.dispatch(bannerApi.endpoints.getBanner.initiate()),
      store.dispatch(authApi.endpoints.getCurrentUser.initiate(undefined, { forceRefetch: true })),
      store.dispatch(
        authApi.endpoints.getCurrentUserWithPlatform.initiate(undefined, { forceRefetch: true }),
      ),
    ]);
    expect(refreshes).toEqual([{ refresh: 'good-refresh' }]);
    expect(results.every((result) => result.isSuccess)).toBe(true);
    expect(store.getState().credentials.access).toBe('fresh-access');
    expect(seen.filter((auth) => auth === 'JWT fresh-access').length).toBeGreaterThanOrEqual(2);
  });

  it('retries only once: a second 401 after a refresh fails without another refresh', async () => {
    server.use(
      http.get(SELF, () =>
        HttpResponse.json({ detail: 'no', code: 'token_not_valid' }, { status: 401 }),
      ),
    );
    const refreshes = countRefreshes();
    const store = makeSignedInStore();
    const result = await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(result.error).toMatchObject({ status: 401, silent: true });
    expect(refreshes).toHaveLength(1);
  });

  it('on a refused refresh clears the tokens, records failure and path, and goes to login', async () => {
    window.history.replaceState(null, '', '/checks?status=new');
    server.use(selfRequiresFreshToken());
    countRefreshes(() =>
      HttpResponse.json(
        { detail: 'Token is invalid or expired', code: 'token_not_valid' },
        { status: 401 },
      ),
    );
    const store = makeSignedInStore();
    await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
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
    server.use(selfRequiresFreshToken());
    countRefreshes(() =>
      HttpResponse.json({ detail: 'expired', code: 'token_not_valid' }, { status: 401 }),
    );
    const store = makeSignedInStore();
    await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(store.getState().credentials.refresh).toBeNull();
    expect(sessionStorage.getItem(REFRESH_FAILED_KEY)).toBe('true');
    expect(navigateSpy).not.toHaveBeenCalled();
  });

  it('answers a 204 with no body', async () => {
    const store = makeSignedInStore({ access: 'abc', refresh: 'r' });
    const result = await store.dispatch(authApi.endpoints.logout.initiate());
    expect(result).toEqual({ data: null });
    expect(store.getState().credentials).toEqual({ access: null, refresh: null });
  });
});

/**
 * Django's APPEND_SLASH: `/api/risks` answers 301 to `/api/risks/`, which lists. One handler for
 * both, as MSW matches a path with or without its trailing slash alike.
 */
function slashRedirect(onList: () => void = () => undefined) {
  return http.all(`${API}/api/risks`, ({ request }) => {
    if (new URL(request.url).pathname === '/api/risks')
      return new HttpResponse(null, { status: 301, headers: { Location: '/api/risks/' } });
    onList();
    return HttpResponse.json({ count: 0, next: null, previous: null, results: [] });
  });
}

describe('redirects, HTML pages and 405 (what a Django backend answers)', () => {
  function renderToasts() {
    render(<ToastContainer />);
  }

  it.each(['POST', 'PATCH', 'DELETE'])(
    'never follows a redirect of a %s: a 301 (APPEND_SLASH) is an error with a toast, not the list it lands on',
    async (method) => {
      renderToasts();
      let listed = false;
      server.use(slashRedirect(() => (listed = true)));
      const store = makeSignedInStore({ access: 'abc', refresh: 'r' });
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
      expect(listed).toBe(false);
      expect(
        await screen.findByText(/The server redirected .* \/api\/risks elsewhere/),
      ).toBeInTheDocument();
    },
  );

  it('follows a 301 of a GET to the slashed path, as Django means it', async () => {
    server.use(slashRedirect());
    const store = makeSignedInStore({ access: 'abc', refresh: 'r' });
    const result = await store.dispatch(probeApi.endpoints.probeRead.initiate('/api/risks'));
    expect(result.data).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it("takes Django's HTML 404 page as a 404 (no toast), its page as text", async () => {
    renderToasts();
    server.use(
      http.get(
        `${API}/api/no-such-thing/`,
        () =>
          new HttpResponse(DJANGO_404, { status: 404, headers: { 'Content-Type': 'text/html' } }),
      ),
    );
    const store = makeSignedInStore({ access: 'abc', refresh: 'r' });
    const result = await act(() =>
      store.dispatch(probeApi.endpoints.probeRead.initiate('/api/no-such-thing/')),
    );
    expect(result.error).toEqual({
      status: 404,
      data: DJANGO_404,
      statusText: 'Not Found',
      silent: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows an HTML error page in the toast as plain text, never as markup', async () => {
    renderToasts();
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
    const store = makeSignedInStore({ access: 'abc', refresh: 'r' });
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
    server.use(
      http.delete(`${API}/api/risks/`, () =>
        HttpResponse.json(
          { detail: 'Method "DELETE" not allowed.' },
          { status: 405, headers: { Allow: 'GET, POST, HEAD, OPTIONS' } },
        ),
      ),
    );
    const store = makeSignedInStore({ access: 'abc', refresh: 'r' });
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

  it.each([403, 404])('shows no toast for %i', async (status) => {
    renderToasts();
    server.use(
      http.get(`${API}/api/admin_extensions/banner/`, () =>
        HttpResponse.json({ detail: 'Hidden' }, { status }),
      ),
    );
    const store = makeSignedInStore({ access: 'abc', refresh: 'r' });
    const result = await act(() => store.dispatch(bannerApi.endpoints.getBanner.initiate()));
    expect(result.error).toMatchObject({ status, silent: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists DRF field errors by field in a persistent toast', async () => {
    renderToasts();
    server.use(
      http.get(`${API}/api/admin_extensions/banner/`, () =>
        HttpResponse.json(
          {
            index: ['You must specify check index.'],
            data: { action: ['"x" is not a valid choice.'] },
          },
          { status: 400 },
        ),
      ),
    );
    const store = makeSignedInStore({ access: 'abc', refresh: 'r' });
    await act(() => store.dispatch(bannerApi.endpoints.getBanner.initiate()));
    expect(await screen.findByText('Field "index":')).toBeInTheDocument();
    expect(screen.getByText('You must specify check index.')).toBeInTheDocument();
    expect(screen.getByText('Field "data.action":')).toBeInTheDocument();
    // persistent: no progress bar counting down
    expect(
      document.querySelector('.Toastify__progress-bar--error')?.getAttribute('aria-hidden'),
    ).not.toBe('false');
  });

  it('shows string values as sanitized HTML', async () => {
    renderToasts();
    server.use(
      http.get(`${API}/api/admin_extensions/banner/`, () =>
        HttpResponse.json(
          { detail: '<b>Server is busy</b><img src="x" onerror="alert(1)">' },
          { status: 503 },
        ),
      ),
    );
    const store = makeSignedInStore({ access: 'abc', refresh: 'r' });
    await act(() => store.dispatch(bannerApi.endpoints.getBanner.initiate()));
    const bold = await screen.findByText('Server is busy');
    expect(bold.tagName).toBe('B');
    expect(document.querySelector('[onerror]')).toBeNull();
  });

  it('says "Something went wrong" when the failure has no body', async () => {
    renderToasts();
    server.use(
      http.get(
        `${API}/api/admin_extensions/banner/`,
        () => new HttpResponse(null, { status: 500 }),
      ),
    );
    const store = makeSignedInStore({ access: 'abc', refresh: 'r' });
    const result = await act(() => store.dispatch(bannerApi.endpoints.getBanner.initiate()));
    expect(result.error).toMatchObject({ status: 500, silent: false });
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Please contact support team via email or chat')).toBeInTheDocument();
  });

  it('says "Something went wrong" on a network failure', async () => {
    renderToasts();
    server.use(http.get(`${API}/api/admin_extensions/banner/`, () => HttpResponse.error()));
    const store = makeSignedInStore({ access: 'abc', refresh: 'r' });
    await act(() => store.dispatch(bannerApi.endpoints.getBanner.initiate()));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });

  it('keeps quiet for an endpoint that opted out', async () => {
    renderToasts();
    server.use(
      http.post(`${API}/api/stats/`, () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })),
    );
    const store = makeSignedInStore({ access: 'abc', refresh: 'r' });
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
