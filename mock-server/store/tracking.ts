/**
 * Change tracking for the mock's state, so that a write persists what it changed and nothing else.
 *
 * The state is a plain JSON tree: an object of top-level keys, most of them arrays of records.
 * `track()` hands out proxies over it; every write through a proxy marks what it touched:
 * - a write anywhere inside a record of a top-level array marks that record (by identity, so the
 *   mark survives records moving within the array),
 * - appending a record to a top-level array marks the new record,
 * - anything else (assigning a top-level key, removing or reordering records, writing into a
 *   top-level object or an array of plain values) marks the whole top-level key.
 *
 * `takeChanges()` turns the marks into journal operations carrying the values as they are now,
 * and `applyChanges()` replays them on a copy of the state in order. Proxies are cached per
 * object, so an object read twice is the same proxy and identity comparisons hold; values written
 * into the state are unwrapped, so the raw tree never holds a proxy.
 */

/** One journal operation: a whole top-level key, or one record of a top-level array by index. */
export type Change =
  { key: string; value: unknown } | { key: string; index: number; value: unknown };

type Tree = Record<string, unknown>;

interface Owner {
  key: string;
  /** The record of a top-level array this object belongs to; absent: the whole key. */
  record?: object;
}

const WHOLE = Symbol('whole key');

export interface Tracker<S extends object> {
  /** The tracked view of the state: read and write through it. */
  readonly state: S;
  /** The raw state: for read-only views that must be fast. Never write through it. */
  readonly raw: S;
  /** Whether anything was marked since the last `takeChanges()`. */
  dirty(): boolean;
  /** The operations that bring a copy taken at the last `takeChanges()` to the current state. */
  takeChanges(): Change[];
}

export function track<S extends object>(raw: S, onDirty?: () => void): Tracker<S> {
  const root = raw as unknown as Tree;
  const proxies = new WeakMap<object, object>();
  const owners = new WeakMap<object, Owner>();
  const marks = new Map<string, Set<object> | typeof WHOLE>();

  const mark = (key: string, record?: object) => {
    const before = marks.size;
    const current = marks.get(key);
    if (current === WHOLE) return;
    if (!record) marks.set(key, WHOLE);
    else if (current) current.add(record);
    else marks.set(key, new Set([record]));
    if (before === 0 && onDirty) onDirty();
  };

  const markOwner = (target: object) => {
    const owner = owners.get(target);
    if (owner) mark(owner.key, owner.record);
  };

  const wrap = (value: unknown, owner: Owner): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const cached = proxies.get(value);
    if (cached) return cached;
    owners.set(value, owner);
    const proxy = new Proxy(value, value === root ? rootHandler : nodeHandler);
    proxies.set(value, proxy);
    targets.set(proxy, value);
    return proxy;
  };

  const rootHandler: ProxyHandler<Tree> = {
    get(target, prop, receiver) {
      if (prop === 'toJSON') return () => target;
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof prop !== 'string') return value;
      return wrap(value, { key: prop });
    },
    set(target, prop, value) {
      target[prop as string] = unwrap(value);
      if (typeof prop === 'string') mark(prop);
      return true;
    },
    deleteProperty(target, prop) {
      delete target[prop as string];
      if (typeof prop === 'string') mark(prop);
      return true;
    },
  };

  const isCollection = (target: object) =>
    Array.isArray(target) && root[owners.get(target)?.key ?? ''] === target;

  const nodeHandler: ProxyHandler<Tree> = {
    get(target, prop, receiver) {
      if (prop === 'toJSON' && !Object.hasOwn(target, 'toJSON')) return () => target;
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'object' || value === null || typeof prop === 'symbol') return value;
      const owner = owners.get(target)!;
      if (isCollection(target) && !owner.record)
        return wrap(value, { key: owner.key, record: value });
      return wrap(value, owner);
    },
    set(target, prop, value) {
      const raw = unwrap(value);
      if (isCollection(target)) collectionWrite(target as unknown as unknown[], prop, raw);
      else markOwner(target);
      (target as Record<string | symbol, unknown>)[prop] = raw;
      return true;
    },
    deleteProperty(target, prop) {
      if (isCollection(target)) mark(owners.get(target)!.key);
      else markOwner(target);
      delete (target as Record<string | symbol, unknown>)[prop];
      return true;
    },
    defineProperty(target, prop, descriptor) {
      if (isCollection(target)) mark(owners.get(target)!.key);
      else markOwner(target);
      return Reflect.defineProperty(target, prop, descriptor);
    },
  };

  /** A write into a top-level array: an append marks the record, anything else the whole key. */
  const collectionWrite = (array: unknown[], prop: string | symbol, value: unknown) => {
    const key = owners.get(array)!.key;
    if (prop === 'length') {
      if (typeof value !== 'number' || value < array.length) mark(key);
      return;
    }
    const index = typeof prop === 'string' && /^\d+$/.test(prop) ? Number(prop) : -1;
    if (index >= 0 && index < array.length && array[index] === value) return;
    if (index === array.length && typeof value === 'object' && value !== null) {
      mark(key, value);
      return;
    }
    mark(key);
  };

  return {
    state: wrap(root, { key: '' }) as S,
    raw,
    dirty: () => marks.size > 0,
    takeChanges() {
      const changes: Change[] = [];
      for (const [key, marked] of marks) {
        const value = root[key];
        if (marked === WHOLE || !Array.isArray(value)) {
          changes.push({ key, value });
          continue;
        }
        const indexes: number[] = [];
        for (const record of marked) {
          const index = value.indexOf(record);
          if (index >= 0) indexes.push(index);
        }
        for (const index of indexes.sort((a, b) => a - b))
          changes.push({ key, index, value: value[index] });
      }
      marks.clear();
      return changes;
    },
  };
}

/** proxy → the object behind it, shared by every tracker (a proxy of one never reaches another). */
const targets = new WeakMap<object, object>();

/** The value with every proxy in it replaced by its object (new values hold proxies they read). */
function unwrap(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const target = targets.get(value);
  if (target) return target;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      const raw = unwrap(item);
      if (raw !== item) value[index] = raw;
    }
  } else {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const item = record[key];
      const raw = unwrap(item);
      if (raw !== item) record[key] = raw;
    }
  }
  return value;
}

/**
 * Replays journal operations on a state (the snapshot they were taken after). Values parsed from
 * disk are used as they are; values taken in memory are copied (`copy`) to stay independent.
 */
export function applyChanges(state: object, changes: readonly Change[], copy = false): void {
  const root = state as Tree;
  for (const change of changes) {
    const value = copy ? clone(change.value) : change.value;
    if (!('index' in change)) {
      if (value === undefined) delete root[change.key];
      else root[change.key] = value;
      continue;
    }
    const array = root[change.key];
    if (!Array.isArray(array) || change.index > array.length) {
      throw new Error(`Journal does not fit the state: ${change.key}[${change.index}]`);
    }
    array[change.index] = value;
  }
}

function clone(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}
