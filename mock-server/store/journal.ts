import {
  closeSync,
  fdatasync,
  fdatasyncSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { open, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { writeFileAtomic } from './atomicFile';
import { applyChanges, type Change } from './tracking';

/** Past this size the journal is folded into a new snapshot, in the background. */
const COMPACT_AT_BYTES = 8 * 1024 * 1024;

export interface JournalOptions {
  compactAtBytes?: number;
  onError?: (error: unknown) => void;
}

interface Waiter {
  seq: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * The mock's state on disk: a snapshot (`db.json`) and an append-only journal of the changes
 * since (`db.json.journal.<generation>`, one JSON line per write).
 *
 * - A write appends one line and is acknowledged once the line is fsynced; writes that arrive
 *   while an fsync runs share the next one (group commit), so a kill -9 loses no acknowledged
 *   write and the server never rewrites the whole state per write.
 * - When the journal passes 8 MB, the state is written as a new snapshot of the next generation
 *   (temp file, fsync, rename) while new writes go to the next journal; the old journal is removed
 *   once the snapshot is in place. A crash at any point leaves a snapshot and the journals at or
 *   after its generation, which replay to the last acknowledged write.
 * - At open: temp files of interrupted snapshot writes are removed, journals older than the
 *   snapshot are removed, and a torn last line (a kill mid-append, never acknowledged) is ignored.
 */
export class Journal {
  private generation = 0;
  private fd = -1;
  private bytes = 0;
  /** Lines appended (all files), and of those the ones known to be on disk. */
  private seq = 0;
  private durable = 0;
  private syncing = false;
  private waiters: Waiter[] = [];
  /** Descriptors of journals replaced by a compaction, closed once no fsync uses them. */
  private retired: number[] = [];
  /** Bumped by every snapshot write: a background compaction that lost the race is dropped. */
  private epoch = 0;
  private compacting = false;

  private readonly compactAtBytes: number;
  private readonly onError: (error: unknown) => void;

  constructor(
    private readonly path: string,
    options: JournalOptions = {},
  ) {
    this.compactAtBytes = options.compactAtBytes ?? COMPACT_AT_BYTES;
    this.onError = options.onError ?? ((error) => console.error(error));
  }

  /**
   * The state on disk (the snapshot with its journals replayed), or undefined when there is none
   * or it cannot be trusted (unreadable, another schema version). Either way the caller then
   * calls `rewrite()`, which starts a clean generation.
   */
  load(accept: (state: Record<string, unknown>) => boolean): Record<string, unknown> | undefined {
    mkdirSync(dirname(this.path), { recursive: true });
    this.removeLitter();
    const persisted = readPersisted(this.path);
    if (persisted && accept(persisted.state)) {
      this.generation = persisted.generation;
      return persisted.state;
    }
    // Rejected data (another schema, a journal that does not fit): the clean generation `rewrite()`
    // starts must come after every journal on disk, so that it removes them all and a restart
    // never replays another build's writes over the fresh state.
    this.generation = Math.max(
      persisted?.generation ?? 0,
      ...journalsOf(this.path).map((file) => file.generation),
    );
    return undefined;
  }

  /** Writes the whole state as the snapshot of a new generation and starts an empty journal. */
  rewrite(state: object): void {
    this.epoch += 1;
    const generation = this.generation + 1;
    writeFileAtomic(this.path, snapshotText(state, generation));
    this.switchJournal(generation);
    this.removeJournalsBefore(generation);
  }

  /** Appends one write's changes; `whenDurable()` tells when it is on disk. */
  append(changes: readonly Change[]): void {
    if (this.fd < 0) this.switchJournal(this.generation);
    const line = Buffer.from(`${JSON.stringify(changes)}\n`);
    let written = 0;
    while (written < line.length) written += writeSync(this.fd, line, written);
    this.bytes += line.length;
    this.seq += 1;
    this.kick();
    if (this.bytes >= this.compactAtBytes && !this.compacting) this.compactSoon = true;
  }

  /** Set when the journal is due for compaction; the owner calls `compact()` with the state. */
  compactSoon = false;

  /** Undefined when every appended line is on disk, else a promise of that moment. */
  whenDurable(): Promise<void> | undefined {
    if (this.durable >= this.seq) return undefined;
    const seq = this.seq;
    return new Promise((resolve, reject) => {
      this.waiters.push({ seq, resolve, reject });
    });
  }

  /** Folds the journal into a new snapshot in the background (the state is read now). */
  async compact(state: object): Promise<void> {
    if (this.compacting) return;
    this.compacting = true;
    this.compactSoon = false;
    const epoch = ++this.epoch;
    const generation = this.generation + 1;
    try {
      const text = snapshotText(state, generation);
      this.switchJournal(generation);
      const temp = `${this.path}.${process.pid}.${Date.now()}.tmp`;
      try {
        await writeFile(temp, text);
        const handle = await open(temp, 'r+');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        // A reset that wrote a newer snapshot meanwhile wins; check and rename in one turn.
        if (epoch !== this.epoch) return;
        renameSync(temp, this.path);
      } finally {
        await rm(temp, { force: true });
      }
      if (epoch === this.epoch) this.removeJournalsBefore(generation);
    } catch (error) {
      this.onError(error);
    } finally {
      this.compacting = false;
    }
  }

  /** Stops writing: the current journal is synced and closed. */
  close(): void {
    if (this.fd >= 0) {
      fdatasyncSync(this.fd);
      this.settle(this.seq);
      this.retired.push(this.fd);
      this.fd = -1;
    }
    this.closeRetired();
  }

  private switchJournal(generation: number): void {
    if (this.fd >= 0) {
      // Everything in the old journal is on disk before anything lands in the new one.
      fdatasyncSync(this.fd);
      this.settle(this.seq);
      this.retired.push(this.fd);
      this.closeRetired();
    }
    this.fd = openSync(this.journalPath(generation), 'a');
    this.syncDirectory();
    this.bytes = 0;
    this.generation = generation;
  }

  /** One fsync at a time; the lines appended while it runs wait for the next (group commit). */
  private kick(): void {
    if (this.syncing || this.durable >= this.seq || this.fd < 0) return;
    this.syncing = true;
    const target = this.seq;
    fdatasync(this.fd, (error) => {
      this.syncing = false;
      if (error) this.fail(error);
      else this.settle(target);
      this.closeRetired();
      this.kick();
    });
  }

  private settle(seq: number): void {
    this.durable = Math.max(this.durable, seq);
    const done = this.waiters.filter((waiter) => waiter.seq <= this.durable);
    this.waiters = this.waiters.filter((waiter) => waiter.seq > this.durable);
    for (const waiter of done) waiter.resolve();
  }

  private fail(error: Error): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter.reject(error);
    this.onError(error);
  }

  private closeRetired(): void {
    if (this.syncing) return;
    for (const fd of this.retired) closeSync(fd);
    this.retired = [];
  }

  private journalPath(generation: number): string {
    return `${this.path}.journal.${generation}`;
  }

  private removeJournalsBefore(generation: number): void {
    for (const file of journalsOf(this.path))
      if (file.generation < generation) rmSync(file.path, { force: true });
  }

  /** Temp files of snapshot writes a kill interrupted. */
  private removeLitter(): void {
    const prefix = `${basename(this.path)}.`;
    for (const name of readdirSync(dirname(this.path)))
      if (name.startsWith(prefix) && name.endsWith('.tmp'))
        rmSync(join(dirname(this.path), name), { force: true });
  }

  /** A new journal's name is on disk before a write in it is acknowledged. */
  private syncDirectory(): void {
    let fd = -1;
    try {
      fd = openSync(dirname(this.path), 'r');
      fsyncSync(fd);
    } catch {
      // Some file systems cannot fsync a directory; the file's own fsync still holds.
    } finally {
      if (fd >= 0) closeSync(fd);
    }
  }
}

/**
 * The state a data file holds: its snapshot with the journals of its generation and after
 * replayed. Undefined when there is no snapshot, it is not JSON, or a journal line does not fit
 * the state it replays onto. Reads only.
 */
export function readPersisted(
  path: string,
): { state: Record<string, unknown>; generation: number } | undefined {
  let state: Record<string, unknown>;
  try {
    state = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (!state || typeof state !== 'object' || Array.isArray(state)) return undefined;
  const meta = state.meta as { journal?: unknown } | undefined;
  const generation = typeof meta?.journal === 'number' ? meta.journal : 0;
  if (meta) delete meta.journal;
  for (const file of journalsOf(path)) {
    if (file.generation < generation) continue;
    for (const line of readFileSync(file.path, 'utf8').split('\n')) {
      if (!line) continue;
      let changes: Change[];
      try {
        changes = JSON.parse(line) as Change[];
      } catch {
        break; // a torn last line: its write was never acknowledged
      }
      try {
        applyChanges(state, changes);
      } catch {
        return undefined; // a journal that does not fit its snapshot cannot be trusted
      }
    }
  }
  return { state, generation };
}

function journalsOf(path: string): { path: string; generation: number }[] {
  const prefix = `${basename(path)}.journal.`;
  return readdirSync(dirname(path))
    .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
    .map((name) => ({
      path: join(dirname(path), name),
      generation: Number(name.slice(prefix.length)),
    }))
    .sort((a, b) => a.generation - b.generation);
}

function snapshotText(state: object, generation: number): string {
  const { meta, ...rest } = state as { meta?: object };
  return JSON.stringify({ meta: { ...meta, journal: generation }, ...rest });
}
