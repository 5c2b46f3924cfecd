import type { RaciFunction, RaciLetter, RaciStatus } from '../../../src/api/contract/raci';

/** Activity code → role id → letter; an empty cell is left out. */
export type StoredRaciCells = Record<string, Record<string, RaciLetter>>;

export interface StoredRaciValidation {
  cells: StoredRaciCells;
  validated_by_id: number;
  validated_at: string;
}

/** One function's matrix of one project, as the backend keeps it. */
export interface StoredRaciMatrix {
  project_id: number;
  function: RaciFunction;
  cells: StoredRaciCells;
  status: RaciStatus;
  validated_by_id: number | null;
  validated_at: string | null;
  updated_by_id: number | null;
  updated_at: string | null;
  /** The last validated version; null when the matrix was never validated. */
  snapshot: StoredRaciValidation | null;
}

/**
 * Part of MockState: the matrices saved or validated since the seed. Every other matrix is its
 * seeded one, built on demand from the project and the function with a fixed seed (the same after
 * every reset): 240 projects × 8 functions would otherwise add half a megabyte to every write of
 * the demo's state file.
 */
export interface RaciState {
  raciMatrices: StoredRaciMatrix[];
}
