import type { DependencyType } from '../../../src/api/contract/placement';

/** A programme of the catalogue: a named grouping of projects of one account. */
export interface StoredProgramme {
  id: number;
  name: string;
  code: string;
  description: string;
  account_id: number;
}

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

/** `from_project_id` depends on `to_project_id`. */
export interface StoredDependency {
  id: number;
  from_project_id: number;
  to_project_id: number;
  type: DependencyType;
  note: string;
  due_date: string | null;
  created_at: string;
  updated_at: string;
}

/** The Project portfolio tab's records (part of MockState). */
export interface PlacementState {
  programmes: StoredProgramme[];
  projectPlacements: StoredPlacement[];
  projectRelations: StoredRelation[];
  projectDependencies: StoredDependency[];
}
