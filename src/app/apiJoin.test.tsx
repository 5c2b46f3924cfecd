import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { baseApi } from '../api/baseApi';
import { authApi } from '../features/auth/api';
import { API } from '../testing/msw/handlers';
import { TEST_USER } from '../testing/msw/fixtures';
import { server } from '../testing/msw/server';
import { joinApi } from './apiJoin';
import { createBootStore } from './bootStore';

const SELF = `${API}/api/auth/self/`;
const REFRESH = `${API}/api/auth/token/refresh/`;

/** A read that does not opt out of the error toast (the current user's does). */
const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probeRisks: build.query<unknown, void>({ query: () => '/api/risks/' }),
  }),
});

/** The store as /login starts it: the tokens of an earlier session, no API yet. */
const bootStore = () =>
  createBootStore({ credentials: { access: 'stale-access', refresh: 'good-refresh' } });

describe('the API joining the boot store', () => {
  it('starts without the API, then refreshes an expired token once and keeps the fresh one', async () => {
    const refreshes: unknown[] = [];
    server.use(
      http.get(SELF, ({ request }) =>
        request.headers.get('Authorization') === 'JWT fresh-access'
          ? HttpResponse.json(TEST_USER)
          : HttpResponse.json({ detail: 'expired', code: 'token_not_valid' }, { status: 401 }),
      ),
      http.post(REFRESH, async ({ request }) => {
        refreshes.push(await request.json());
        return HttpResponse.json({ access: 'fresh-access' });
      }),
    );
    const boot = bootStore();
    expect(boot.getState()).not.toHaveProperty('api');
    const store = joinApi(boot);
    const user = await store.dispatch(authApi.endpoints.getCurrentUser.initiate()).unwrap();
    expect(user.name).toBe(TEST_USER.name);
    expect(refreshes).toEqual([{ refresh: 'good-refresh' }]);
    expect(store.getState().api.queries).not.toEqual({});
    expect(JSON.parse(localStorage.getItem('pep.credentials') ?? '{}')).toEqual({
      access: 'fresh-access',
      refresh: 'good-refresh',
    });
  });

  it('shows one persistent error toast for a failed call, however often it joins', async () => {
    render(<ToastContainer />);
    let calls = 0;
    server.use(
      http.get(`${API}/api/risks/`, () => {
        calls += 1;
        return HttpResponse.json({ detail: 'The service is down.' }, { status: 500 });
      }),
    );
    const boot = bootStore();
    joinApi(boot);
    const store = joinApi(boot);
    const result = await act(() => store.dispatch(probeApi.endpoints.probeRisks.initiate()));
    expect(result.error).toMatchObject({ status: 500, silent: false });
    expect(await screen.findByText('The service is down.')).toBeInTheDocument();
    expect(screen.getAllByText('The service is down.')).toHaveLength(1);
    expect(calls).toBe(1);
  });
});
