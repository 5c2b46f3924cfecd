import type { DexPracticeInput } from '../../../src/api/contract/dexSetup';

/** One practice of a saved DEX set up, as the PUT gives it. */
export type StoredDexPractice = DexPracticeInput;

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

declare module '../../store/state' {
  interface AreaStates {
    dexSetup: DexSetupsState;
  }
}
