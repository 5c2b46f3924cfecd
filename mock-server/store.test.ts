import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMockApp } from './app';
import { buildSeed, composeSeed } from './seed/seed';
import { SCHEMA_VERSION, type MockState } from './store/state';
import { writeFileAtomic } from './store/atomicFile';
import { mutate, resetDb } from './store/db';
import { openDb } from './store/openDb';
import { readPersisted } from './store/journal';
import { signIn } from './testing/signIn';

let dir: string;
let dataFile: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pep-mock-store-'));
  dataFile = join(dir, 'state', 'db.json');
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** What a fresh process would read from the data file: the snapshot and its journal. */
function readState(path = dataFile): MockState {
  return readPersisted(path)?.state as unknown as MockState;
}

describe('persistence', () => {
  it('writes the seed to a new data file when the app is created', () => {
    createMockApp({ dataFile });
    expect(readState()).toEqual(buildSeed());
    expect(readdirSync(join(dir, 'state'))).toEqual([
      'db.json',
      expect.stringMatching(/^db\.json\.journal\.\d+$/),
    ]);
  });

  it.each([
    ['application/x-www-form-urlencoded', 'confirm=1'],
    ['text/plain', 'reset'],
  ])(
    'refuses a cross-site form post (%s) to /__mock/reset with 415 and resets nothing',
    async (type, body) => {
      const { app, headers } = await signIn('pm', { dataFile });
      await request(app)
        .post('/api/stats/')
        .set(headers)
        .send({ data: { action: 'login' } });
      const before = app.mock.db.getState().stats.length;

      const res = await request(app).post('/__mock/reset').set('Content-Type', type).send(body);

      expect(res.status).toBe(415);
      expect(app.mock.db.getState().stats).toHaveLength(before);
      expect(before).toBeGreaterThan(0);
    },
  );

  it('keeps a stats record across a restart (a new app over the same file)', async () => {
    const first = await signIn('pm', { dataFile });
    const posted = await request(first.app)
      .post('/api/stats/')
      .set(first.headers)
      .send({ data: { action: 'help_visit' } });
    expect(posted.status).toBe(201);
    expect(readState().stats).toEqual([posted.body]);

    const restarted = createMockApp({ dataFile });
    expect(restarted.mock.db.getState().stats).toEqual([posted.body]);

    // And the restarted app keeps numbering after it.
    const again = await signIn('pm', { app: restarted });
    const next = await request(restarted)
      .post('/api/stats/')
      .set(again.headers)
      .send({ data: { action: 'logout' } });
    expect(next.status).toBe(201);
    expect(next.body.id).toBe(posted.body.id + 1);
    expect(readState().stats.map((record) => record.id)).toEqual([
      posted.body.id,
      posted.body.id + 1,
    ]);
  });

  it('keeps a logout across a restart: the revoked session stays revoked', async () => {
    const first = await signIn('pm', { dataFile });
    expect((await request(first.app).delete('/api/auth/logout/').set(first.headers)).status).toBe(
      204,
    );
    const restarted = createMockApp({ dataFile });
    const self = await request(restarted).get('/api/auth/self/').set(first.auth);
    expect(self.status).toBe(401);
  });

  it('answers POST /__mock/reset with 204, drops the record and writes the seed back', async () => {
    const { app, headers } = await signIn('pm', { dataFile });
    const posted = await request(app)
      .post('/api/stats/')
      .set(headers)
      .send({ data: { action: 'login' } });
    expect(posted.status).toBe(201);
    expect(readState()).not.toEqual(buildSeed());

    const res = await request(app).post('/__mock/reset');
    expect(res.status).toBe(204);
    expect(app.mock.db.getState().stats).toEqual([]);
    expect(app.mock.db.getState()).toEqual(buildSeed());
    expect(readState()).toEqual(buildSeed());
    expect(createMockApp({ dataFile }).mock.db.getState().stats).toEqual([]);
    expect(readdirSync(join(dir, 'state'))).toEqual([
      'db.json',
      expect.stringMatching(/^db\.json\.journal\.\d+$/),
    ]);
  });

  it('resets a file with resetDb (npm run mock:reset without a running server)', () => {
    const db = openDb(dataFile);
    db.getState().stats.push({
      id: 1,
      user_id: 1,
      created_at: new Date(0).toISOString(),
      data: { action: 'login' },
    });
    db.commit();
    expect(readState().stats).toHaveLength(1);
    resetDb(db);
    expect(readState()).toEqual(buildSeed());
  });

  it('replaces a corrupt data file by the seed at open', () => {
    mkdirSync(join(dir, 'state'), { recursive: true });
    writeFileSync(dataFile, '{not json');
    const app = createMockApp({ dataFile });
    expect(app.mock.db.getState()).toEqual(buildSeed());
    expect(readState()).toEqual(buildSeed());
  });

  it('replaces a data file of another schema version by the seed at open', () => {
    mkdirSync(join(dir, 'state'), { recursive: true });
    const stale = { ...buildSeed(), meta: { schemaVersion: SCHEMA_VERSION + 1 }, projects: [] };
    writeFileSync(dataFile, JSON.stringify(stale));
    expect(createMockApp({ dataFile }).mock.db.getState()).toEqual(buildSeed());
    expect(readState()).toEqual(buildSeed());
  });

  it('keeps an in-memory app off the disk', async () => {
    const { app, headers } = await signIn('pm');
    await request(app)
      .post('/api/stats/')
      .set(headers)
      .send({ data: { action: 'login' } });
    expect(createMockApp().mock.db.getState().stats).toEqual([]);
  });
});

