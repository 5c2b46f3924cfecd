import { describe, expect, it } from 'vitest';
import { applyChanges, track, type Change } from './tracking';

interface Row {
  id: number;
  name: string;
  tags: string[];
  nested?: { deep: { value: number } };
}
interface State {
  meta: { version: number };
  rows: Row[];
  words: string[];
}

const initial = (): State => ({
  meta: { version: 1 },
  rows: [
    { id: 1, name: 'one', tags: ['a'], nested: { deep: { value: 1 } } },
    { id: 2, name: 'two', tags: [] },
    { id: 3, name: 'three', tags: ['c'] },
  ],
  words: ['x'],
});

/** Runs a change through the tracker and checks that its journal replays to the same state. */
function journalOf(change: (state: State) => void): {
  changes: Change[];
  replayed: State;
  live: State;
} {
  const live = initial();
  const tracker = track(live);
  change(tracker.state);
  const changes = tracker.takeChanges();
  const replayed = initial();
  applyChanges(replayed, JSON.parse(JSON.stringify(changes)) as Change[]);
  expect(replayed).toEqual(live);
  return { changes, replayed, live };
}

describe('change tracking', () => {
  it('journals a write deep inside a record as that record only', () => {
    const { changes } = journalOf((state) => {
      const row = state.rows.find((candidate) => candidate.id === 1)!;
      row.nested!.deep.value = 42;
      row.tags.push('b');
    });
    expect(changes).toEqual([
      {
        key: 'rows',
        index: 0,
        value: { id: 1, name: 'one', tags: ['a', 'b'], nested: { deep: { value: 42 } } },
      },
    ]);
  });

  it('journals an appended record as that record, not the whole array', () => {
    const { changes } = journalOf((state) => {
      state.rows.push({ id: 4, name: 'four', tags: [] });
      state.rows.push({ id: 5, name: 'five', tags: [] });
    });
    expect(changes.map((change) => ('index' in change ? change.index : 'whole'))).toEqual([3, 4]);
  });

  it('journals a removal or a reorder as the whole array, and the later record writes with it', () => {
    const { changes } = journalOf((state) => {
      const third = state.rows[2]!;
      state.rows.splice(0, 1);
      third.name = 'moved and renamed';
    });
    expect(changes).toEqual([{ key: 'rows', value: expect.any(Array) }]);

    const sorted = journalOf((state) => {
      state.rows.sort((a, b) => b.id - a.id);
    });
    expect(sorted.live.rows.map((row) => row.id)).toEqual([3, 2, 1]);
  });

  it('follows a record by identity when an earlier record is removed after it was written', () => {
    journalOf((state) => {
      const last = state.rows[2]!;
      last.name = 'renamed first';
      state.rows.splice(0, 1);
    });
  });

  it('journals assigned top-level keys, top-level objects and arrays of plain values whole', () => {
    const { changes } = journalOf((state) => {
      state.meta.version = 2;
      state.words.push('y');
      state.rows = state.rows.filter((row) => row.id !== 2);
    });
    expect(changes.map((change) => change.key).sort()).toEqual(['meta', 'rows', 'words']);
    expect(changes.every((change) => !('index' in change))).toBe(true);
  });

  it('hands out the same proxy for the same object, so identity comparisons hold', () => {
    const tracker = track(initial());
    const found = tracker.state.rows.find((row) => row.id === 2);
    expect(found).toBe(tracker.state.rows[1]);
    expect(tracker.state.rows.indexOf(found!)).toBe(1);
  });

  it('stores raw objects: a proxy written into the state is unwrapped, also inside new values', () => {
    const live = initial();
    const tracker = track(live);
    const first = tracker.state.rows[0]!;
    tracker.state.rows.push({ id: 9, name: 'copy', tags: first.tags, nested: first.nested });
    expect(live.rows[3]!.tags).toBe(live.rows[0]!.tags);
    expect(JSON.parse(JSON.stringify(tracker.state))).toEqual(live);
  });

  it('serialises through toJSON without walking the proxies, and reports nothing when nothing changed', () => {
    const live = initial();
    const tracker = track(live);
    expect(JSON.stringify(tracker.state.rows[0])).toBe(JSON.stringify(live.rows[0]));
    expect(tracker.state.rows.map((row) => row.name)).toEqual(['one', 'two', 'three']);
    expect(tracker.dirty()).toBe(false);
    expect(tracker.takeChanges()).toEqual([]);
  });

  it('calls onDirty once when the first change since the last take is marked', () => {
    let calls = 0;
    const tracker = track(initial(), () => {
      calls += 1;
    });
    tracker.state.rows[0]!.name = 'a';
    tracker.state.rows[1]!.name = 'b';
    expect(calls).toBe(1);
    tracker.takeChanges();
    tracker.state.meta.version = 3;
    expect(calls).toBe(2);
  });

  it('refuses to replay a journal that does not fit the state', () => {
    expect(() => applyChanges(initial(), [{ key: 'rows', index: 7, value: { id: 8 } }])).toThrow(
      /does not fit/,
    );
  });
});
