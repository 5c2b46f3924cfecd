import { parse } from 'node:querystring';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Paginated } from '../../../src/api/contract/drf';
import type { AccountListItem, ProjectListItem } from '../../../src/api/contract/directory';
import { findPersona } from '../../auth/personas';
import type { AreaServices } from '../../lib/area';
import { answerOf, type MockRequest } from '../../lib/http';
import { signIn, type SignedIn } from '../../testing/signIn';
import { directory } from './directory';

/** The host both answers build their page links on. */
const HOST = 'directory.test';

/** What Express answers (json-server) and what the area's handler answers, for one GET. */
async function bothAnswers(session: SignedIn, personaId: string, path: string) {
  const viaExpress = await request(session.app)
    .get(`/api${path}`)
    .set(session.auth)
    .set('Host', HOST);
  const services = { db: session.app.mock.db } as AreaServices;
  const [pathname = '', search = ''] = path.split('?');
  let params: Record<string, string> = {};
  const found = directory.routes(services).find((candidate) => {
    const names: string[] = [];
    const pattern = candidate.path.replace(/:(\w+)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    const match = new RegExp(`^${pattern}$`).exec(pathname);
    if (match) params = Object.fromEntries(names.map((name, index) => [name, match[index + 1]!]));
    return match !== null;
  });
  if (!found) throw new Error(`The directory has no route for ${pathname}`);
  const req: MockRequest = {
    method: 'GET',
    path: pathname,
    params,
    query: parse(search) as Record<string, unknown>,
    headers: {},
    body: undefined,
    files: [],
    fields: {},
    url: `http://${HOST}/api${path}`,
    auth: {
      persona: findPersona(personaId)!,
      claims: { userId: 0, persona: personaId, sessionId: 'test', type: 'access' },
    },
  };
  const viaHandler = await answerOf(() => found.handler(req));
  return {
    express: { status: viaExpress.status, body: viaExpress.body as unknown },
    handler: { status: viaHandler.status, body: viaHandler.body },
  };
}

const QUERIES = [
  '/projects/',
  '/projects/?page=2&page_size=5',
  '/projects/?ordering=-name&page_size=1000',
  '/projects/?ordering=account_name,-high_ownership,-id&page=3&page_size=7',
  '/projects/?ordering=delivery_unit,name.length,-&page_size=30',
  '/projects/?search=%20Nordics%20&page=last&page_size=4',
  '/projects/?search=true&ordering=-account_id',
  '/projects/?search=false',
  '/projects/?ordering=-high_ownership&page_size=60',
  '/projects/?search=zzqxzzqx',
  '/projects/?page=0',
  '/projects/?page=abc',
  '/projects/?page=999',
  '/projects/?ordering=unknown,-name&search=a&search=b',
  '/accounts/',
  '/accounts/?search=and&ordering=-delivery_owner&page_size=3&page=2',
  '/accounts/?ordering=nps_status,csat_status,-name&page_size=40',
  '/accounts/3/',
  '/accounts/03/',
  '/accounts/999/',
];

describe('the directory lists: json-server in Express, the area’s handlers elsewhere', () => {
  it('answer company staff the same pages, orders, searches and refusals', async () => {
    const admin = await signIn('admin');
    for (const query of QUERIES) {
      const { express, handler } = await bothAnswers(admin, 'admin', query);
      expect(handler, query).toEqual(express);
    }
    // The corpus reaches every kind of answer: pages, a record, the 404s.
    const page = await bothAnswers(admin, 'admin', '/projects/?page=2&page_size=5');
    expect(page.handler.status).toBe(200);
    expect((page.handler.body as Paginated<ProjectListItem>).results).toHaveLength(5);
    expect((await bothAnswers(admin, 'admin', '/accounts/3/')).handler.body).toMatchObject({
      id: 3,
    });
    expect((await bothAnswers(admin, 'admin', '/projects/?page=0')).handler.status).toBe(404);
  });

  it('answer a client-side person the same narrow view: only what was shared with them', async () => {
    const viewer = await signIn('viewer');
    const state = viewer.app.mock.db.getState();
    const { express, handler } = await bothAnswers(viewer, 'viewer', '/accounts/?page_size=100');
    expect(handler).toEqual(express);
    const shared = (handler.body as Paginated<AccountListItem>).results.map((row) => row.id);
    expect(shared.length).toBeGreaterThan(0);
    expect(shared.length).toBeLessThan(state.accounts.length);
    const hidden = state.accounts.find((account) => !shared.includes(account.id))!;
    for (const query of [
      '/projects/?ordering=-name',
      `/accounts/${shared[0]}/`,
      `/accounts/${hidden.id}/`,
      '/projects/?search=a&page=last&page_size=2',
    ]) {
      const answers = await bothAnswers(viewer, 'viewer', query);
      expect(answers.handler, query).toEqual(answers.express);
    }
    expect((await bothAnswers(viewer, 'viewer', `/accounts/${hidden.id}/`)).handler.status).toBe(
      404,
    );
  });
});
