/**
 * The store's own collections. Each area adds its own to `AreaStates` beside its state type:
 *
 *     declare module '../../store/state' {
 *       interface AreaStates { checks: ChecksState }
 *     }
 */
export interface AreaStates {
  store: {
    meta: { schemaVersion: number };
  };
}

/** `A | B | C` → `A & B & C`. */
type UnionToIntersection<U> = (U extends unknown ? (part: U) => void : never) extends (
  part: infer I,
) => void
  ? I
  : never;

/**
 * Everything the mock backend stores: the collections of every area. Bump SCHEMA_VERSION when the
 * shape of any of them changes (a kept state of another version is replaced by the seed).
 */
export type MockState = UnionToIntersection<AreaStates[keyof AreaStates]>;

export const SCHEMA_VERSION = 21;
