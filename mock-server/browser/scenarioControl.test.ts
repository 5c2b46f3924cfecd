import { describe, expect, it } from 'vitest';
import { createScenarioRegistry } from '../scenarios/registry';
import { scenarioControl } from './scenarioControl';

const KEY = 'pep-static-demo:scenarios:/pep-demo/';
const URL_ = 'http://localhost/__mock/scenarios';

function memoryStorage() {
  const entries = new Map<string, string>();
  return {
    getItem: (key: string) => entries.get(key) ?? null,
    setItem: (key: string, value: string) => void entries.set(key, value),
  };
}

const post = (body: unknown, type = 'application/json') =>
  new Request(URL_, {
    method: 'POST',
    headers: { 'Content-Type': type },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe("the static demo's /__mock/scenarios", () => {
  it('adds, lists and clears scenarios as the Express demo does', async () => {
    const registry = createScenarioRegistry();
    const control = scenarioControl(registry, memoryStorage(), KEY);

    const added = await control.answer(
      post({ method: 'get', path: '/api/my-work/', status: 500, times: 1 }),
    );
    expect(added.status).toBe(201);
    expect(await added.json()).toEqual({
      id: 1,
      method: 'GET',
      path: '/api/my-work/',
      status: 500,
      times: 1,
    });
    expect(registry.take('GET', '/api/my-work/')?.status).toBe(500);

    await control.answer(post({ method: '*', path: '/api/**', delayMs: 800 }));
    const listed = await control.answer(new Request(URL_));
    expect(await listed.json()).toEqual([{ id: 2, method: '*', path: '/api/**', delayMs: 800 }]);

    const cleared = await control.answer(new Request(URL_, { method: 'DELETE' }));
    expect(cleared.status).toBe(204);
    expect(registry.list()).toEqual([]);
  });

  it("refuses a scenario the Express demo refuses, with DRF's answers", async () => {
    const control = scenarioControl(createScenarioRegistry(), memoryStorage(), KEY);
    const invalid = await control.answer(post({ method: 'GET', path: '/risks/' }));
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      path: ['Expected a path starting with /api/.'],
      status: ['Give a status, a delayMs or networkError: true.'],
    });
    expect((await control.answer(post('[1]'))).status).toBe(400);
    expect((await control.answer(post('{', 'application/json'))).status).toBe(400);
    expect((await control.answer(post('method=GET', 'text/plain'))).status).toBe(415);
  });

  it("keeps the scenarios for the tab's next page load, with what a call counted down", async () => {
    const storage = memoryStorage();
    const first = createScenarioRegistry();
    const control = scenarioControl(first, storage, KEY);
    await control.answer(post({ method: 'GET', path: '/api/risks/', status: 503, times: 2 }));
    await control.answer(post({ method: 'POST', path: '/api/risks/', delayMs: 50 }));
    first.take('GET', '/api/risks/');
    control.keep();

    // The page loads again: a new runtime, the same tab's storage.
    const next = createScenarioRegistry();
    scenarioControl(next, storage, KEY);
    expect(next.list()).toEqual([
      { id: 1, method: 'GET', path: '/api/risks/', status: 503, times: 1 },
      { id: 2, method: 'POST', path: '/api/risks/', delayMs: 50 },
    ]);
    next.take('GET', '/api/risks/');
    expect(next.take('GET', '/api/risks/')).toBeUndefined();

    // Cleared: the next load has none.
    await scenarioControl(next, storage, KEY).answer(new Request(URL_, { method: 'DELETE' }));
    const after = createScenarioRegistry();
    scenarioControl(after, storage, KEY);
    expect(after.list()).toEqual([]);
  });
});
