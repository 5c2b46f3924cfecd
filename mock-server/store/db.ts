import { existsSync, readFileSync } from 'node:fs';
import low, { type LowdbAdapter, type LowdbSync } from 'lowdb';
import { writeFileAtomic } from './atomicFile';
import { buildSeed } from '../seed/seed';
import { SCHEMA_VERSION, type MockState } from './state';

export type MockDb = LowdbSync<MockState>;

/**
 * lowdb adapter over a JSON file with atomic writes. Without a path the state lives in memory
 * (tests). A file that cannot be parsed is never trusted: the seed is used and rewritten.
 */
class AtomicJsonFile implements LowdbAdapter<MockState> {
  constructor(private readonly path: string | undefined) {}

  read(): MockState {
    if (this.path && existsSync(this.path)) {
      try {
        const parsed = JSON.parse(readFileSync(this.path, 'utf8')) as MockState;
        if (parsed && parsed.meta?.schemaVersion === SCHEMA_VERSION) return parsed;
      } catch {
        // fall through to the seed
      }
    }
    const seed = buildSeed();
    this.write(seed);
    return seed;
  }

  write(state: MockState): void {
    if (this.path) writeFileAtomic(this.path, JSON.stringify(state));
  }
}

export function openDb(path?: string): MockDb {
  return low(new AtomicJsonFile(path));
}

/** Brings the store back to the fixtures: the same ids after every reset. */
export function resetDb(db: MockDb): void {
  db.setState(buildSeed());
  db.write();
}

/**
 * Reads, changes and persists the state in one step. A change that refuses the request returns
 * `false` (having changed nothing): nothing is written.
 */
export function mutate(db: MockDb, change: (state: MockState) => void | boolean): void {
  const state = db.getState();
  if (change(state) === false) return;
  db.setState(state);
  db.write();
}
