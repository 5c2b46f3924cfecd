import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { http } from 'msw';
import { beforeAll, inject, vi } from 'vitest';
import { applySetCookie } from '../../mock-server/browser/cookies';
import { today } from '../../mock-server/lib/clock';
import { rawRequestOf, responseOf } from '../../mock-server/browser/mswBridge';
import type { MockRuntime } from '../../mock-server/runtime/runtime';
import type { StatePersistence } from '../../mock-server/store/db';
import type { MockState } from '../../mock-server/store/state';
import type { CurrentUser, FakeAuthResponse } from '../api/contract/auth';
import type { RootState } from '../app/store';
import { API } from './msw/handlers';
import { server } from './msw/server';
import { onTheSeedClock } from './seedClock';

/** Django's 404 page, as the backend (and the mock's edge) answer an unknown route. */
export { DJANGO_NOT_FOUND_PAGE } from '../../mock-server/runtime/django';

/**
 * The mock backend in unit tests: every `/api` call a test makes is answered by the mock's own
 * areas (mock-server/areas/) behind the neutral DRF edge, as the static demo answers them in the
 * browser, so a component renders against the same rules and data as the demo. A test calls
 * `useMockBackend(persona)` before it renders; `renderRoutes` then signs the store in with that
 * persona's tokens. A per-test `server.use(http.get(…))` made after it wins over it, for the
 * error cases the seed cannot produce (a 500, a dropped connection).
 */
export interface MockBackend {
  runtime: MockRuntime;
  /** The persona's user as `self` answered it at sign-in. */
  user: CurrentUser;
  /** The token pair fake-auth gave, for the test's store. */
  credentials: NonNullable<RootState['credentials']>;
  /**
   * The mock's state now, to assert what a save changed; never write through it. A test sets a
   * case up through `runtime.db.getState()` (tracked, so the mock's memoised views see it).
   */
  state(): MockState;
}

/**
 * The seed, built once per run and day (about 3 s), and a copy of it per test. A whole copy
 * costs 0.2–0.4 s (3.7 MB of JSON), so each top-level key (risks, polls, …) is copied the first time
 * the test's backend reads it: a test pays for the parts of the state its screen asks for. Some
 * seed dates follow the day the seed is built (a licence expiring soon), so a test on the seed's
 * clock (onTheSeedClock) and one on today's get the seed of their own day, whatever ran first.
 * A worker keeps the seeds it used; the first worker of the run to need a day's seed builds it
 * and shelves it (seedShelf.ts, the unit run's global setup), the others read it from there.
 */
const seeds = new Map<string, MockState>();

function seedOfToday(buildSeed: () => MockState): MockState {
  const day = today();
  let seed = seeds.get(day);
  if (!seed) {
    seed = shelvedSeed(inject('seedShelf'), day, buildSeed);
    seeds.set(day, seed);
  }
  return seed;
}

/**
 * The seed of `day` (YYYY-MM-DD, the day of the clock `buildSeed` reads) from the run's `shelf`,
 * else built and left there for the other workers (written whole, then renamed into place, so a
 * reader never sees half of it). Without a shelf (a run without the global setup) it is built.
 */
export function shelvedSeed(
  shelf: string | undefined,
  day: string,
  buildSeed: () => MockState,
): MockState {
  if (!shelf) return buildSeed();
  const file = join(shelf, `seed-${day}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as MockState;
  const seed = buildSeed();
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, JSON.stringify(seed));
  renameSync(draft, file);
  return seed;
}

function lazyCopy(of: MockState): MockState {
  const copy: Record<string, unknown> = {};
  const keep = (key: string, value: unknown) =>
    Object.defineProperty(copy, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  for (const [key, value] of Object.entries(of)) {
    Object.defineProperty(copy, key, {
      enumerable: true,
      configurable: true,
      get: () => {
        const own = structuredClone(value);
        keep(key, own);
        return own;
      },
      set: (replaced: unknown) => keep(key, replaced),
    });
  }
  return copy as unknown as MockState;
}

/** A build of the seed of today (of the clock, faked or not) from scratch, to compare with. */
export async function freshSeed(): Promise<MockState> {
  const { composeSeed } = await import('../../mock-server/seed/seed');
  return composeSeed();
}

/** A store that keeps nothing and loads a copy of the seed. */
const seedCopy = (buildSeed: () => MockState): StatePersistence => ({
  load: () => lazyCopy(seedOfToday(buildSeed)) as unknown as Record<string, unknown>,
  rewrite: () => undefined,
  append: () => undefined,
  whenDurable: () => undefined,
  close: () => undefined,
});

let current: MockBackend | undefined;

/** The backend of the running test, if it started one. */
export const currentMockBackend = (): MockBackend | undefined => current;

/** Forgets the running test's backend (setupTests.ts, after each test). */
export function stopMockBackend(): void {
  current = undefined;
}

/**
 * Loads the mock's code and builds (or reads) the seed before the file's first test: 5 s once per
 * worker, far more on a busy machine, which would otherwise count against that test's own time
 * out. For a file whose first test starts the backend itself rather than in a `beforeEach`;
 * `'seed'` for a file whose tests run on the seed's clock (onTheSeedClock).
 */
export function buildSeedFirst(clock: 'today' | 'seed' = 'today') {
  beforeAll(async () => {
    // The seed of the day its tests run on: some of its dates follow that day.
    if (clock === 'seed') onTheSeedClock();
    await useMockBackend();
    stopMockBackend();
    if (clock === 'seed') vi.useRealTimers();
  }, 120_000);
}

/**
 * A fresh mock backend (the seed, no upload, no scenario) signed in as `persona` (one of
 * fixtures/personas.json) through the mock's fake-auth, as the demo's persona link does: the
 * CSRF cookie lands in `document.cookie`.
 */
export async function useMockBackend(persona = 'admin'): Promise<MockBackend> {
  // Loaded on the first use: the tests that never start it (and setupTests.ts, which imports this
  // module in every file) do not load the mock's code.
  const [{ memoryAttachmentStore }, { createMockRuntime }, { buildSeed }, { MockDb }] =
    await Promise.all([
      import('../../mock-server/lib/attachments'),
      import('../../mock-server/runtime/runtime'),
      import('../../mock-server/seed/seed'),
      import('../../mock-server/store/db'),
    ]);
  const runtime = createMockRuntime({
    db: new MockDb(seedCopy(buildSeed), buildSeed),
    attachments: memoryAttachmentStore(),
  });
  const signIn = await runtime.handle({
    method: 'POST',
    url: `${API}/api/auth/fake-auth/`,
    headers: { 'content-type': 'application/json' },
    cookies: {},
    body: new TextEncoder().encode(JSON.stringify({ persona })),
  });
  if (signIn.status !== 200) throw new Error(`fake-auth as ${persona} answered ${signIn.status}`);
  for (const line of signIn.setCookies) applySetCookie(line);
  const text =
    typeof signIn.body === 'string' ? signIn.body : new TextDecoder().decode(signIn.body);
  const { access, refresh, user } = JSON.parse(text) as FakeAuthResponse;
  current = {
    runtime,
    user,
    credentials: { access, refresh },
    state: () => runtime.db.readState(),
  };
  // Until the test ends (setupTests.ts resets the handlers). Only a test that asks for it gets
  // it: one more handler in front of every call would shift the timing of fake-timer tests.
  server.use(
    http.all(`${API}/api/*`, async ({ request }) =>
      current ? responseOf(await current.runtime.handle(await rawRequestOf(request))) : undefined,
    ),
  );
  return current;
}
