import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Paginated } from '../src/api/contract/drf';
import { createMockApp } from './app';
import { DJANGO_NOT_FOUND_PAGE } from './edge';
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

describe('validation texts and coercion (DRF serializers)', () => {
  const post = (session: SignedIn, url: string, body: unknown) =>
    call(session.app, 'post', url, session.headers, JSON.stringify(body));
  const patch = (session: SignedIn, url: string, body: unknown) =>
    call(session.app, 'patch', url, session.headers, JSON.stringify(body));
  const commitment = {
    title: 'Run a penetration test',
    description: 'By a third party.',
    owner_id: 3,
    due_date: '2027-03-31',
  };

  it('says "may not be null" for null in a required field, on every route', async () => {
    const admin = await signIn('admin');
    const before = JSON.stringify(admin.app.mock.db.getState());
    expect((await post(admin, '/api/risks/', { ...NEW_RISK, statement: null })).body).toEqual({
      statement: ['This field may not be null.'],
    });
    expect((await post(admin, '/api/risks/', { ...NEW_RISK, category: null })).body).toEqual({
      category: ['This field may not be null.'],
    });
    expect(
      (await post(admin, '/api/projects/1/commitments/', { ...commitment, title: null })).body,
    ).toEqual({ title: ['This field may not be null.'] });
    expect(
      (await post(admin, '/api/projects/1/commitments/', { ...commitment, due_date: null })).body,
    ).toEqual({ due_date: ['This field may not be null.'] });
    expect(
      (await post(admin, '/api/projects/1/team/', { person_id: null, role: 'developer' })).body
        .person_id,
    ).toEqual(['This field may not be null.']);
    expect((await patch(admin, '/api/projects/1/', { ada: null })).body).toEqual({
      ada: ['This field may not be null.'],
    });
    expect(JSON.stringify(admin.app.mock.db.getState())).toBe(before);
  });

  it('still says "required" for a field left out', async () => {
    const admin = await signIn('admin');
    const { statement: _left, ...rest } = NEW_RISK;
    expect((await post(admin, '/api/risks/', rest)).body).toEqual({
      statement: ['This field is required.'],
    });
  });

  it('says "Incorrect type" for a primary key that is not a number, "Invalid pk" for an unknown one', async () => {
    const admin = await signIn('admin');
    const before = JSON.stringify(admin.app.mock.db.getState());
    const cases: [string, object, string, string][] = [
      ['/api/risks/', NEW_RISK, 'owner_id', 'abc'],
      ['/api/risks/', NEW_RISK, 'scope_id', 'abc'],
      ['/api/projects/1/commitments/', commitment, 'owner_id', 'abc'],
    ];
    for (const [url, body, field, value] of cases) {
      const wrongType = await post(admin, url, { ...body, [field]: value });
      expect(wrongType.status, `${url} ${field}`).toBe(400);
      expect(wrongType.body, `${url} ${field}`).toEqual({
        [field]: ['Incorrect type. Expected pk value, received str.'],
      });
      const boolean = await post(admin, url, { ...body, [field]: true });
      expect(boolean.body, `${url} ${field}`).toEqual({
        [field]: ['Incorrect type. Expected pk value, received bool.'],
      });
      const unknown = await post(admin, url, { ...body, [field]: 999999 });
      expect(unknown.body, `${url} ${field}`).toEqual({
        [field]: ['Invalid pk "999999" - object does not exist.'],
      });
      const unknownText = await post(admin, url, { ...body, [field]: '999999' });
      expect(unknownText.body, `${url} ${field}`).toEqual({
        [field]: ['Invalid pk "999999" - object does not exist.'],
      });
    }
    expect(JSON.stringify(admin.app.mock.db.getState())).toBe(before);
  });

  it('reads a well-formed key written as text, as Django does', async () => {
    const owner = await signIn('risk_owner');
    const res = await post(owner, '/api/risks/', { ...NEW_RISK, owner_id: '8', scope_id: '1' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ owner: { id: 8 }, project: { id: 1 } });
  });

  it.each([
    ['post', '/api/risks/'],
    ['patch', '/api/projects/1/'],
    ['post', '/api/projects/1/commitments/'],
    ['post', '/api/risk-drafts/'],
    ['put', '/api/polls/1/report/'],
  ] as const)(
    '%s %s with a null body: 400 {"non_field_errors": ["No data provided"]}',
    async (method, url) => {
      const admin = await signIn('admin');
      const before = JSON.stringify(admin.app.mock.db.getState());
      const res = await call(admin.app, method, url, admin.headers, 'null');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ non_field_errors: ['No data provided'] });
      expect(JSON.stringify(admin.app.mock.db.getState())).toBe(before);
    },
  );

  it('names the type of any other body that is not an object', async () => {
    const admin = await signIn('admin');
    for (const [body, type] of [
      ['"text"', 'str'],
      ['7', 'int'],
      ['1.5', 'float'],
      ['true', 'bool'],
      ['[]', 'list'],
    ]) {
      const res = await call(admin.app, 'post', '/api/risks/', admin.headers, body);
      expect(res.status, body).toBe(400);
      expect(res.body, body).toEqual({
        non_field_errors: [`Invalid data. Expected a dictionary, but got ${type}.`],
      });
    }
  });

  it('stores a number sent for a text field as its text (CharField)', async () => {
    const admin = await signIn('admin');
    const risk = await post(admin, '/api/risks/', { ...NEW_RISK, statement: 12345 });
    expect(risk.status).toBe(201);
    expect(risk.body.statement).toBe('12345');
    const project = await patch(admin, '/api/projects/1/', { description: 42 });
    expect(project.status).toBe(200);
    expect(project.body.description).toBe('42');
    const created = await post(admin, '/api/projects/1/commitments/', {
      ...commitment,
      title: 2027,
      description: 1.5,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: '2027', description: '1.5' });
  });

  it('still refuses a boolean, a list or a dictionary for a text field', async () => {
    const admin = await signIn('admin');
    for (const value of [true, ['x'], { x: 1 }]) {
      const res = await post(admin, '/api/risks/', { ...NEW_RISK, statement: value });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statement: ['Not a valid string.'] });
    }
  });
});

