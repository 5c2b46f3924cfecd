import type { DexPracticeCode } from '../../../src/api/contract/dexSetup';

/** One practice of a saved DEX set up. */
export interface StoredDexPractice {
  code: DexPracticeCode;
  in_scope: boolean;
  reason: string;
  owner_id: number | null;
  start_period: string | null;
}

/** A project's saved DEX set up: every practice of the catalogue, in its order. */
export interface StoredDexSetup {
  project_id: number;
  practices: StoredDexPractice[];
  updated_at: string;
  updated_by_id: number;
}

/** The DEX set ups of the projects (part of MockState); a project without one has the defaults. */
export interface DexSetupsState {
  dexSetups: StoredDexSetup[];
}
