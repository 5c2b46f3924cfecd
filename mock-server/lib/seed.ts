import type { Faker } from '@faker-js/faker';
import type { MockState } from '../store/state';

/** What every seed part is given: the seed's shared faker stream. */
export interface SeedContext {
  /**
   * The shared stream, drawn in the order the parts run: a part that draws from it fixes the
   * records of every part that draws after it. Most parts keep a Faker of their own seed instead.
   */
  faker: Faker;
}

/** The collections built so far: those of the parts a part runs after. */
export type SeedSoFar = Partial<MockState>;

/**
 * An area's part of the seed: its collections of the store, built from fixtures, a faker of its
 * own seed, and the records of the parts it runs after.
 */
export interface SeedPart {
  /** The name other parts' `after` lists give it. */
  name: string;
  /**
   * The parts whose records it reads (or changes): it runs after them. `'all'` runs it after
   * every part that is not `'all'` itself; those run in the order of AREAS.
   */
  after?: readonly string[] | 'all';
  build(context: SeedContext, built: SeedSoFar): Partial<MockState>;
}

/** The collections `keys` of the seed so far; a part that reads one before it is built throws. */
export function seeded<K extends keyof MockState>(
  built: SeedSoFar,
  ...keys: K[]
): Pick<MockState, K> {
  const missing = keys.filter((key) => built[key] === undefined);
  if (missing.length > 0) {
    throw new Error(
      `The seed reads ${missing.join(', ')} before it is built: name its part in after`,
    );
  }
  return built as Pick<MockState, K>;
}

/**
 * The order the parts run in: each after the parts it names, otherwise in the order given (AREAS'
 * order), the `'all'` parts last. Throws on an unknown name, a name given twice, or a cycle.
 */
export function seedOrder(parts: readonly SeedPart[]): SeedPart[] {
  const names = new Set<string>();
  for (const part of parts) {
    if (names.has(part.name)) throw new Error(`Two seed parts are named ${part.name}`);
    names.add(part.name);
  }
  const last = parts.filter((part) => part.after === 'all');
  const first = parts.filter((part) => part.after !== 'all');
  for (const part of first) {
    for (const name of part.after ?? []) {
      if (!names.has(name))
        throw new Error(`Seed part ${part.name} runs after ${name}: no such part`);
      if (last.some((other) => other.name === name)) {
        throw new Error(`Seed part ${part.name} runs after ${name}, which runs after all`);
      }
    }
  }
  const order: SeedPart[] = [];
  const done = new Set<string>();
  const pending = [...first];
  while (pending.length > 0) {
    const index = pending.findIndex((part) =>
      (part.after === 'all' ? [] : (part.after ?? [])).every((name) => done.has(name)),
    );
    if (index < 0) {
      throw new Error(
        `The seed parts ${pending.map((part) => part.name).join(', ')} wait on each other`,
      );
    }
    const [next] = pending.splice(index, 1);
    order.push(next!);
    done.add(next!.name);
  }
  return [...order, ...last];
}

/** Runs the parts in their order; each part's collections join the seed so far. */
export function runSeedParts(parts: readonly SeedPart[], context: SeedContext): SeedSoFar {
  const built: SeedSoFar = {};
  for (const part of seedOrder(parts)) Object.assign(built, part.build(context, built));
  return built;
}
