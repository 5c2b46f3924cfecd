import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createMockApp } from './app';
import { DJANGO_NOT_FOUND_PAGE } from './runtime/django';
import { NEW_RISK } from './areas/risks/testing';
import { signIn, type SignedIn } from './testing/signIn';

/**
 * The mock answers as the real backend (Django 3.2, DRF 3.14, simplejwt 5.2 with
 * AUTH_HEADER_TYPES = ('JWT',), PageNumberPagination, APPEND_SLASH, DEBUG off) does, with the
 * exact bodies and headers, on several routes each: the order and shape of refusals, URLs and
 * methods, validation texts and coercion, and page links.
 */

const NOT_PROVIDED = { detail: 'Authentication credentials were not provided.' };
const JWT_REALM = 'JWT realm="api"';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'options';

/** A call with whatever headers the case gives (none by default) and a JSON body. */
const call = (
  app: SignedIn['app'],
  method: Method,
  url: string,
  headers: Record<string, string> = {},
  body?: string,
) => {
  const pending = request(app)[method](url).set(headers);
  return body === undefined ? pending : pending.set('Content-Type', 'application/json').send(body);
};

const WRITES: [Method, string, string][] = [
  ['post', '/api/risks/', 'GET, POST, HEAD, OPTIONS'],
  ['patch', '/api/projects/1/', 'GET, PATCH, HEAD, OPTIONS'],
  ['delete', '/api/risk-drafts/1/', 'PATCH, DELETE, OPTIONS'],
  ['put', '/api/polls/1/report/', 'GET, PUT, HEAD, OPTIONS'],
  ['post', '/api/projects/1/commitments/', 'GET, POST, HEAD, OPTIONS'],
];

describe('authentication first, then CSRF (DRF with simplejwt)', () => {
  it.each(WRITES)(
    '%s %s without credentials is a 401 "not provided", with no code, before any CSRF check',
    async (method, url, allow) => {
      const app = createMockApp();
      const res = await call(app, method, url, {}, '{}');
      expect(res.status).toBe(401);
      expect(res.body).toEqual(NOT_PROVIDED);
      expect(res.headers['www-authenticate']).toBe(JWT_REALM);
      expect(res.headers.allow).toBe(allow);
    },
  );

  it('answers 401 "not provided" with a valid CSRF pair but no token', async () => {
    const { app, csrfCookie, csrfToken } = await signIn('admin');
    const res = await call(app, 'post', '/api/risks/', {
      Cookie: csrfCookie,
      'X-CSRFToken': csrfToken,
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_PROVIDED);
  });

  it.each(['JWT', 'JWT ', 'JWT a b', 'JWT\ta\tb'])(
    'answers simplejwt\'s bad_authorization_header to "Authorization: %s"',
    async (header) => {
      const app = createMockApp();
      for (const [method, url] of [
        ['get', '/api/auth/self/'],
        ['post', '/api/risks/'],
      ] as const) {
        const res = await call(app, method, url, { Authorization: header });
        expect(res.status, url).toBe(401);
        expect(res.body, url).toEqual({
          detail: 'Authorization header must contain two space-delimited values',
          code: 'bad_authorization_header',
        });
        expect(res.headers['www-authenticate'], url).toBe(JWT_REALM);
      }
    },
  );

  it.each(['Bearer abc', 'jwt abc', 'Token abc'])(
    'takes "Authorization: %s" (another scheme) as no credentials',
    async (header) => {
      const res = await call(createMockApp(), 'get', '/api/risks/', { Authorization: header });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(NOT_PROVIDED);
    },
  );

  it('answers "Token has wrong type" to an access token at the refresh endpoint', async () => {
    const { app, access, headers } = await signIn('pm');
    const res = await call(
      app,
      'post',
      '/api/auth/token/refresh/',
      headers,
      `{"refresh":"${access}"}`,
    );
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Token has wrong type', code: 'token_not_valid' });
    expect(res.headers['www-authenticate']).toBe(JWT_REALM);
  });

  it('answers "Token has wrong type" in messages to a refresh token sent as the access', async () => {
    const { app, refresh } = await signIn('pm');
    const res = await call(app, 'get', '/api/auth/self/', { Authorization: `JWT ${refresh}` });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      detail: 'Given token not valid for any token type',
      code: 'token_not_valid',
      messages: [
        { token_class: 'AccessToken', token_type: 'access', message: 'Token has wrong type' },
      ],
    });
  });

  it.each(WRITES)(
    'still requires X-CSRFToken on %s %s once authenticated (403)',
    async (method, url) => {
      const { app, auth, csrfCookie } = await signIn('admin');
      const noCookie = await call(app, method, url, auth, '{}');
      expect(noCookie.status).toBe(403);
      expect(noCookie.body).toEqual({ detail: 'CSRF Failed: CSRF cookie not set.' });
      const noHeader = await call(app, method, url, { ...auth, Cookie: csrfCookie }, '{}');
      expect(noHeader.status).toBe(403);
      expect(noHeader.body).toEqual({ detail: 'CSRF Failed: CSRF token missing or incorrect.' });
    },
  );
});

