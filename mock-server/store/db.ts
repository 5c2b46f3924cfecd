import type { RequestHandler, Response } from 'express';
import { SCHEMA_VERSION, type MockState } from './state';
import { applyChanges, track, type Change, type Tracker } from './tracking';

export interface MockDbOptions {
  /**
   * Replays every write's journal operations on a copy of the state and compares the two after
   * each write: a change made past the tracking (so never persisted) fails loudly. For tests;
   * on by default when MOCK_JOURNAL_VERIFY=1.
   */
  verify?: boolean;
  /** The journal size that triggers a background compaction (default 8 MB). */
  compactAtBytes?: number;
}

/**
 * Where the state persists: a journal file in node (journal.ts, openDb.ts), IndexedDB in the
 * browser (mock-server/browser/). `load` gives what was kept if `accept` trusts it; `rewrite`
 * replaces it with a whole state; `append` adds one write's changes (`state` is the state after
 * them, for a store that keeps whole snapshots).
 */
export interface StatePersistence {
  load(accept: (state: Record<string, unknown>) => boolean): Record<string, unknown> | undefined;
  rewrite(state: object): void;
  append(changes: readonly Change[], state: object): void;
  /** Undefined when every appended write is kept, else a promise of that moment. */
  whenDurable(): Promise<void> | undefined;
  /** Set when the store would fold its changes into a new snapshot (see `compact`). */
  compactSoon?: boolean;
  compact?(state: object): Promise<void>;
  close(): void;
}

/** The next turn of the event loop, in node and in the browser. */
const nextTurn = (run: () => void) =>
  typeof setImmediate === 'function' ? void setImmediate(run) : void setTimeout(run, 0);

/**
 * The mock's state: in memory, tracked, and (with a path) persisted through a journal so that a
 * write costs one appended line, not a rewrite of the whole state. Without a path the state lives
 * in memory (tests).
 */
export class MockDb {
  private tracker: Tracker<MockState>;
  private readonly journal: StatePersistence | undefined;
  private readonly verify: boolean;
  private shadow: MockState | undefined;
  private commitScheduled = false;
  /** Commits that persisted a change (tests use it to see whether a call wrote anything). */
  commits = 0;
  /**
   * The version of each top-level key of the state, bumped by every committed change of it: a
   * memoised view stays valid while none of the keys it read has changed.
   */
  private readonly keyVersions = new Map<string, number>();
  private readonly memos = new Map<string, { reads: Map<string, number>; value: unknown }>();

  /**
   * @param seed the state of a fresh start and of every reset (seed/seed.ts's `buildSeed`: the
   *   store does not know the areas that build it)
   */
  constructor(
    persistence: StatePersistence | undefined,
    readonly seed: () => MockState,
    options: MockDbOptions = {},
  ) {
    this.verify =
      options.verify ?? (typeof process !== 'undefined' && process.env.MOCK_JOURNAL_VERIFY === '1');
    this.journal = persistence;
    const loaded = this.journal?.load(
      (state) => (state.meta as MockState['meta'] | undefined)?.schemaVersion === SCHEMA_VERSION,
    ) as MockState | undefined;
    const state = loaded ?? seed();
    this.tracker = this.start(state);
    // A fresh start (no file, a file that could not be trusted) or a replayed journal: one snapshot.
    this.journal?.rewrite(state);
  }

  /** The state, tracked: every write through it is persisted at the next commit. */
  getState(): MockState {
    return this.tracker.state;
  }

  /** The state untracked, for read-only views that must be fast. Never write through it. */
  readState(): MockState {
    return this.tracker.raw;
  }

