import type { ProjectDependency, Programme } from '../../../src/api/contract/placement';

/** A programme of the catalogue: a named grouping of projects of one account. */
export type StoredProgramme = Omit<Programme, 'account'> & { account_id: number };

/** A project's programme and parent; a project without either has no row. */
export interface StoredPlacement {
  project_id: number;
  programme_id: number | null;
  parent_id: number | null;
}

/** Two related projects, the lower id first: a relation reads the same from both. */
export interface StoredRelation {
  id: number;
  project_ids: [number, number];
}

/** `from_project_id` depends on `to_project_id` (the direction is the reader's). */
export type StoredDependency = Omit<ProjectDependency, 'direction' | 'project'> & {
  from_project_id: number;
  to_project_id: number;
};

/** The Project portfolio tab's records (part of MockState). */
export interface PlacementState {
  programmes: StoredProgramme[];
  projectPlacements: StoredPlacement[];
  projectRelations: StoredRelation[];
  projectDependencies: StoredDependency[];
}

declare module '../../store/state' {
  interface AreaStates {
    placement: PlacementState;
  }
}
