import { describe, expect, it } from 'vitest';
import { MockDb, mutate } from '../store/db';
import { buildSeed } from '../seed/seed';
import { SCHEMA_VERSION } from '../store/state';
import type { KeyValueDb } from './idb';
import { indexedDbAttachmentStore, IndexedDbStatePersistence, readKept } from './persistence';

/** IndexedDB's contract as the wrapper gives it: values cloned on put, keys by prefix. */
function memoryKeyValueDb(): KeyValueDb & { puts: number } {
  const entries = new Map<string, unknown>();
  const kv = {
    puts: 0,
    get: <T>(key: string) => Promise.resolve(structuredClone(entries.get(key)) as T | undefined),
    entries: <T>(prefix: string) =>
      Promise.resolve(
        [...entries]
          .filter(([key]) => key.startsWith(prefix))
          .map(([key, value]) => [key, structuredClone(value) as T] as [string, T]),
      ),
    put(key: string, value: unknown) {
      kv.puts += 1;
      entries.set(key, structuredClone(value));
      return Promise.resolve();
    },
    deletePrefix(prefix: string) {
      for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key);
      return Promise.resolve();
    },
    close: () => undefined,
  };
  return kv;
}

/** A visit: what the browser kept, then the store over it. */
async function visit(kv: KeyValueDb) {
  const kept = await readKept(kv);
  const persistence = new IndexedDbStatePersistence(kv, kept.state);
  return { db: new MockDb(persistence, buildSeed), persistence, kept };
}

describe("the static demo's store in IndexedDB", () => {
  it('starts from the seed on a first visit and keeps a change for the next visit', async () => {
    const kv = memoryKeyValueDb();
    const first = await visit(kv);
    expect(first.persistence.discarded).toBe(false);
    mutate(first.db, (state) => {
      state.banner.html_text = 'Kept across a reload';
    });
    await first.db.whenDurable();

    const puts = kv.puts;
    const second = await visit(kv);
    expect(second.db.readState().banner.html_text).toBe('Kept across a reload');
    expect(second.persistence.discarded).toBe(false);
    // Opening what was kept writes nothing back: a page load does not wait for a 4 MB put.
    expect(second.db.whenDurable()).toBeUndefined();
    expect(kv.puts).toBe(puts);
  });

  it('folds the writes of one turn into one snapshot', async () => {
    const kv = memoryKeyValueDb();
    const { db } = await visit(kv);
    await db.whenDurable();
    const before = kv.puts;
    for (const text of ['one', 'two', 'three'])
      mutate(db, (state) => {
        state.banner.html_text = text;
      });
    await db.whenDurable();
    expect(kv.puts - before).toBe(1);
    expect((await visit(kv)).db.readState().banner.html_text).toBe('three');
  });

  it('replaces data of another schema version by the seed and says so', async () => {
    const kv = memoryKeyValueDb();
    const { db } = await visit(kv);
    mutate(db, (state) => {
      state.banner.html_text = 'Written by an older build';
      state.meta.schemaVersion = SCHEMA_VERSION - 1;
    });
    await db.whenDurable();

    const next = await visit(kv);
    expect(next.persistence.discarded).toBe(true);
    expect(next.db.readState().meta.schemaVersion).toBe(SCHEMA_VERSION);
    expect(next.db.readState().banner.html_text).not.toBe('Written by an older build');
  });

  it('keeps uploaded bytes for the next visit, and forgets them on a reset', async () => {
    const kv = memoryKeyValueDb();
    const store = indexedDbAttachmentStore(kv, []);
    store.put(10_001, new Uint8Array([0x25, 0x50, 0x44, 0x46]));
    await store.whenDurable();
    const again = indexedDbAttachmentStore(kv, (await readKept(kv)).attachments);
    expect(again.get(10_001)).toEqual(new Uint8Array([0x25, 0x50, 0x44, 0x46]));

    again.clear();
    await again.whenDurable();
    expect((await readKept(kv)).attachments).toEqual([]);
    expect(again.get(10_001)).toBeUndefined();
  });
});
