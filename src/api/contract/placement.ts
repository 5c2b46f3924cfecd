/**
 * The project card's Project portfolio tab (spec §2): where the project sits and what it is linked
 * to. Its account, business line and segment come from `GET /api/projects/{id}/`; this tab adds its
 * programme (a named grouping of projects of one account), its parent project, related projects
 * and the dependencies between projects, in both directions. Spec §7 says the project calls are
 * "not shown": these are the calls this product designs, DRF-style. The SPA, the mock server and
 * the pact tests import them.
 *
 * Everyone who sees the card reads it (CAN_VIEW_PROJECT_CARD); every change needs
 * CAN_EDIT_PROJECT_CARD and lands in the card's History under 'Project portfolio' (a dependency
 * or a relation in the other project's History too).
 */
import type { ProjectStatus } from './projects';
import type { NamedRef } from './risks';

export const PLACEMENT_EDIT_FLAG = 'CAN_EDIT_PROJECT_CARD';

/** The card's History section of every change made on this tab. */
export const PLACEMENT_SECTION = 'Project portfolio';

/** `GET /api/programmes/`: the catalogue, by name. A programme groups projects of one account. */
export interface Programme {
  id: number;
  name: string;
  code: string;
  description: string;
  account: NamedRef;
}

/** Another project as the tab names it, linked to its card. */
export interface ProjectLink {
  id: number;
  name: string;
  code: string;
  account: NamedRef;
  status: ProjectStatus;
}

export const DEPENDENCY_TYPES = [
  'finish_to_start',
  'start_to_start',
  'finish_to_finish',
  'deliverable',
  'shared_resource',
  'data_interface',
] as const;
export type DependencyType = (typeof DEPENDENCY_TYPES)[number];

export const DEPENDENCY_TYPE_LABELS: Record<DependencyType, string> = {
  finish_to_start: 'Finish to start',
  start_to_start: 'Start to start',
  finish_to_finish: 'Finish to finish',
  deliverable: 'Deliverable',
  shared_resource: 'Shared resource',
  data_interface: 'Data or interface',
};

/**
 * Which way a dependency runs, seen from the project of the URL: it depends on the other project,
 * or the other project depends on it. The other project's record shows the reverse.
 */
export const DEPENDENCY_DIRECTIONS = ['depends_on', 'depended_on_by'] as const;
export type DependencyDirection = (typeof DEPENDENCY_DIRECTIONS)[number];

export const DEPENDENCY_DIRECTION_LABELS: Record<DependencyDirection, string> = {
  depends_on: 'This project depends on it',
  depended_on_by: 'It depends on this project',
};

export const DEPENDENCY_LIMITS = { note: 500 } as const;

/** One dependency, seen from the project of the URL. */
export interface ProjectDependency {
  id: number;
  direction: DependencyDirection;
  /** The other project. */
  project: ProjectLink;
  type: DependencyType;
  /** Empty when none was given. */
  note: string;
  /** `YYYY-MM-DD` by which the dependency must be met; null when none was agreed. */
  due_date: string | null;
  created_at: string;
  updated_at: string;
}

/** `GET /api/projects/{id}/placement/` (CAN_VIEW_PROJECT_CARD). */
export interface ProjectPlacement {
  programme: Programme | null;
  /** The other projects of the programme, by name. */
  programme_projects: ProjectLink[];
  parent: ProjectLink | null;
  /** The projects whose parent this project is, by name. */
  children: ProjectLink[];
  /** Related both ways (a relation shows on both projects), by name. */
  related: ProjectLink[];
  /** Both directions, by due date (none last), then by the other project's name. */
  dependencies: ProjectDependency[];
}

/**
 * `PATCH /api/projects/{id}/placement/` (CAN_EDIT_PROJECT_CARD): either or both; null clears.
 * Answers the whole `ProjectPlacement`.
 */
export interface PlacementPatch {
  programme_id?: number | null;
  parent_id?: number | null;
}

/**
 * `POST /api/projects/{id}/related-projects/` (CAN_EDIT_PROJECT_CARD): 201 with the `ProjectLink`.
 * `DELETE /api/projects/{id}/related-projects/{otherId}/`: 204 (404 when they are not related).
 */
export interface NewRelatedProject {
  project_id: number;
}

/** `POST /api/projects/{id}/dependencies/` (CAN_EDIT_PROJECT_CARD): 201 with the dependency. */
export interface NewDependency {
  direction: DependencyDirection;
  project_id: number;
  type: DependencyType;
  note?: string;
  due_date?: string | null;
}

/**
 * `PATCH /api/projects/{id}/dependencies/{did}/` (CAN_EDIT_PROJECT_CARD): the type, the note and the
 * due date; the projects and the direction stay (delete and add instead). Reachable from either
 * project. `DELETE` there: 204.
 */
export type DependencyPatch = Partial<Pick<NewDependency, 'type' | 'note' | 'due_date'>>;

/** The 400s of the rules, each on its field. */
export const PLACEMENT_MESSAGES = {
  ownParent: 'A project cannot be its own parent.',
  parentCycle:
    'The chosen project sits under this one: a project cannot be placed under its own sub-project.',
  programmeAccount: 'This programme belongs to another account than the project.',
  ownRelated: 'A project cannot be related to itself.',
  alreadyRelated: 'The two projects are already related.',
  ownDependency: 'A project cannot depend on itself.',
  duplicateDependency: 'This dependency between the two projects already exists with this type.',
} as const;

/** How History and the tab name a project: 'Handmade Ball panel (HBP-0001)'. */
export const projectName = (project: { name: string; code: string }) =>
  project.code ? `${project.name} (${project.code})` : project.name;
