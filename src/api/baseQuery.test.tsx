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
import { REDIRECT_TARGET_KEY, REFRESH_FAILED_KEY } from './sessionExpiry';

const SELF = `${API}/api/auth/self/`;
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
