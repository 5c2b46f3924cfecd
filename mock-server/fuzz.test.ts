import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { describe, expect, it, onTestFinished } from 'vitest';
import { MAX_BODY_DEPTH } from './runtime/django';
import { signIn, type SignedIn } from './testing/signIn';

/**
 * Every route of the mock, fed what an attacker or a broken client would send: no answer may be
 * a 5xx, and a refused write (4xx) may change nothing. New routes are covered as they are added.
 */

const HERE = fileURLToPath(new URL('.', import.meta.url));

/** The body fields the routes read, found in their sources ('body.statement', "body['answer']"). */
function bodyFields(): string[] {
  const fields = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const source = readFileSync(path, 'utf8');
        for (const match of source.matchAll(/\bbody(?:\.|\[['"])([a-z_]\w*)/gi))
          fields.add(match[1]!);
        // Validators name their field as a string argument: choice('category', …). Each earlier
        // argument ends at its comma, so the match is linear (a `,\s*` here backtracked for 24 s).
        for (const match of source.matchAll(/\b[a-zA-Z]+\((?:[^()',]+,)*\s*'([a-z_]+)'/g))
          fields.add(match[1]!);
      }
    }
  };
  walk(HERE);
  fields.delete('length');
  return [...fields].sort();
}

const FIELDS = bodyFields();

/** Values of every JSON type and the edges of each. */
const VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  '',
  '   ',
  '<script>alert(1)</script>',
  'x'.repeat(20_000),
  [],
  {},
  [[]],
  ['x', 1, null],
  { id: 1, name: {} },
];

/** Raw JSON texts a JavaScript object literal cannot express. */
const RAW_BODIES = [
  '{"__proto__": "x"}',
  '{"data": {"__proto__": {}}}',
  `{"category": {"toString": 1}, "statement": {"valueOf": 1}}`,
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `{"a": ${'{"a": '.repeat(MAX_BODY_DEPTH + 5)}1${'}'.repeat(MAX_BODY_DEPTH + 5)}}`,
  '"just a string"',
  'null',
  '7',
  'true',
  '[1, 2, 3]',
  '{"unterminated": ',
];

const QUERIES = [
  'ordering=__proto__',
  'ordering=constructor,-toString',
  'page=-1',
  'page=abc',
  'page_size=1e9',
  'search=%00%ff',
  'status[]=a&status[]=b',
  'status[toString]=1',
  'level=__proto__',
];

const ID_VALUES = ['1', '2', '999999'];

/** A path pattern with its parameters filled in. */
const fill = (pattern: string, id: string) => `/api${pattern.replace(/:\w+/g, id)}`;

interface Failure {
  request: string;
  status: number;
  problem: string;
}

describe('the mock under fuzzing', () => {
  it('answers every route without a 5xx, and a refused write changes nothing', async () => {
    // Every write the fuzz makes is also checked to replay from its journal line.
    const first = await signIn('admin', { verifyJournal: true });
    const app = first.app;
    // The fuzz signs out too (DELETE /api/auth/logout/): a persona whose session ended signs in again.
    const sessions: Record<'admin' | 'viewer', SignedIn> = {
      admin: first,
      viewer: await signIn('viewer', { app }),
    };
    const admin = 'admin' as const;
    const viewer = 'viewer' as const;
    const routes = app.mock.routes();
    expect(routes.length).toBeGreaterThan(40);
    expect(FIELDS).toEqual(expect.arrayContaining(['statement', 'answer', 'comment']));

    // One listening server for the thousands of calls, not one per call.
    const server = app.listen(0);
    onTestFinished(() => void server.close());
    const failures: Failure[] = [];
    // A refused write may change nothing. A change through the tracked state is committed as one
    // journal line, so counting the commits detects it; a change past the tracking is caught by
    // the verify mode at the next commit (that call answers 500) and by the check at the end.
    const db = app.mock.db;

    const send = async (
      persona: keyof typeof sessions,
      method: string,
      url: string,
      body?: string,
    ): Promise<void> => {
      const call = () => {
        const verb = method.toLowerCase() as 'get';
        const agent = request(server)[verb](url).set(sessions[persona].headers);
        return body === undefined
          ? agent
          : agent.set('Content-Type', 'application/json').send(body);
      };
      let writesBefore = db.commits;
      let res = await call();
      if (res.status === 401) {
        sessions[persona] = await signIn(persona, { app });
        writesBefore = db.commits;
        res = await call();
      }
      const label = `${method} ${url} ${body === undefined ? '' : body.slice(0, 80)}`;
      if (res.status >= 500) failures.push({ request: label, status: res.status, problem: '5xx' });
      if (method === 'GET' || method === 'HEAD') return;
      if (res.status >= 400 && db.commits !== writesBefore)
        failures.push({ request: label, status: res.status, problem: 'written after a refusal' });
    };

    for (const { path, methods } of routes) {
      for (const method of methods) {
        for (const id of ID_VALUES) {
          const url = fill(path, id);
          if (method === 'GET') {
            for (const query of QUERIES) await send(admin, 'GET', `${url}?${query}`);
            await send(viewer, 'GET', url);
            continue;
          }
          if (id !== '1') {
            await send(admin, method, url, '{}');
            continue;
          }
          await send(admin, method, url);
          for (const raw of RAW_BODIES) await send(admin, method, url, raw);
          for (const value of VALUES)
            await send(
              admin,
              method,
              url,
              JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, value]))),
            );
          // One field at a time, so that no earlier field's refusal hides a crash on a later one.
          for (const field of FIELDS)
            await send(admin, method, url, `{"${field}": {"toString": 1, "valueOf": 1}}`);
          await send(viewer, method, url, '{}');
        }
      }
    }
    expect(failures).toEqual([]);
    // Nothing was changed past the tracking since the last commit either.
    expect(() => db.verifyTracking()).not.toThrow();
    // About 90 s alone on two cores; beside the other mock files on a loaded machine it passed 240 s.
  }, 480_000);

  it('answers a known path with a wrong method 405, naming the methods it allows', async () => {
    const admin = await signIn('admin');
    const byPath = new Map<string, Set<string>>();
    for (const { path, methods } of admin.app.mock.routes()) {
      const known = byPath.get(path) ?? new Set<string>();
      methods.forEach((method) => known.add(method));
      byPath.set(path, known);
    }
    const wrong: string[] = [];
    for (const [path, methods] of byPath) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        if (methods.has(method)) continue;
        const url = fill(path, '1');
        const agent = request(admin.app);
        const res = await agent[method.toLowerCase() as 'get'](url)
          .set(admin.headers)
          .set('Content-Type', 'application/json')
          .send(method === 'GET' || method === 'DELETE' ? undefined : '{}');
        const allow = String(res.headers.allow ?? '');
        if (res.status !== 405 || ![...methods].every((known) => allow.includes(known)))
          wrong.push(`${method} ${url} → ${res.status} Allow: ${allow}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it.each(['1e0', '0x1', '1.0', '-1', '%201'])(
    'takes only digits as an id: /api/polls/%s/ is a 404',
    async (id) => {
      const admin = await signIn('admin');
      const res = await request(admin.app).get(`/api/polls/${id}/`).set(admin.auth);

      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Not found.' });
    },
  );
});