describe('memoised views', () => {
  it('keeps a view across writes to parts it did not read, and recomputes after one it read or a reset', () => {
    const db = openDb();
    let runs = 0;
    const titles = () =>
      db.memo('poll-statuses', (state) => {
        runs += 1;
        return state.polls.map((poll) => poll.status);
      });
    const first = titles();
    expect(titles()).toBe(first);
    mutate(db, (state) => {
      state.stats.push({ id: 1 } as MockState['stats'][number]);
    });
    expect(titles()).toBe(first);
    expect(runs).toBe(1);
    mutate(db, (state) => {
      state.polls[0]!.status = state.polls[0]!.status === 'new' ? 'finished' : 'new';
    });
    expect(titles()[0]).not.toBe(first[0]);
    expect(runs).toBe(2);
    resetDb(db);
    expect(titles()).toEqual(first);
    expect(runs).toBe(3);
  });

  it('fails loudly in verify mode when a view reads the state past its argument', () => {
    const db = openDb(undefined, { verify: true });
    const view = () => db.memo('sneaky', () => db.readState().polls[0]!.status);
    view();
    mutate(db, (state) => {
      state.polls[0]!.status = state.polls[0]!.status === 'new' ? 'finished' : 'new';
    });
    expect(view).toThrow(/read the state past its argument/);
  });
});

describe('the seed', () => {
  it('is deterministic: two builds are deep-equal', () => {
    expect(composeSeed()).toEqual(composeSeed());
  });

  it('hands out copies: a change to one leaves the next untouched', () => {
    const first = buildSeed();
    first.projects[0]!.name = 'changed';
    first.polls.length = 0;
    const second = buildSeed();
    expect(second.projects[0]!.name).not.toBe('changed');
    expect(second.polls.length).toBeGreaterThan(0);
    expect(second).toEqual(composeSeed());
  });

  it('is built again for a new day: a build under a fake clock is not handed out later', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2020-01-01T12:00:00Z') });
    const faked = buildSeed();
    vi.useRealTimers();
    const real = buildSeed();
    expect(real.isoAssessments).not.toEqual(faked.isoAssessments);
    expect(real).toEqual(composeSeed());
  });

  it('numbers projects 1..240 and accounts 1..40', () => {
    const seed = buildSeed();
    expect(seed.projects.map((project) => project.id)).toEqual(
      Array.from({ length: 240 }, (_, index) => index + 1),
    );
    expect(seed.accounts.map((account) => account.id)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
  });

  it('links every project to an existing account by id and name', () => {
    const seed = buildSeed();
    const accounts = new Map(seed.accounts.map((account) => [account.id, account.name]));
    for (const project of seed.projects) {
      expect(accounts.get(project.account_id), `project ${project.id}`).toBe(project.account_name);
    }
  });

  it('starts with no stats and no revoked sessions', () => {
    const seed = buildSeed();
    expect(seed.stats).toEqual([]);
    expect(seed.revokedSessions).toEqual([]);
    expect(seed.meta.schemaVersion).toBe(SCHEMA_VERSION);
  });

  it('is not shared between builds (mutating one leaves the next intact)', () => {
    const first = buildSeed();
    first.projects.length = 0;
    expect(buildSeed().projects).toHaveLength(240);
  });
});

describe('writeFileAtomic', () => {
  it('creates missing folders and leaves only the target after many writes', () => {
    const target = join(dir, 'a', 'b', 'file.json');
    for (let index = 0; index < 50; index += 1) {
      writeFileAtomic(target, JSON.stringify({ index, padding: 'x'.repeat(index * 100) }));
      expect(JSON.parse(readFileSync(target, 'utf8'))).toMatchObject({ index });
    }
    expect(readdirSync(join(dir, 'a', 'b'))).toEqual(['file.json']);
  });

  it('leaves no temp file behind when the write fails', () => {
    // A directory where the file should go: the final rename cannot replace it.
    const target = join(dir, 'occupied');
    mkdirSync(target);
    expect(() => writeFileAtomic(target, '{}')).toThrow();
    expect(readdirSync(dir)).toEqual(['occupied']);
  });

  it('never lets another process read a partial file while it rewrites it', async () => {
    const target = join(dir, 'busy.json');
    const big = (fill: string) => JSON.stringify({ fill, rows: Array(40_000).fill(fill) });
    const contents = [big('a'), big('b')];
    writeFileAtomic(target, contents[0] ?? '');

    // A reader in another process parses the file in a tight loop until told to stop.
    const reader = spawn(
      process.execPath,
      [
        '-e',
        `
        const { readFileSync } = require('node:fs');
        let reads = 0, failures = 0, stop = false;
        process.stdin.on('data', () => { stop = true; });
        process.stdout.write('ready\\n');
        (function loop() {
          for (let i = 0; i < 20; i += 1) {
            try { JSON.parse(readFileSync(process.argv[1], 'utf8')); reads += 1; }
            catch { failures += 1; }
          }
          if (stop) process.stdout.write(JSON.stringify({ reads, failures }) + '\\n');
          else setImmediate(loop);
        })();
        `,
        target,
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    let output = '';
    reader.stdout.setEncoding('utf8');
    reader.stdout.on('data', (chunk: string) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => reader.on('exit', resolve));
    await expect.poll(() => output, { timeout: 5000 }).toContain('ready');

    let writes = 0;
    const until = Date.now() + 600;
    while (Date.now() < until) {
      writeFileAtomic(target, contents[writes % 2] ?? '');
      writes += 1;
      if (writes % 5 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    reader.stdin.end('stop\n');
    expect(await exited).toBe(0);

    const report = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as {
      reads: number;
      failures: number;
    };
    expect(writes).toBeGreaterThan(10);
    expect(report.reads).toBeGreaterThan(10);
    expect(report.failures).toBe(0);
    expect(readdirSync(dir)).toEqual(['busy.json']);
  });
});
