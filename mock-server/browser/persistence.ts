import { memoryAttachmentStore, type AttachmentStore } from '../lib/attachments';
import type { StatePersistence } from '../store/db';
import type { KeyValueDb } from './idb';

const STATE_KEY = 'state';
const ATTACHMENT_PREFIX = 'attachment:';

/** What a visit finds in IndexedDB before the store opens (IndexedDB answers only asynchronously). */
export interface KeptData {
  state: Record<string, unknown> | undefined;
  attachments: [string, Uint8Array][];
}

export async function readKept(kv: KeyValueDb): Promise<KeptData> {
  const [state, attachments] = await Promise.all([
    kv.get<Record<string, unknown>>(STATE_KEY),
    kv.entries<Uint8Array>(ATTACHMENT_PREFIX),
  ]);
  return { state, attachments };
}

/**
 * The store's state in IndexedDB, as whole snapshots: every write of one turn is folded into one
 * `put` of the state after them (IndexedDB clones the object when `put` is called). `discarded`
 * tells that a kept state was refused (another SCHEMA_VERSION): the store starts from the seed.
 */
export class IndexedDbStatePersistence implements StatePersistence {
  discarded = false;
  private pending: object | undefined;
  /** The state `load` gave, until the store's first rewrite of it. */
  private loaded: object | undefined;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly kv: KeyValueDb,
    private kept: Record<string, unknown> | undefined,
  ) {}

  load(accept: (state: Record<string, unknown>) => boolean): Record<string, unknown> | undefined {
    const kept = this.kept;
    this.kept = undefined;
    if (kept === undefined) return undefined;
    if (accept(kept)) {
      this.loaded = kept;
      return kept;
    }
    this.discarded = true;
    return undefined;
  }

  rewrite(state: object): void {
    // The store opens by rewriting what it loaded (a journal's compaction): here it is kept as is.
    if (state === this.loaded) {
      this.loaded = undefined;
      return;
    }
    this.schedule(state);
  }

  append(_changes: unknown, state: object): void {
    this.schedule(state);
  }

  /**
   * Another tab of this browser kept a newer state: the store is about to `replace` its own by it,
   * which is then not written back.
   */
  adopt(state: object): void {
    this.loaded = state;
  }

  whenDurable(): Promise<void> | undefined {
    return this.flushing;
  }

  close(): void {
    this.kv.close();
  }

  private schedule(state: object) {
    this.pending = state;
    this.flushing ??= this.flush();
  }

  private async flush(): Promise<void> {
    try {
      // The writes of the same turn join this one snapshot.
      await Promise.resolve();
      while (this.pending) {
        const state = this.pending;
        this.pending = undefined;
        await this.kv.put(STATE_KEY, state);
      }
    } finally {
      this.flushing = undefined;
    }
  }
}

/** Uploaded bytes in memory for the handlers, copied to IndexedDB so that a reload keeps them. */
export function indexedDbAttachmentStore(
  kv: KeyValueDb,
  kept: [string, Uint8Array][],
): AttachmentStore & {
  whenDurable(): Promise<unknown>;
  /** Takes what another tab kept in place of what this one holds. */
  adopt(files: [string, Uint8Array][]): void;
} {
  const memory = memoryAttachmentStore();
  const adopt = (files: [string, Uint8Array][]) => {
    memory.clear();
    for (const [key, bytes] of files)
      memory.put(Number(key.slice(ATTACHMENT_PREFIX.length)), bytes);
  };
  adopt(kept);
  let writes: Promise<unknown> = Promise.resolve();
  const queue = (write: () => Promise<void>) => {
    writes = writes.then(write, write);
  };
  return {
    get: (id) => memory.get(id),
    put(id, bytes) {
      memory.put(id, bytes);
      queue(() => kv.put(`${ATTACHMENT_PREFIX}${id}`, bytes));
    },
    clear() {
      memory.clear();
      queue(() => kv.deletePrefix(ATTACHMENT_PREFIX));
    },
    whenDurable: () => writes,
    adopt,
  };
}
