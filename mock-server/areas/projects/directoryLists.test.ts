import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Paginated } from '../../../src/api/contract/drf';
import type { AccountListItem, ProjectListItem } from '../../../src/api/contract/directory';
import { buildSeed } from '../../seed/seed';
import { signIn, type SignedIn } from '../../testing/signIn';

const SEED = buildSeed();

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