describe('page links (PageNumberPagination)', () => {
  const queryOf = (link: string | null) => (link === null ? null : new URL(link).search);

  it.each(['/api/risks/', '/api/polls/', '/api/projects/', '/api/risk-action-requests/'])(
    "links page 1 of %s without `page`, other parameters kept in DRF's (sorted) order",
    async (url) => {
      const { app, auth } = await signIn('admin');
      const res = await call(app, 'get', `${url}?z=last&page=2&page_size=1&a=x%20y`, auth);
      expect(res.status).toBe(200);
      const body = res.body as Paginated<unknown>;
      expect(queryOf(body.previous)).toBe('?a=x+y&page_size=1&z=last');
      expect(new URL(body.previous!).pathname).toBe(url);
      if (body.count > 2) expect(queryOf(body.next)).toBe('?a=x+y&page=3&page_size=1&z=last');
    },
  );

  it('links page 2 from page 3 with `page=2`', async () => {
    const { app, auth } = await signIn('admin');
    const body = (await call(app, 'get', '/api/risks/?page=3&page_size=2', auth))
      .body as Paginated<unknown>;
    expect(queryOf(body.previous)).toBe('?page=2&page_size=2');
    expect(queryOf(body.next)).toBe('?page=4&page_size=2');
  });

  it.each(['/api/risks/', '/api/polls/', '/api/projects/'])(
    'answers ?page=last of %s with the last page',
    async (url) => {
      const { app, auth } = await signIn('admin');
      const first = (await call(app, 'get', `${url}?page_size=7`, auth)).body as Paginated<{
        id: number;
      }>;
      const lastNumber = Math.ceil(first.count / 7);
      const numbered = (await call(app, 'get', `${url}?page_size=7&page=${lastNumber}`, auth))
        .body as Paginated<{ id: number }>;
      const res = await call(app, 'get', `${url}?page_size=7&page=last`, auth);
      expect(res.status).toBe(200);
      const last = res.body as Paginated<{ id: number }>;
      expect(last.results).toEqual(numbered.results);
      expect(last.next).toBeNull();
      expect(queryOf(last.previous)).toBe(
        lastNumber - 1 === 1 ? '?page_size=7' : `?page=${lastNumber - 1}&page_size=7`,
      );
    },
  );

  it.each(['0', '-1', 'abc', '1e0', '1.0', 'LAST', '999999'])(
    'answers ?page=%s with 404 "Invalid page."',
    async (page) => {
      const { app, auth } = await signIn('admin');
      const res = await call(app, 'get', `/api/risks/?page=${page}`, auth);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Invalid page.' });
    },
  );
});
