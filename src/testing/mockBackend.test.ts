import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { describe, expect, inject, it, vi } from 'vitest';
import type { AccountDetail } from '../api/contract/accounts';
import type { CurrentUser } from '../api/contract/auth';
import { freshSeed, shelvedSeed, useMockBackend, type MockBackend } from './mockBackend';
import { API } from './msw/handlers';
import { server } from './msw/server';
import { onTheSeedClock } from './seedClock';

/** A call as the SPA's base query makes it: the JWT, and the CSRF header on a write. */
function call(backend: MockBackend, path: string, init: RequestInit = {}) {
  const csrf = /csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? '';
  return fetch(`${API}${path}`, {
    ...init,
    headers: {
      Authorization: `JWT ${backend.credentials.access}`,
      'Content-Type': 'application/json',
      ...(init.method && init.method !== 'GET' ? { 'X-CSRFToken': csrf } : {}),
    },
  });
}

describe('the mock backend in unit tests', () => {
  it('answers as the persona it signed in, with the rules of the mock', async () => {
    const backend = await useMockBackend('pm');
    const self = (await (await call(backend, '/api/auth/self/')).json()) as CurrentUser;
    expect(self.name).toBe('Priya Nair');
    expect(backend.user.name).toBe('Priya Nair');
    // pm may not change an account's assistants: the mock's 403, not a test's restatement.
    const refused = await call(backend, '/api/accounts/18/extra-assistants/', {
      method: 'POST',
      body: JSON.stringify({ user_id: 8 }),
    });
    expect(refused.status).toBe(403);
    // Without a token, the edge's 401.
    expect((await fetch(`${API}/api/auth/self/`)).status).toBe(401);
  });

  it('keeps a write in its state, and starts every test from the seed again', async () => {
    const first = await useMockBackend('admin');
    const before = structuredClone(
      first.state().accountTeams.find((team) => team.account_id === 18),
    );
    const added = await call(first, '/api/accounts/18/extra-assistants/', {
      method: 'POST',
      body: JSON.stringify({ user_id: 8 }),
    });
    expect(added.status).toBe(201);
    const account = (await added.json()) as AccountDetail;
    expect(account.extra_assistants.map((person) => person.id)).toContain(8);

    const second = await useMockBackend('admin');
    expect(second.state().accountTeams.find((team) => team.account_id === 18)).toEqual(before);
    const again = (await (await call(second, '/api/accounts/18/details/')).json()) as AccountDetail;
    expect(again.extra_assistants.map((person) => person.id)).not.toContain(8);
  });

  it('gives a test on the seed clock and a test on today the seed of their own day, whichever ran first', async () => {
    /** GitLab's licence expires 12 days after the day the seed is built (a licence expiring soon). */
    const gitlabExpiry = (backend: MockBackend) =>
      backend.state().tools.find((tool) => tool.name === 'GitLab')?.licence_expiry;
    onTheSeedClock();
    const onTheSeedDay = gitlabExpiry(await useMockBackend('admin'));
    vi.useRealTimers();
    const onToday = gitlabExpiry(await useMockBackend('admin'));
    expect(onTheSeedDay).toBe('2026-12-02');
    const twelveDaysOn = new Date(Date.now() + 12 * 86_400_000);
    expect(onToday).toBe(
      `${twelveDaysOn.getUTCFullYear()}-${String(twelveDaysOn.getUTCMonth() + 1).padStart(2, '0')}-${String(twelveDaysOn.getUTCDate()).padStart(2, '0')}`,
    );
  });

  it("builds a day's seed once for the whole run: the other workers read it, the same to the byte", async () => {
    onTheSeedClock();
    await useMockBackend('admin');
    // The seed a build on the seed's day gives, from scratch.
    const fresh = await freshSeed();
    // The run's shelf holds the seed of the seed's day, as the first worker that needed it left it.
    const shelf = inject('seedShelf');
    const shelved = JSON.parse(
      readFileSync(join(shelf, 'seed-2026-11-20.json'), 'utf8'),
    ) as typeof fresh;
    expect(shelved).toStrictEqual(fresh);
    expect(shelved.tools.find((tool) => tool.name === 'GitLab')?.licence_expiry).toBe('2026-12-02');

    // A worker's first need of a day: built and shelved; the next worker's: read, not built.
    const own = mkdtempSync(join(tmpdir(), 'pep-seeds-test-'));
    try {
      const build = vi.fn(() => structuredClone(fresh));
      expect(shelvedSeed(own, '2026-11-20', build)).toStrictEqual(fresh);
      expect(shelvedSeed(own, '2026-11-20', build)).toStrictEqual(fresh);
      expect(build).toHaveBeenCalledTimes(1);
    } finally {
      rmSync(own, { recursive: true, force: true });
      vi.useRealTimers();
    }
  }, 60_000);

  it('gives way to a per-test override', async () => {
    const backend = await useMockBackend('admin');
    server.use(
      http.get(`${API}/api/accounts/18/details/`, () =>
        HttpResponse.json({ detail: 'Boom' }, { status: 500 }),
      ),
    );
    expect((await call(backend, '/api/accounts/18/details/')).status).toBe(500);
    expect((await call(backend, '/api/accounts/40/details/')).status).toBe(200);
  });
});
