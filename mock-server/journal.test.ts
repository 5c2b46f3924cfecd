import { spawn, type ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UsageStatsResponse } from '../src/api/contract/stats';
import { createMockApp } from './app';
import { CSRF_COOKIE } from './auth/middleware';
import { openDb } from './store/openDb';
import { readPersisted } from './store/journal';
import type { MockState } from './store/state';
import { signIn } from './testing/signIn';

let dir: string;
let dataFile: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pep-mock-journal-'));
  dataFile = join(dir, 'db.json');
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const persisted = () => readPersisted(dataFile)?.state as unknown as MockState;
const journalFiles = () => readdirSync(dir).filter((name) => name.includes('.journal.'));

describe('the journal', () => {
  it('persists a write as one short journal line and leaves the snapshot alone', async () => {
    const { app, headers } = await signIn('pm', { dataFile });
    const snapshotBefore = statSync(dataFile).mtimeMs;
    const sizeBefore = statSync(dataFile).size;

    const posted = await request(app)
      .post('/api/stats/')
      .set(headers)
      .send({ data: { action: 'help_visit' } });

    expect(posted.status).toBe(201);
    const [journal] = journalFiles();
    const lines = readFileSync(join(dir, journal!), 'utf8').trim().split('\n');
    // The sign-in's own stats record and this one: one line each, each far below the 2 MB state.
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines.at(-1)).toContain('"help_visit"');
    expect(Buffer.byteLength(lines.at(-1)!)).toBeLessThan(1024);
    expect(statSync(dataFile).mtimeMs).toBe(snapshotBefore);
    expect(statSync(dataFile).size).toBe(sizeBefore);
    expect(persisted().stats.map((record) => record.id)).toContain(posted.body.id);
  });

  it('journals a change to one record of a large collection as that record', async () => {
    const { app, headers } = await signIn('risk_owner', { dataFile });
    const [journal] = journalFiles();
    const before = readFileSync(join(dir, journal!), 'utf8').length;
    const res = await request(app)
      .patch('/api/risks/1/')
      .set(headers)
      .send({ statement: 'A shorter statement of risk one.' });
    expect(res.status).toBe(200);
    const added = readFileSync(join(dir, journal!), 'utf8').slice(before);
    // The risk and its history entry: a few kB, where the risks alone weigh 660 kB.
    expect(added.length).toBeLessThan(16 * 1024);
    expect(persisted().risks.find((risk) => risk.id === 1)?.statement).toBe(
      'A shorter statement of risk one.',
    );
  });

  it('folds a grown journal into a new snapshot in the background, losing nothing', async () => {
    const db = openDb(dataFile, { compactAtBytes: 2048 });
    const settled = async () => {
      await new Promise((done) => setImmediate(done));
      while (db.compacting) await db.compacting;
    };
    const generations = () => journalFiles().map((name) => Number(name.split('.').at(-1)));
    const start = Math.max(...generations());
    for (let index = 1; index <= 40; index += 1) {
      db.getState().stats.push({
        id: index,
        user_id: 1,
        created_at: new Date(0).toISOString(),
        data: { action: 'login' },
      } as UsageStatsResponse);
      db.commit();
      await settled();
    }
    await db.whenDurable();
    expect(Math.max(...generations())).toBeGreaterThan(start);
    // Only the current journal is left once its snapshot is in place.
    expect(journalFiles()).toHaveLength(1);
    expect(persisted().stats.map((record) => record.id)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
    db.close();
    expect(openDb(dataFile).getState().stats).toHaveLength(40);
  });

  it('ignores a torn last line and removes the temp files of interrupted snapshot writes', () => {
    const db = openDb(dataFile);
    db.getState().banner.html_text = '<p>kept</p>';
    db.commit();
    db.close();
    const [journal] = journalFiles();
    appendFileSync(join(dir, journal!), '[{"key":"banner","value":{"html_te');
    writeFileSync(join(dir, 'db.json.1234.1700000000000.tmp'), '{"half":');

    const reopened = openDb(dataFile);
    expect(reopened.getState().banner.html_text).toBe('<p>kept</p>');
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    reopened.close();
  });

  it('starts clean over the data of another schema, and a restart reads its own writes only', () => {
    // Data of an older build, at generation 3 with its journal.
    const old = openDb(dataFile);
    old.close();
    const written = readPersisted(dataFile)!.state as unknown as MockState;
    writeFileSync(
      dataFile,
      JSON.stringify({
        ...written,
        meta: { ...written.meta, schemaVersion: written.meta.schemaVersion - 1, journal: 3 },
      }),
    );
    writeFileSync(
      join(dir, 'db.json.journal.3'),
      `${JSON.stringify([{ key: 'banner', value: { ...written.banner, html_text: '<p>old</p>' } }])}\n`,
    );

    // A new build rejects it and starts from the fixtures...
    const fresh = openDb(dataFile);
    expect(fresh.getState().banner.html_text).not.toBe('<p>old</p>');
    fresh.getState().banner.html_text = '<p>new</p>';
    fresh.commit();
    fresh.close();
    // ...and its restart replays its own journal, never the old build's.
    const restarted = openDb(dataFile);
    expect(restarted.getState().banner.html_text).toBe('<p>new</p>');
    expect(journalFiles()).toHaveLength(1);
    restarted.close();
  });

  it('starts clean when a journal does not fit its snapshot, rather than refusing to start', () => {
    const db = openDb(dataFile);
    db.getState().banner.html_text = '<p>kept</p>';
    db.commit();
    db.close();
    const [journal] = journalFiles();
    appendFileSync(join(dir, journal!), '[{"key":"stats","index":123456,"value":{}}]\n');
    const reopened = openDb(dataFile);
    expect(reopened.getState().banner.html_text).not.toBe('<p>kept</p>');
    reopened.close();
  });

  it('fails a write made past the tracking when verification is on', () => {
    const db = openDb(undefined, { verify: true });
    db.readState().banner.html_text = 'not tracked';
    db.getState().meta.schemaVersion = db.getState().meta.schemaVersion;
    expect(() => db.commit()).toThrow(/past its tracking.*banner/);
  });

  it('finds a change past the tracking with no commit after it, when asked', () => {
    const db = openDb(undefined, { verify: true });
    expect(() => db.verifyTracking()).not.toThrow();
    db.readState().banner.html_text = 'not tracked';
    expect(() => db.verifyTracking()).toThrow(/past its tracking.*banner/);
  });
});

