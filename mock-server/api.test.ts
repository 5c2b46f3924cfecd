import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import banner from '../fixtures/banner.json' with { type: 'json' };
import type { Paginated } from '../src/api/contract/drf';
import type { AccountListItem, ProjectListItem } from '../src/api/contract/directory';
import { createMockApp, type MockApp } from './app';
import { buildSeed } from './seed/seed';
import { signIn, type SignedIn } from './testing/signIn';

const SEED = buildSeed();

describe('GET /api/admin_extensions/banner/', () => {
  it('answers {html_text} holding the fixture HTML with a link', async () => {
    const { app, auth } = await signIn('viewer');
    const res = await request(app).get('/api/admin_extensions/banner/').set(auth);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body as object)).toEqual(['html_text']);
    expect(res.body.html_text).toContain('<a href');
    expect(res.body.html_text).toBe(banner.html_text);
  });

  it('answers 401 without credentials', async () => {
    const res = await request(createMockApp()).get('/api/admin_extensions/banner/');
    expect(res.status).toBe(401);
    expect(res.body.detail).toEqual(expect.any(String));
  });
});

describe('POST /api/stats/', () => {
  const STATS = '/api/stats/';

  it('answers 405 to other methods, as a create-only DRF view does', async () => {
    const { app, auth } = await signIn('pm');
    const res = await request(app).get(STATS).set(auth);
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ detail: 'Method "GET" not allowed.' });
  });

  it('answers 201 with the stored record and keeps it in the store', async () => {
    const { app, headers, user } = await signIn('pm');
    const res = await request(app)
      .post(STATS)
      .set(headers)
      .send({ data: { action: 'login' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: 1,
      user_id: user.id,
      created_at: expect.any(String),
      data: { action: 'login' },
    });
    expect(new Date(res.body.created_at as string).toISOString()).toBe(res.body.created_at);
    expect(app.mock.db.getState().stats).toEqual([res.body]);
  });

  it('accepts an event with every optional field and numbers the records one after another', async () => {
    const { app, headers } = await signIn('admin');
    const event = {
      action: 'page_navigation',
      action_detail: 'from dashboard',
      id: 1,
      project_id: 3,
      business_line_id: null,
      business_segment_id: 4,
      account_id: 5,
      selected_object_id: 6,
      tab: 'x'.repeat(200),
      newMetrics: true,
      current_value: 'a',
      previous_value: 2,
    };
    const first = await request(app)
      .post(STATS)
      .set(headers)
      .send({ data: { action: 'login' } });
    const second = await request(app).post(STATS).set(headers).send({ data: event });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id + 1);
    expect(second.body.data).toEqual(event);
    expect(app.mock.db.getState().stats.map((record) => record.data)).toEqual([
      { action: 'login' },
      event,
    ]);
  });

  describe('rejects a malformed event with 400 and stores nothing', () => {
    let signedIn: SignedIn;
    beforeAll(async () => {
      signedIn = await signIn('pm');
      // One record already there, so "unchanged" is not just "still empty".
      const seeded = await request(signedIn.app)
        .post(STATS)
        .set(signedIn.headers)
        .send({ data: { action: 'logout' } });
      expect(seeded.status).toBe(201);
    });

    async function expectRejected(send: (app: MockApp) => request.Test, expected: unknown) {
      const before = structuredClone(signedIn.app.mock.db.readState().stats);
      const res = await send(signedIn.app);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(expected);
      expect(signedIn.app.mock.db.getState().stats).toEqual(before);
      expect(before).toHaveLength(1);
    }

    const post = (body: unknown) => (app: MockApp) =>
      request(app)
        .post(STATS)
        .set(signedIn.headers)
        .send(body as object);

    it('body not an object', async () => {
      await expectRejected(post([{ action: 'login' }]), {
        non_field_errors: ['Invalid data. Expected a dictionary, but got list.'],
      });
    });

    it('missing data', async () => {
      await expectRejected(post({ action: 'login' }), { data: ['This field is required.'] });
    });

    it('data not an object', async () => {
      await expectRejected(post({ data: 'login' }), {
        data: ['Invalid data. Expected a dictionary, but got str.'],
      });
    });

    it('missing action', async () => {
      await expectRejected(post({ data: { tab: 'x' } }), {
        data: { action: ['This field is required.'] },
      });
    });

    it('unknown action', async () => {
      await expectRejected(post({ data: { action: 'fly' } }), {
        data: { action: ['"fly" is not a valid choice.'] },
      });
    });

    it('id not an integer', async () => {
      await expectRejected(post({ data: { action: 'login', id: 1.5, project_id: '7' } }), {
        data: {
          id: ['A valid integer is required.'],
          project_id: ['A valid integer is required.'],
        },
      });
    });

    it('tab longer than 200 characters', async () => {
      await expectRejected(post({ data: { action: 'login_to_tab', tab: 'x'.repeat(201) } }), {
        data: { tab: ['Ensure this field has no more than 200 characters.'] },
      });
    });

    it('unknown field', async () => {
      await expectRejected(post({ data: { action: 'login', colour: 'red' } }), {
        data: { colour: ['Unknown field.'] },
      });
    });

    it('every problem at once, as a DRF serializer reports them', async () => {
      await expectRejected(post({ data: { id: 'one', newMetrics: 'yes', tab: [5] } }), {
        data: {
          action: ['This field is required.'],
          id: ['A valid integer is required.'],
          tab: ['Not a valid string.'],
          newMetrics: ['Must be a valid boolean.'],
        },
      });
    });

    it('malformed JSON', async () => {
      await expectRejected(
        (app) =>
          request(app)
            .post(STATS)
            .set(signedIn.headers)
            .set('Content-Type', 'application/json')
            .send('{"data": {"action": "login"}'),
        { detail: expect.stringMatching(/^JSON parse error - /) as unknown },
      );
    });
  });

  it('answers 403 without the CSRF header and stores nothing', async () => {
    const { app, auth, csrfCookie } = await signIn('pm');
    const res = await request(app)
      .post(STATS)
      .set(auth)
      .set('Cookie', csrfCookie)
      .send({ data: { action: 'login' } });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/^CSRF Failed: /);
    expect(app.mock.db.getState().stats).toEqual([]);
  });

  it('answers 401 without credentials and stores nothing', async () => {
    const { app, csrfCookie, csrfToken } = await signIn('pm');
    const res = await request(app)
      .post(STATS)
      .set('Cookie', csrfCookie)
      .set('X-CSRFToken', csrfToken)
      .send({ data: { action: 'login' } });
    expect(res.status).toBe(401);
    expect(app.mock.db.getState().stats).toEqual([]);
  });

  it('does not serve GET /api/stats/ (404 or 405, never 500)', async () => {
    const { app, auth } = await signIn('admin');
    const res = await request(app).get(STATS).set(auth);
    expect([404, 405]).toContain(res.status);
    expect(res.body.detail).toEqual(expect.any(String));
  });
});

