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

const methodOf = (args: string | FetchArgs) =>
  (typeof args === 'string' ? 'GET' : (args.method ?? 'GET')).toUpperCase();

/**
 * A browser follows a 301 or 302 of a POST as a GET of the new address: a write sent to a path
 * Django redirects (APPEND_SLASH) would come back as the list it lands on, with 200. Writes
 * therefore never follow a redirect; the base query reports it instead.
 */
const withoutRedirects = (args: string | FetchArgs): string | FetchArgs =>
  typeof args !== 'string' && UNSAFE_METHODS.has(methodOf(args))
    ? { ...args, redirect: 'manual' }
    : args;

/** A redirect answer: seen as such outside a browser, as an opaque one (status 0) inside one. */
const isRedirect = (response: Response | undefined) =>
  response !== undefined &&
  (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400));

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
      const method = methodOf(arg as string | FetchArgs);
      const csrf = readCookie(CSRF_COOKIE_NAME);
      if (UNSAFE_METHODS.has(method) && csrf) headers.set(CSRF_HEADER_NAME, csrf);
      headers.set('Accept', 'application/json');
      return headers;
    },
  })(withoutRedirects(args), api, extraOptions);

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
    const { status, data } = answerOf(result.error);
    const redirected = isRedirect(result.meta?.response);
    const error: ApiError = redirected
      ? {
          status: 'CUSTOM_ERROR',
          data: `The server redirected ${methodOf(args)} ${urlOf(args)} elsewhere instead of answering it: the change was not made.`,
          silent: Boolean(extraOptions.silent),
        }
      : {
          status,
          data,
          silent: Boolean(extraOptions.silent) || SILENT_STATUSES.has(status),
        };
    const statusText = result.meta?.response?.statusText;
    if (statusText) error.statusText = statusText;
    return { error, meta: result.meta };
  }
  return { data: result.data, meta: result.meta };
};

const urlOf = (args: string | FetchArgs) => (typeof args === 'string' ? args : args.url);

/**
 * The status and body of a failure. A body that is not JSON (Django's HTML 404 page, a proxy's
 * error page) keeps its HTTP status and comes as its text: an HTML 404 is a 404 (no toast), an
 * HTML 500 a 500 whose toast shows the page as text.
 */
function answerOf(error: FetchBaseQueryError): Pick<ApiError, 'status' | 'data'> {
  if (
    error.status === 'PARSING_ERROR' &&
    (error.originalStatus < 200 || error.originalStatus > 299)
  )
    return { status: error.originalStatus, data: error.data };
  return { status: error.status, data: 'data' in error ? error.data : undefined };
}

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