describe('kill -9 during writes', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  async function startServer(): Promise<{ child: ChildProcess; base: string }> {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        resolve('mock-server/testing/fileServer.ts'),
        dataFile,
        String(64 * 1024),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(child);
    const port = await new Promise<number>((done, fail) => {
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /port (\d+)/.exec(output);
        if (match) done(Number(match[1]));
      });
      child.on('exit', (code) => fail(new Error(`server exited with ${code}`)));
    });
    return { child, base: `http://127.0.0.1:${port}` };
  }

  async function signInOver(base: string): Promise<Record<string, string>> {
    const res = await fetch(`${base}/api/auth/fake-auth/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ persona: 'pm' }),
    });
    const body = (await res.json()) as { access: string };
    const cookie = res.headers
      .getSetCookie()
      .map((value) => value.split(';')[0]!)
      .find((pair) => pair.startsWith(`${CSRF_COOKIE}=`))!;
    return {
      Authorization: `JWT ${body.access}`,
      Cookie: cookie,
      'X-CSRFToken': cookie.slice(CSRF_COOKIE.length + 1),
      'Content-Type': 'application/json',
    };
  }

  it('loses no acknowledged write across five kills, compactions included, and leaves no litter', async () => {
    const acknowledged: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      const { child, base } = await startServer();
      const headers = await signInOver(base);
      const exited = new Promise((done) => child.on('exit', done));
      let killed = false;
      const writer = async () => {
        while (!killed) {
          try {
            const res = await fetch(`${base}/api/stats/`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ data: { action: 'help_visit' } }),
            });
            if (res.status === 201) acknowledged.push(((await res.json()) as { id: number }).id);
          } catch {
            return; // the connection died with the server
          }
        }
      };
      const writers = Array.from({ length: 12 }, writer);
      await new Promise((done) => setTimeout(done, 300 + round * 150));
      killed = true;
      child.kill('SIGKILL');
      await exited;
      await Promise.all(writers);
    }
    expect(acknowledged.length).toBeGreaterThan(100);
    const stored = new Set(persisted().stats.map((record) => record.id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    // Ids stay unique across restarts.
    expect(new Set(acknowledged).size).toBe(acknowledged.length);

    // A restart cleans what a kill interrupted.
    createMockApp({ dataFile });
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(journalFiles()).toHaveLength(1);
  }, 60_000);
});
