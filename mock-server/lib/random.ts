/**
 * Small seeded generators for the benches' volumes: the same seed gives the same values on every
 * start, and a draw costs a few nanoseconds (faker's sequence is far too slow for 100 000 rows).
 */

/** Mulberry32: a number in [0, 1) per call. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Draws of one seeded sequence: a chance, a whole number, one or some elements of a list. */
export function seededDraws(seed: number) {
  const random = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  return {
    random,
    int,
    pick,
    chance: (probability: number) => random() < probability,
    /** Up to `max` distinct elements, in the list's order. */
    some: <T>(items: readonly T[], max: number): T[] => {
      const count = int(0, max);
      const chosen = new Set<number>();
      while (chosen.size < count) chosen.add(int(0, items.length - 1));
      return [...chosen].sort((a, b) => a - b).map((index) => items[index]!);
    },
  };
}
