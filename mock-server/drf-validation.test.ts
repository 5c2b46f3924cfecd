import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Paginated } from '../src/api/contract/drf';
import { NEW_RISK } from './areas/risks/testing';
import { signIn, type SignedIn } from './testing/signIn';

/**
 * The mock answers as the real backend (Django 3.2, DRF 3.14, simplejwt 5.2 with
 * AUTH_HEADER_TYPES = ('JWT',), PageNumberPagination, APPEND_SLASH, DEBUG off) does, with the
 * exact bodies and headers, on several routes each: the order and shape of refusals, URLs and
 * methods, validation texts and coercion, and page links.
 */

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