/** Lists are read at their DRF shape; `T` is the item type. */
function page<T>(body: unknown): Paginated<T> {
  const paged = body as Paginated<T>;
  expect(Object.keys(paged).sort()).toEqual(['count', 'next', 'previous', 'results']);
  return paged;
}

function linkQuery(link: string | null): Record<string, string> | null {
  if (link === null) return null;
  const url = new URL(link);
  return Object.fromEntries(url.searchParams);
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

describe('GET /api/projects/', () => {
  let signedIn: SignedIn;
  beforeAll(async () => {
    signedIn = await signIn('pm');
  });
  const get = (url: string) => request(signedIn.app).get(url).set(signedIn.auth);

  it('answers the first page of 20 with count 240, a next link and previous null', async () => {
    const res = await get('/api/projects/');
    expect(res.status).toBe(200);
    const body = page<ProjectListItem>(res.body);
    expect(body.count).toBe(240);
    expect(body.previous).toBeNull();
    expect(new URL(body.next ?? '').pathname).toBe('/api/projects/');
    expect(linkQuery(body.next)).toEqual({ page: '2' });
    expect(body.results).toEqual(SEED.projects.slice(0, 20));
  });

  it('answers page=2&page_size=5 with projects 6..10 and links either side', async () => {
    const res = await get('/api/projects/?page=2&page_size=5');
    expect(res.status).toBe(200);
    const body = page<ProjectListItem>(res.body);
    expect(body.count).toBe(240);
    expect(body.results.map((project) => project.id)).toEqual([6, 7, 8, 9, 10]);
    expect(linkQuery(body.next)).toEqual({ page: '3', page_size: '5' });
    // DRF links page 1 without `page`.
    expect(linkQuery(body.previous)).toEqual({ page_size: '5' });
  });

  it('answers the last page with next null', async () => {
    const res = await get('/api/projects/?page=12');
    expect(res.status).toBe(200);
    const body = page<ProjectListItem>(res.body);
    expect(body.next).toBeNull();
    expect(linkQuery(body.previous)).toEqual({ page: '11' });
    expect(body.results.map((project) => project.id)).toEqual(
      Array.from({ length: 20 }, (_, index) => 221 + index),
    );
  });

  it('sorts by name with ordering=name, across pages', async () => {
    const sorted = SEED.projects.map((project) => project.name).sort(compareStrings);
    const first = page<ProjectListItem>((await get('/api/projects/?ordering=name')).body);
    expect(first.results.map((project) => project.name)).toEqual(sorted.slice(0, 20));
    expect(linkQuery(first.next)).toEqual({ ordering: 'name', page: '2' });
    const nextUrl = new URL(first.next ?? '');
    const second = page<ProjectListItem>((await get(nextUrl.pathname + nextUrl.search)).body);
    expect(second.results.map((project) => project.name)).toEqual(sorted.slice(20, 40));
  });

  it('sorts by name descending with ordering=-name', async () => {
    const sorted = SEED.projects
      .map((project) => project.name)
      .sort(compareStrings)
      .reverse();
    const res = await get('/api/projects/?ordering=-name&page_size=1000');
    const body = page<ProjectListItem>(res.body);
    expect(body.count).toBe(240);
    expect(body.results.map((project) => project.name)).toEqual(sorted);
  });

  it('filters with search: every result holds the term in some field and the count shrinks', async () => {
    const term = 'Nordics';
    const res = await get(`/api/projects/?search=${term}&page_size=1000`);
    expect(res.status).toBe(200);
    const body = page<ProjectListItem>(res.body);
    const holdsTerm = (project: ProjectListItem) =>
      Object.values(project).some((value) =>
        String(value).toLowerCase().includes(term.toLowerCase()),
      );
    expect(body.count).toBeGreaterThan(0);
    expect(body.count).toBeLessThan(240);
    expect(body.results).toHaveLength(body.count);
    expect(body.results.every(holdsTerm)).toBe(true);
    // Nothing that matches is left out.
    expect(body.results).toEqual(SEED.projects.filter(holdsTerm));
  });

  it('pages through search results with the search kept in the links', async () => {
    const all = page<ProjectListItem>((await get('/api/projects/?search=nordics')).body);
    expect(all.count).toBeGreaterThan(20);
    expect(linkQuery(all.next)).toEqual({ search: 'nordics', page: '2' });
  });

  it('answers an empty page 1 when search matches nothing', async () => {
    const res = await get('/api/projects/?search=zzqxzzqx');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('answers 404 {detail: "Invalid page."} to page=0', async () => {
    const res = await get('/api/projects/?page=0');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Invalid page.' });
  });

  it('answers 404 {detail: "Invalid page."} to page=abc', async () => {
    const res = await get('/api/projects/?page=abc');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Invalid page.' });
  });

  it('answers 404 {detail: "Invalid page."} to a page beyond the last', async () => {
    const res = await get('/api/projects/?page=13');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Invalid page.' });
    const small = await get('/api/projects/?page=49&page_size=5');
    expect(small.status).toBe(404);
  });

  it('answers one project at /api/projects/3/', async () => {
    const res = await get('/api/projects/3/');
    expect(res.status).toBe(200);
    // The card's detail: the directory row's facts, and where the project sits.
    expect(res.body).toMatchObject({
      id: 3,
      name: SEED.projects[2]!.name,
      account: { id: SEED.projects[2]!.account_id, name: SEED.projects[2]!.account_name },
      high_ownership: SEED.projects[2]!.high_ownership,
    });
  });

  it('answers 404 {detail: "Not found."} to /api/projects/99999/', async () => {
    const res = await get('/api/projects/99999/');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found.' });
  });

  it('answers 401 without credentials', async () => {
    const res = await request(signedIn.app).get('/api/projects/');
    expect(res.status).toBe(401);
  });

  for (const method of ['post', 'put', 'patch', 'delete'] as const) {
    it(`answers 405 with a detail to ${method.toUpperCase()} and changes nothing`, async () => {
      const before = structuredClone(signedIn.app.mock.db.readState().projects);
      // The card patches its own texts and flags: PATCH on one project is no longer a 405.
      const urls = method === 'patch' ? ['/api/projects/'] : ['/api/projects/', '/api/projects/3/'];
      for (const url of urls) {
        const client = request(signedIn.app);
        const res = await client[method](url)
          .set(signedIn.headers)
          .send({ id: 3, name: 'Renamed' });
        expect(res.status, url).toBe(405);
        expect(res.body, url).toEqual({
          detail: `Method "${method.toUpperCase()}" not allowed.`,
        });
      }
      expect(signedIn.app.mock.db.getState().projects).toEqual(before);
      expect(before).toEqual(SEED.projects);
    });
  }
});

describe('GET /api/accounts/', () => {
  let signedIn: SignedIn;
  beforeAll(async () => {
    signedIn = await signIn('account_owner');
  });
  const get = (url: string) => request(signedIn.app).get(url).set(signedIn.auth);

  it('answers the first page of 20 with count 40', async () => {
    const res = await get('/api/accounts/');
    expect(res.status).toBe(200);
    const body = page<AccountListItem>(res.body);
    expect(body.count).toBe(40);
    expect(body.previous).toBeNull();
    expect(linkQuery(body.next)).toEqual({ page: '2' });
    expect(body.results).toEqual(SEED.accounts.slice(0, 20));
  });

  it('answers the last page with next null and page 3 as invalid', async () => {
    const last = page<AccountListItem>((await get('/api/accounts/?page=2')).body);
    expect(last.next).toBeNull();
    expect(last.results).toEqual(SEED.accounts.slice(20, 40));
    const beyond = await get('/api/accounts/?page=3');
    expect(beyond.status).toBe(404);
    expect(beyond.body).toEqual({ detail: 'Invalid page.' });
  });

  it('sorts with ordering=-name', async () => {
    const body = page<AccountListItem>(
      (await get('/api/accounts/?ordering=-name&page_size=40')).body,
    );
    const names = body.results.map((account) => account.name);
    expect(names).toEqual([...names].sort(compareStrings).reverse());
    expect(names).toHaveLength(40);
  });

  it('filters with search', async () => {
    const term = 'promoter';
    const body = page<AccountListItem>((await get(`/api/accounts/?search=${term}`)).body);
    expect(body.count).toBeGreaterThan(0);
    expect(body.count).toBeLessThan(40);
    expect(
      body.results.every((account) =>
        Object.values(account).some((value) => String(value).includes(term)),
      ),
    ).toBe(true);
  });

  it('answers one account, and 404 {detail: "Not found."} to an unknown id', async () => {
    const one = await get('/api/accounts/7/');
    expect(one.status).toBe(200);
    expect(one.body).toEqual(SEED.accounts[6]);
    const missing = await get('/api/accounts/99999/');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'Not found.' });
  });

  it('answers 405 to writes and changes nothing', async () => {
    const before = structuredClone(signedIn.app.mock.db.readState().accounts);
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      const client = request(signedIn.app);
      const res = await client[method]('/api/accounts/7/')
        .set(signedIn.headers)
        .send({ name: 'Renamed' });
      expect(res.status, method).toBe(405);
      expect(res.body.detail, method).toBe(`Method "${method.toUpperCase()}" not allowed.`);
    }
    expect(signedIn.app.mock.db.getState().accounts).toEqual(before);
  });
});

describe('unknown /api paths', () => {
  it("answers Django's HTML 404 page to an unknown path", async () => {
    const { app, auth } = await signIn('admin');
    const res = await request(app).get('/api/no-such-thing/').set(auth);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/html');
    expect(res.text).toContain('<h1>Not Found</h1>');
  });

  it('redirects a known path without its trailing slash to the slashed one (301)', async () => {
    const { app, auth } = await signIn('admin');
    for (const url of ['/api/auth/self', '/api/projects', '/api/projects/3']) {
      const res = await request(app).get(url).set(auth);
      expect(res.status, url).toBe(301);
      expect(res.headers.location, url).toBe(`${url}/`);
    }
  });
});