describe('URLs: APPEND_SLASH and unknown routes (Django)', () => {
  it.each([
    ['get', '/api/risks', '/api/risks/'],
    ['get', '/api/risks?page=2&page_size=5', '/api/risks/?page=2&page_size=5'],
    ['post', '/api/risks', '/api/risks/'],
    ['patch', '/api/projects/1', '/api/projects/1/'],
    ['delete', '/api/risk-drafts/1?x=%20y', '/api/risk-drafts/1/?x=%20y'],
    ['get', '/api/projects/1/history', '/api/projects/1/history/'],
  ] as const)('%s %s is a 301 to %s, before authentication', async (method, url, location) => {
    const res = await call(createMockApp(), method, url);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(location);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-length']).toBe('0');
    expect(res.text).toBe('');
  });

  it.each([
    '/api/no-such-thing/',
    '/api/no-such-thing',
    '/api/risks/1/nothing/',
    '/api/projects/1/history/x/',
    '/api/',
  ])("answers %s with Django's HTML 404 page, signed in or not", async (url) => {
    const { app, auth } = await signIn('admin');
    for (const headers of [auth, {}]) {
      const res = await call(app, 'get', url, headers);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe('text/html');
      expect(res.text).toBe(DJANGO_NOT_FOUND_PAGE);
      expect(res.text).toContain(
        '<h1>Not Found</h1><p>The requested resource was not found on this server.</p>',
      );
      expect(res.headers.allow).toBeUndefined();
    }
  });

  it("keeps DRF's JSON 404 for an unknown record of a known route", async () => {
    const { app, auth } = await signIn('admin');
    const res = await call(app, 'get', '/api/risks/999999/', auth);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found.' });
    expect(res.headers.allow).toBe('GET, PATCH, HEAD, OPTIONS');
  });
});

describe('methods: 405, Allow on every answer, OPTIONS metadata (DRF)', () => {
  it.each([
    ['delete', '/api/risks/', 'GET, POST, HEAD, OPTIONS'],
    ['put', '/api/risks/1/', 'GET, PATCH, HEAD, OPTIONS'],
    ['post', '/api/auth/self/', 'GET, HEAD, OPTIONS'],
    ['delete', '/api/projects/', 'GET, HEAD, OPTIONS'],
    ['get', '/api/auth/logout/', 'DELETE, OPTIONS'],
  ] as const)('%s %s is a 405 naming the method, Allow: %s', async (method, url, allow) => {
    const { app, headers } = await signIn('admin');
    const res = await call(app, method, url, headers);
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ detail: `Method "${method.toUpperCase()}" not allowed.` });
    expect(res.headers.allow).toBe(allow);
  });

  it('sends Allow with a 200, a 201, a 400, a 403 and a 404 of a route', async () => {
    const admin = await signIn('admin');
    const viewer = await signIn('viewer', { app: admin.app });
    const list = 'GET, POST, HEAD, OPTIONS';
    const answers = [
      [await call(admin.app, 'get', '/api/risks/', admin.auth), 200, list],
      [
        await call(admin.app, 'post', '/api/risks/', admin.headers, JSON.stringify(NEW_RISK)),
        201,
        list,
      ],
      [await call(admin.app, 'post', '/api/risks/', admin.headers, '{}'), 400, list],
      [
        await call(viewer.app, 'post', '/api/risks/', viewer.headers, JSON.stringify(NEW_RISK)),
        403,
        list,
      ],
      [await call(admin.app, 'get', '/api/polls/999999/', admin.auth), 404, 'GET, HEAD, OPTIONS'],
      [await call(admin.app, 'get', '/api/risks/similar/', admin.auth), 400, 'GET, HEAD, OPTIONS'],
    ] as const;
    for (const [res, status, allow] of answers) {
      expect(res.status, String(status)).toBe(status);
      expect(res.headers.allow, String(status)).toBe(allow);
    }
  });

  it.each([
    [
      '/api/risks/',
      {
        name: 'Risks',
        description: '',
        renders: ['application/json'],
        parses: ['application/json'],
        actions: { POST: {} },
      },
      'GET, POST, HEAD, OPTIONS',
    ],
    [
      '/api/risks/1/',
      {
        name: 'Risks Instance',
        description: '',
        renders: ['application/json'],
        parses: ['application/json'],
      },
      'GET, PATCH, HEAD, OPTIONS',
    ],
    [
      '/api/risks/1/comments/',
      {
        name: 'Comments',
        description: '',
        renders: ['application/json'],
        parses: ['application/json', 'multipart/form-data'],
        actions: { POST: {} },
      },
      'GET, POST, HEAD, OPTIONS',
    ],
    [
      '/api/polls/1/report/',
      {
        name: 'Report',
        description: '',
        renders: ['application/json'],
        parses: ['application/json'],
        actions: { PUT: {} },
      },
      'GET, PUT, HEAD, OPTIONS',
    ],
    [
      '/api/auth/self/',
      {
        name: 'Self',
        description: '',
        renders: ['application/json'],
        parses: ['application/json'],
      },
      'GET, HEAD, OPTIONS',
    ],
  ])('answers OPTIONS %s with DRF metadata', async (url, metadata, allow) => {
    const { app, auth } = await signIn('admin');
    const res = await call(app, 'options', url, auth);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual(metadata);
    expect(res.headers.allow).toBe(allow);
  });

  it('answers OPTIONS without credentials 401, as DRF authenticates it too', async () => {
    const res = await call(createMockApp(), 'options', '/api/risks/');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_PROVIDED);
  });
});
