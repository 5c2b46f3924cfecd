import type { RaciLetter, RaciMatrix, RaciSnapshot } from '../../../src/api/contract/raci';

/** Activity code → role id → letter; an empty cell is left out. */
export type StoredRaciCells = Record<string, Record<string, RaciLetter>>;

/** The last validated version: its cells, and who validated it (by id). */
export type StoredRaciValidation = Pick<RaciSnapshot, 'validated_at'> & {
  cells: StoredRaciCells;
  validated_by_id: number;
};

/** One function's matrix of one project, as the backend keeps it: the people by id. */
export type StoredRaciMatrix = Pick<
  RaciMatrix,
  'project_id' | 'function' | 'status' | 'validated_at' | 'updated_at'
> & {
  cells: StoredRaciCells;
  validated_by_id: number | null;
  updated_by_id: number | null;
  /** The last validated version; null when the matrix was never validated. */
  snapshot: StoredRaciValidation | null;
};

/**
 * Part of MockState: the matrices saved or validated since the seed. Every other matrix is its
 * seeded one, built on demand from the project and the function with a fixed seed (the same after
 * every reset): 240 projects × 8 functions would otherwise add half a megabyte to every write of
 * the demo's state file.
 */
export interface RaciState {
  raciMatrices: StoredRaciMatrix[];
}

declare module '../../store/state' {
  interface AreaStates {
    raci: RaciState;
  }
}
