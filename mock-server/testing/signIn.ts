import request from 'supertest';
import type { CurrentUser, FakeAuthResponse } from '../../src/api/contract/auth';
import { createMockApp, type MockApp, type MockAppOptions } from '../app';
import { CSRF_COOKIE } from '../auth/middleware';

export interface SignedIn {
  app: MockApp;
  access: string;
  refresh: string;
  user: CurrentUser;
  /** The csrftoken value fake-auth set. */
  csrfToken: string;
  /** `csrftoken=<value>`, ready for a Cookie header. */
  csrfCookie: string;
  /** For safe calls: the JWT header only. */
  auth: { Authorization: string };
  /** For unsafe calls: JWT header, the csrftoken cookie and the matching X-CSRFToken header. */
  headers: { Authorization: string; Cookie: string; 'X-CSRFToken': string };
}

export interface SignInOptions extends MockAppOptions {
  /** Sign in on this app instead of creating a new in-memory one. */
  app?: MockApp;
}

/** The `csrftoken=<value>` pair of a response's Set-Cookie header, if it set one. */
export function csrfCookieOf(setCookie: string | string[] | undefined): string | undefined {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const pair = cookies
    .map((cookie) => cookie.split(';')[0]?.trim() ?? '')
    .find((cookiePair) => cookiePair.startsWith(`${CSRF_COOKIE}=`));
  return pair && pair.length > CSRF_COOKIE.length + 1 ? pair : undefined;
}

/** Creates an app (in memory unless `dataFile` is given) and signs in as a persona via fake-auth. */
export async function signIn(persona = 'admin', options: SignInOptions = {}): Promise<SignedIn> {
  const { app: existing, ...appOptions } = options;
  const app = existing ?? createMockApp(appOptions);
  const res = await request(app).post('/api/auth/fake-auth/').send({ persona });
  if (res.status !== 200) {
    throw new Error(`fake-auth as ${persona} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  const csrfCookie = csrfCookieOf(res.headers['set-cookie']);
  if (!csrfCookie) throw new Error(`fake-auth as ${persona} set no ${CSRF_COOKIE} cookie`);
  const csrfToken = csrfCookie.slice(CSRF_COOKIE.length + 1);
  const body = res.body as FakeAuthResponse;
  const Authorization = `JWT ${body.access}`;
  return {
    app,
    access: body.access,
    refresh: body.refresh,
    user: body.user,
    csrfToken,
    csrfCookie,
    auth: { Authorization },
    headers: { Authorization, Cookie: csrfCookie, 'X-CSRFToken': csrfToken },
  };
}
