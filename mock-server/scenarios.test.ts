import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createMockApp, type MockApp } from './app';
import { signIn } from './testing/signIn';

const SCENARIOS = '/__mock/scenarios';
const SELF = '/api/auth/self/';

async function addScenario(app: MockApp, scenario: Record<string, unknown>) {
  const res = await request(app).post(SCENARIOS).send(scenario);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number };
}

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; elapsedMs: number }> {
  const start = performance.now();
  const result = await run();
  return { result, elapsedMs: performance.now() - start };
}

describe('/__mock/scenarios', () => {
  it('makes the next matching call answer the given status and body, once with times: 1', async () => {
    const { app, auth, user } = await signIn('pm');
    await addScenario(app, {
      method: 'GET',
      path: SELF,
      status: 500,
      body: { detail: 'x' },
      times: 1,
    });

    const failed = await request(app).get(SELF).set(auth);
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ detail: 'x' });

    const normal = await request(app).get(SELF).set(auth);
    expect(normal.status).toBe(200);
    expect(normal.body.id).toBe(user.id);
    expect((await request(app).get(SCENARIOS)).body).toEqual([]);
  });

  it('keeps answering without times until cleared', async () => {
    const { app, auth } = await signIn('pm');
    await addScenario(app, { method: 'GET', path: SELF, status: 503, body: { detail: 'down' } });
    for (let call = 0; call < 3; call += 1) {
      expect((await request(app).get(SELF).set(auth)).status).toBe(503);
    }
    expect((await request(app).delete(SCENARIOS)).status).toBe(204);
    expect((await request(app).get(SELF).set(auth)).status).toBe(200);
  });

  it('answers a status without a body as an empty response', async () => {
    const { app, auth } = await signIn('pm');
    await addScenario(app, { method: 'GET', path: SELF, status: 502, times: 1 });
    const res = await request(app).get(SELF).set(auth);
    expect(res.status).toBe(502);
    expect(res.text).toBe('');
  });

  it('only matches its method', async () => {
    const { app, auth } = await signIn('pm');
    await addScenario(app, { method: 'POST', path: SELF, status: 500, times: 1 });
    expect((await request(app).get(SELF).set(auth)).status).toBe(200);
    expect((await request(app).get(SCENARIOS)).body).toHaveLength(1);
  });

  it('matches one path segment with * and any rest with a trailing **', async () => {
    const { app, auth } = await signIn('pm');
    await addScenario(app, { method: 'GET', path: '/api/projects/*/', status: 418, body: {} });

    expect((await request(app).get('/api/projects/3/').set(auth)).status).toBe(418);
    expect((await request(app).get('/api/projects/77/').set(auth)).status).toBe(418);
    // `*` is one whole segment: neither the list nor a deeper path matches.
    expect((await request(app).get('/api/projects/').set(auth)).status).toBe(200);
    expect((await request(app).get('/api/accounts/3/').set(auth)).status).toBe(200);

    await request(app).delete(SCENARIOS);
    await addScenario(app, {
      method: '*',
      path: '/api/admin_extensions/**',
      status: 500,
      body: {},
    });
    expect((await request(app).get('/api/admin_extensions/banner/').set(auth)).status).toBe(500);
    expect((await request(app).get(SELF).set(auth)).status).toBe(200);
  });

  it('delays the answer by delayMs and then answers normally', async () => {
    const { app, auth } = await signIn('pm');
    await addScenario(app, { method: 'GET', path: SELF, delayMs: 300, times: 1 });

    const slow = await timed(() => request(app).get(SELF).set(auth));
    expect(slow.result.status).toBe(200);
    expect(slow.elapsedMs).toBeGreaterThanOrEqual(300);

    const fast = await timed(() => request(app).get(SELF).set(auth));
    expect(fast.result.status).toBe(200);
    expect(fast.elapsedMs).toBeLessThan(300);
  });

  it('drops the connection with networkError: true', async () => {
    const { app, auth } = await signIn('pm');
    await addScenario(app, { method: 'GET', path: SELF, networkError: true, times: 1 });

    const error = await request(app)
      .get(SELF)
      .set(auth)
      .then(
        (res) => {
          throw new Error(`expected a network error, got HTTP ${res.status}`);
        },
        (caught: unknown) => caught as NodeJS.ErrnoException,
      );
    expect(error.code === 'ECONNRESET' || /socket hang up/i.test(error.message)).toBe(true);

    expect((await request(app).get(SELF).set(auth)).status).toBe(200);
  });

  describe('rejects an invalid scenario with 400 field errors and registers nothing', () => {
    const valid = { method: 'GET', path: SELF, status: 500 };
    const cases: [string, Record<string, unknown>, string][] = [
      ['missing method', { path: SELF, status: 500 }, 'method'],
      ['unknown method', { ...valid, method: 'FETCH' }, 'method'],
      ['status 99', { ...valid, status: 99 }, 'status'],
      ['status 600', { ...valid, status: 600 }, 'status'],
      ['status not an integer', { ...valid, status: '500' }, 'status'],
      ['path not starting /api/', { ...valid, path: '/auth/self/' }, 'path'],
      ['missing path', { method: 'GET', status: 500 }, 'path'],
      ['negative delay', { ...valid, delayMs: -1 }, 'delayMs'],
      ['times 0', { ...valid, times: 0 }, 'times'],
      ['networkError not a boolean', { ...valid, networkError: 'yes' }, 'networkError'],
      ['nothing to do', { method: 'GET', path: SELF }, 'status'],
    ];
    for (const [name, scenario, field] of cases) {
      it(name, async () => {
        const app = createMockApp();
        const res = await request(app).post(SCENARIOS).send(scenario);
        expect(res.status).toBe(400);
        expect(Object.keys(res.body as object)).toEqual([field]);
        expect(res.body[field]).toEqual([expect.any(String)]);
        expect(app.mock.scenarios.list()).toEqual([]);
        expect((await request(app).get(SCENARIOS)).body).toEqual([]);
      });
    }

    it('a body that is not an object', async () => {
      const app = createMockApp();
      const res = await request(app).post(SCENARIOS).send([valid]);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        non_field_errors: ['Invalid data. Expected a dictionary, but got list.'],
      });
      expect(app.mock.scenarios.list()).toEqual([]);
    });

    it('malformed JSON', async () => {
      const app = createMockApp();
      const res = await request(app)
        .post(SCENARIOS)
        .set('Content-Type', 'application/json')
        .send('{"method": ');
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/^JSON parse error - /);
      expect(app.mock.scenarios.list()).toEqual([]);
    });
  });

  it('lists the registered scenarios with their ids on GET', async () => {
    const app = createMockApp();
    const first = await addScenario(app, { method: 'get', path: SELF, status: 500 });
    const second = await addScenario(app, {
      method: 'DELETE',
      path: '/api/auth/logout/',
      networkError: true,
      times: 2,
    });
    const res = await request(app).get(SCENARIOS);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: first.id, method: 'GET', path: SELF, status: 500 },
      {
        id: second.id,
        method: 'DELETE',
        path: '/api/auth/logout/',
        networkError: true,
        times: 2,
      },
    ]);
    expect(second.id).not.toBe(first.id);
  });

  it('clears every scenario on DELETE', async () => {
    const { app, auth } = await signIn('pm');
    await addScenario(app, { method: 'GET', path: SELF, status: 500 });
    await addScenario(app, { method: '*', path: '/api/**', status: 500 });
    const res = await request(app).delete(SCENARIOS);
    expect(res.status).toBe(204);
    expect((await request(app).get(SCENARIOS)).body).toEqual([]);
    expect((await request(app).get(SELF).set(auth)).status).toBe(200);
  });

  it('clears every scenario on POST /__mock/reset too', async () => {
    const app = createMockApp();
    await addScenario(app, { method: 'GET', path: SELF, status: 500 });
    expect((await request(app).post('/__mock/reset')).status).toBe(204);
    expect((await request(app).get(SCENARIOS)).body).toEqual([]);
  });
});

describe('the latencyMs option', () => {
  it('delays every /api call by at least latencyMs', async () => {
    const latencyMs = 250;
    const { app, auth } = await signIn('pm', { latencyMs });
    const self = await timed(() => request(app).get(SELF).set(auth));
    expect(self.result.status).toBe(200);
    expect(self.elapsedMs).toBeGreaterThanOrEqual(latencyMs);
    const unauthenticated = await timed(() => request(app).get('/api/projects/'));
    expect(unauthenticated.result.status).toBe(401);
    expect(unauthenticated.elapsedMs).toBeGreaterThanOrEqual(latencyMs);
  });

  it('adds a scenario delay on top of the latency', async () => {
    const { app, auth } = await signIn('pm', { latencyMs: 150 });
    await addScenario(app, { method: 'GET', path: SELF, delayMs: 150, times: 1 });
    const self = await timed(() => request(app).get(SELF).set(auth));
    expect(self.result.status).toBe(200);
    expect(self.elapsedMs).toBeGreaterThanOrEqual(300);
  });
});
