import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseApi } from '../api/baseApi';
import { authApi } from '../features/auth/api';
import { API } from '../testing/msw/handlers';
import { useMockBackend } from '../testing/mockBackend';
import { server } from '../testing/msw/server';
import { joinApi } from './apiJoin';
import { createBootStore } from './bootStore';

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
  afterEach(() => vi.useRealTimers());

  it('starts without the API, then refreshes an expired token once and keeps the fresh one', async () => {
    // The mock backend's token pair (src/testing/mockBackend.ts), and its clock 301 s on: the
    // access token has run out, so `self` answers simplejwt's 401 until the refresh.
    const backend = await useMockBackend('pm');
    const refreshes: unknown[] = [];
    server.use(
      http.post(REFRESH, async ({ request }) => {
        refreshes.push(await request.clone().json());
        return undefined;
      }),
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 301_000);
    const boot = createBootStore({ credentials: backend.credentials });
    expect(boot.getState()).not.toHaveProperty('api');
    const store = joinApi(boot);
    const user = await store.dispatch(authApi.endpoints.getCurrentUser.initiate()).unwrap();
    expect(user.name).toBe('Priya Nair');
    expect(refreshes).toEqual([{ refresh: backend.credentials.refresh }]);
    expect(store.getState().api.queries).not.toEqual({});
    const fresh = store.getState().credentials.access;
    expect(fresh).not.toBe(backend.credentials.access);
    expect(JSON.parse(localStorage.getItem('pep.credentials') ?? '{}')).toEqual({
      access: fresh,
      refresh: backend.credentials.refresh,
    });
  }, 60_000);

  it('shows one persistent error toast for a failed call, however often it joins', async () => {
    render(<ToastContainer />);
    let calls = 0;
    // An override: a 500 the mock backend never answers.
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
