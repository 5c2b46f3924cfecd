import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import type { TokenRefreshRequest, TokenRefreshResponse } from './contract/auth';
import { CSRF_COOKIE_NAME, CSRF_HEADER_NAME, getApiOrigin } from './config';
import { accessRefreshed, credentialsCleared, type CredentialsState } from './credentials';
import { handleRefusedRefresh } from './sessionExpiry';
import { readCookie } from '../shared/lib/cookies';

/** Every failed call becomes this one shape (spec §8). */
export interface ApiError {
  status: FetchBaseQueryError['status'];
  /** The parsed body: DRF's `{detail}` or `{field: [messages]}`, or text. */
  data?: unknown;
  statusText?: string;
  /** True when no toast may show: 401/403/404, or an endpoint that opted out. */
  silent: boolean;
}

export interface ApiExtraOptions {
  /** The endpoint handles its own failures: no error toast. */
  silent?: boolean;
}

type StateWithCredentials = { credentials: CredentialsState };

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SILENT_STATUSES = new Set<unknown>([401, 403, 404]);
export const TOKEN_REFRESH_PATH = '/api/auth/token/refresh/';

const rawQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  object,
  FetchBaseQueryMeta
> = (args, api, extraOptions) =>
  fetchBaseQuery({
    baseUrl: getApiOrigin(),
    credentials: 'include',
    prepareHeaders(headers, { getState, arg }) {
      const access = (getState() as StateWithCredentials).credentials.access;
      if (access && !headers.has('Authorization')) headers.set('Authorization', `JWT ${access}`);
      const method = (typeof arg === 'string' ? 'GET' : (arg.method ?? 'GET')).toUpperCase();
      const csrf = readCookie(CSRF_COOKIE_NAME);
      if (UNSAFE_METHODS.has(method) && csrf) headers.set(CSRF_HEADER_NAME, csrf);
      headers.set('Accept', 'application/json');
      return headers;
    },
  })(args, api, extraOptions);

/** One refresh at a time: every request that got a 401 meanwhile waits for the same one. */
let refreshInFlight: Promise<boolean> | null = null;

/**
 * The base query of spec §7 and §8: same origin, JSON, credentials, CSRF header on unsafe
 * methods, `Authorization: JWT`, one shared token refresh on 401 and one retry, one error shape.
 */
export const apiBaseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  ApiError,
  ApiExtraOptions,
  FetchBaseQueryMeta
> = async (args, api, extraOptions = {}) => {
  const tokenUsed = accessOf(api);
  let result = await rawQuery(args, api, {});

  if (result.error?.status === 401 && refreshTokenOf(api)) {
    const current = accessOf(api);
    const refreshed =
      current !== tokenUsed && current !== null
        ? true // another request refreshed while this one was in flight
        : await (refreshInFlight ??= refreshAccessToken(api).finally(() => {
            refreshInFlight = null;
          }));
    if (refreshed) result = await rawQuery(args, api, {});
  }

  if (result.error) {
    const status = result.error.status;
    const error: ApiError = {
      status,
      data: 'data' in result.error ? result.error.data : undefined,
      silent: Boolean(extraOptions.silent) || SILENT_STATUSES.has(status),
    };
    const statusText = result.meta?.response?.statusText;
    if (statusText) error.statusText = statusText;
    return { error, meta: result.meta };
  }
  return { data: result.data, meta: result.meta };
};

async function refreshAccessToken(api: BaseQueryApi): Promise<boolean> {
  const refresh = refreshTokenOf(api);
  if (!refresh) return false;
  const body: TokenRefreshRequest = { refresh };
  const result = await rawQuery({ url: TOKEN_REFRESH_PATH, method: 'POST', body }, api, {});
  if (result.data) {
    api.dispatch(accessRefreshed((result.data as TokenRefreshResponse).access));
    return true;
  }
  const status = result.error?.status;
  if (status === 401 || status === 400) {
    api.dispatch(credentialsCleared());
    handleRefusedRefresh();
  }
  return false;
}

function accessOf(api: BaseQueryApi): string | null {
  return (api.getState() as StateWithCredentials).credentials.access;
}

function refreshTokenOf(api: BaseQueryApi): string | null {
  return (api.getState() as StateWithCredentials).credentials.refresh;
}