  /**
   * A view computed from the raw state once per version of the parts it reads (the index a list
   * route answers from), so that reads between two writes share one computation and a write
   * elsewhere (a usage-statistics event, say) keeps it. The top-level keys `compute` reads are
   * recorded as it runs; it must read the state only through its argument and synchronously. The
   * value is shared: callers copy before they sort or change it.
   */
  memo<T>(key: string, compute: (state: MockState) => T): T {
    this.commit();
    const cached = this.memos.get(key);
    if (cached && [...cached.reads].every(([read, v]) => (this.keyVersions.get(read) ?? 0) === v)) {
      // Verify mode: a view that reads the state past its argument would be served stale.
      if (this.verify && JSON.stringify(compute(this.readState())) !== JSON.stringify(cached.value))
        throw new Error(
          `The memoised view "${key}" read the state past its argument: it went stale`,
        );
      return cached.value as T;
    }
    const reads = new Map<string, number>();
    const raw = this.readState();
    const recording = new Proxy(raw, {
      get: (target, property, receiver) => {
        if (typeof property === 'string' && !reads.has(property))
          reads.set(property, this.keyVersions.get(property) ?? 0);
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const value = compute(recording);
    this.memos.set(key, { reads, value });
    return value;
  }

  /** Persists what changed since the last commit (one journal line). */
  commit(): void {
    if (!this.tracker.dirty()) return;
    const changes = this.tracker.takeChanges();
    this.commits += 1;
    for (const { key } of changes) this.keyVersions.set(key, (this.keyVersions.get(key) ?? 0) + 1);
    if (this.shadow) this.check(changes);
    if (!this.journal) return;
    this.journal.append(changes, this.readState());
    if (this.journal.compactSoon) {
      this.journal.compactSoon = false;
      nextTurn(() => void this.compaction());
    }
  }

  /**
   * Verify mode: commits what is pending and throws when the state differs from its journal's
   * replay anywhere (a change made past the tracking). Without verify mode it only commits.
   */
  verifyTracking(): void {
    this.commit();
    if (this.shadow) this.check([]);
  }

  /** Undefined when every committed write is on disk, else a promise of that moment. */
  whenDurable(): Promise<void> | undefined {
    this.commit();
    return this.journal?.whenDurable();
  }

  /** The background compaction running now, if any (tests await it). */
  compacting: Promise<void> | undefined;

  private compaction(): Promise<void> {
    this.compacting ??= (this.journal?.compact?.(this.readState()) ?? Promise.resolve()).finally(
      () => {
        this.compacting = undefined;
      },
    );
    return this.compacting;
  }

  /** Replaces the whole state (a reset): written as a new snapshot at once. */
  replace(state: MockState): void {
    this.memos.clear();
    this.tracker = this.start(state);
    this.journal?.rewrite(state);
  }

  /** Syncs and closes the journal (a graceful stop). */
  close(): void {
    this.commit();
    this.journal?.close();
  }

  private start(state: MockState): Tracker<MockState> {
    this.shadow = this.verify ? (JSON.parse(JSON.stringify(state)) as MockState) : undefined;
    this.shadowText = new Map();
    return track(state, () => {
      // A write outside mutate() (a test poking the state) is committed on the next turn.
      if (this.commitScheduled) return;
      this.commitScheduled = true;
      nextTurn(() => {
        this.commitScheduled = false;
        this.commit();
      });
    });
  }

  /** The shadow's keys as JSON, recomputed only for the keys a journal line touched. */
  private shadowText = new Map<string, string>();

  private check(changes: Change[]): void {
    const shadow = this.shadow! as unknown as Record<string, unknown>;
    applyChanges(shadow, changes, true);
    for (const change of changes) this.shadowText.delete(change.key);
    const raw = this.readState() as unknown as Record<string, unknown>;
    const keys = new Set([...Object.keys(raw), ...Object.keys(shadow)]);
    const differing = [...keys].filter((key) => {
      let expected = this.shadowText.get(key);
      if (expected === undefined) {
        expected = JSON.stringify(shadow[key]) ?? '';
        this.shadowText.set(key, expected);
      }
      return (JSON.stringify(raw[key]) ?? '') !== expected;
    });
    if (differing.length > 0) {
      this.shadow = JSON.parse(JSON.stringify(raw)) as MockState;
      this.shadowText.clear();
      throw new Error(
        `A write changed the mock state past its tracking (it would not be persisted): ${differing.join(', ')}`,
      );
    }
  }
}

/** Brings the store back to the fixtures: the same ids after every reset. */
export function resetDb(db: MockDb): void {
  db.replace(db.seed());
}

/**
 * Reads, changes and persists the state in one step. A change that refuses the request returns
 * `false` (having changed nothing).
 */
export function mutate(db: MockDb, change: (state: MockState) => void | boolean): void {
  try {
    change(db.getState());
  } finally {
    db.commit();
  }
}

/**
 * Holds every answer until the writes committed before it are on disk: a client never sees an
 * acknowledgement (or data) that a kill -9 could take back. Waiting answers share one fsync.
 */
export function durableResponses(db: MockDb): RequestHandler {
  return (_req, res, next) => {
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.end = ((...args: unknown[]) => {
      const durable = db.whenDurable();
      if (!durable) return end(...args);
      durable.then(
        () => end(...args),
        (error: unknown) => res.destroy(error instanceof Error ? error : undefined),
      );
      return res;
    }) as Response['end'];
    next();
  };
}
