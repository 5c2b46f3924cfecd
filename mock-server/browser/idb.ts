/**
 * A small promise wrapper over the plain IndexedDB API: one database, one key-value object store.
 * The static demo keeps its state and its uploads there (one visitor, one browser).
 */
export interface KeyValueDb {
  get<T>(key: string): Promise<T | undefined>;
  /** Every entry whose key starts with `prefix`. */
  entries<T>(prefix: string): Promise<[string, T][]>;
  put(key: string, value: unknown): Promise<void>;
  /** Deletes every key that starts with `prefix`. */
  deletePrefix(prefix: string): Promise<void>;
  close(): void;
}

const STORE = 'kv';

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

const committed = (transaction: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = transaction.onerror = () =>
      reject(transaction.error ?? new Error('IndexedDB transaction failed'));
  });

/** The key range of every key that starts with `prefix`. */
const startingWith = (prefix: string) => IDBKeyRange.bound(prefix, `${prefix}\uffff`);

export async function openKeyValueDb(name: string): Promise<KeyValueDb> {
  const opening = indexedDB.open(name, 1);
  opening.onupgradeneeded = () => {
    if (!opening.result.objectStoreNames.contains(STORE)) opening.result.createObjectStore(STORE);
  };
  const db = await done(opening);
  const store = (mode: IDBTransactionMode) => {
    const transaction = db.transaction(STORE, mode);
    return { transaction, store: transaction.objectStore(STORE) };
  };
  return {
    async get<T>(key: string) {
      return (await done(store('readonly').store.get(key))) as T | undefined;
    },
    async entries<T>(prefix: string) {
      const { store: kv } = store('readonly');
      const [keys, values] = await Promise.all([
        done(kv.getAllKeys(startingWith(prefix))),
        done(kv.getAll(startingWith(prefix))),
      ]);
      return keys.map((key, index) => [String(key), values[index] as T]);
    },
    put(key, value) {
      const { transaction, store: kv } = store('readwrite');
      kv.put(value, key);
      return committed(transaction);
    },
    deletePrefix(prefix) {
      const { transaction, store: kv } = store('readwrite');
      kv.delete(startingWith(prefix));
      return committed(transaction);
    },
    close: () => db.close(),
  };
}
