import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../api/contract/auth';
import { useMockBackend, type MockBackend } from '../mockBackend';
import { failUntilAllowed } from './failUntilAllowed';
import { API } from './handlers';

/** A call to `path` with the backend's token (and its CSRF cookie as a header, which a write needs). */
async function ask(backend: MockBackend, path: string, post?: unknown) {
  const csrf = /csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? '';
  return fetch(`${API}${path}`, {
    method: post === undefined ? 'GET' : 'POST',
    headers: {
      Authorization: `JWT ${backend.credentials.access}`,
      'Content-Type': 'application/json',
      'X-CSRFToken': csrf,
    },
    body: post === undefined ? undefined : JSON.stringify(post),
  });
}

describe('failUntilAllowed', () => {
  it('fails every call with a 500 until allowed, then lets the mock backend answer, counting them all', async () => {
    const backend = await useMockBackend('pm');
    const self = failUntilAllowed('get', '/api/auth/self/');
    for (let call = 1; call <= 2; call += 1) {
      const failed = await ask(backend, '/api/auth/self/');
      expect(failed.status).toBe(500);
      expect(await failed.json()).toEqual({ detail: 'Boom' });
    }
    expect(self.calls()).toBe(2);
    self.allow();
    const answered = await ask(backend, '/api/auth/self/');
    expect(answered.status).toBe(200);
    expect(((await answered.json()) as CurrentUser).name).toBe('Priya Nair');
    expect(self.calls()).toBe(3);
  });

  it('answers the failure it is given, keeps a failed write from the mock, and each is allowed on its own', async () => {
    const backend = await useMockBackend('admin');
    const assistants = () =>
      backend.state().accountTeams.find((team) => team.account_id === 18)!.extra_assistant_ids;
    const path = '/api/accounts/18/extra-assistants/';
    const add = failUntilAllowed('post', path, { status: 503, body: { detail: 'Down.' } });
    failUntilAllowed('get', '/api/accounts/18/details/', { status: 502 });

    const failed = await ask(backend, path, { user_id: 8 });
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({ detail: 'Down.' });
    expect(assistants()).not.toContain(8);
    const bare = await ask(backend, '/api/accounts/18/details/');
    expect(bare.status).toBe(502);
    expect(await bare.text()).toBe('');
    add.allow();
    expect((await ask(backend, path, { user_id: 8 })).status).toBe(201);
    expect(assistants()).toContain(8);
    expect(add.calls()).toBe(2);
    // Each held call on its own: the details still fail.
    expect((await ask(backend, '/api/accounts/18/details/')).status).toBe(502);
  });
});
