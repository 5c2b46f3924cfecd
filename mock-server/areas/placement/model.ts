import {
  DEPENDENCY_TYPE_LABELS,
  projectName,
  type Programme,
  type ProjectDependency,
  type ProjectLink,
  type ProjectPlacement,
} from '../../../src/api/contract/placement';
import { formatDate } from '../../../src/api/contract/display';
import { detailsOf } from '../projects/model';
import type { MockState } from '../../store/state';
import type { StoredDependency, StoredProgramme } from './state';

export type {
  PlacementState,
  StoredDependency,
  StoredPlacement,
  StoredProgramme,
  StoredRelation,
} from './state';

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, 'en-US', { sensitivity: 'base' });

/** A stored project as the tab links it; undefined for an unknown one. */
export function projectLink(state: MockState, projectId: number): ProjectLink | undefined {
  const project = state.projects.find((candidate) => candidate.id === projectId);
  const details = detailsOf(state, projectId);
  if (!project || !details) return undefined;
  return {
    id: project.id,
    name: project.name,
    code: details.code,
    account: { id: project.account_id, name: project.account_name },
    status: details.status,
  };
}

const links = (state: MockState, ids: Iterable<number>) =>
  [...ids]
    .map((id) => projectLink(state, id))
    .filter((link): link is ProjectLink => link !== undefined)
    .sort(byName);

export function toProgramme(state: MockState, stored: StoredProgramme): Programme {
  const account = state.accounts.find((candidate) => candidate.id === stored.account_id);
  return {
    id: stored.id,
    name: stored.name,
    code: stored.code,
    description: stored.description,
    account: { id: stored.account_id, name: account?.name ?? '' },
  };
}

/** `GET /api/programmes/`: by name. */
export const programmeCatalogue = (state: MockState) =>
  [...state.programmes].sort(byName).map((programme) => toProgramme(state, programme));

export const placementOf = (state: MockState, projectId: number) =>
  state.projectPlacements.find((placement) => placement.project_id === projectId);

/** The parent's chain above a project, nearest first (a stored cycle would stop the walk). */
export function ancestorsOf(state: MockState, projectId: number): number[] {
  const chain: number[] = [];
  let current = placementOf(state, projectId)?.parent_id ?? null;
  while (current !== null && !chain.includes(current) && current !== projectId) {
    chain.push(current);
    current = placementOf(state, current)?.parent_id ?? null;
  }
  return chain;
}

export const relatedIds = (state: MockState, projectId: number) =>
  state.projectRelations
    .filter((relation) => relation.project_ids.includes(projectId))
    .map((relation) => relation.project_ids.find((id) => id !== projectId)!);

/** A dependency seen from `projectId` (one of its two ends). */
export function toDependency(
  state: MockState,
  stored: StoredDependency,
  projectId: number,
): ProjectDependency {
  const outgoing = stored.from_project_id === projectId;
  return {
    id: stored.id,
    direction: outgoing ? 'depends_on' : 'depended_on_by',
    project: projectLink(state, outgoing ? stored.to_project_id : stored.from_project_id)!,
    type: stored.type,
    note: stored.note,
    due_date: stored.due_date,
    created_at: stored.created_at,
    updated_at: stored.updated_at,
  };
}

/** `GET /api/projects/{id}/placement/`. */
export function projectPlacement(state: MockState, projectId: number): ProjectPlacement {
  const placement = placementOf(state, projectId);
  const stored = state.programmes.find((programme) => programme.id === placement?.programme_id);
  const members = stored
    ? state.projectPlacements
        .filter((other) => other.programme_id === stored.id && other.project_id !== projectId)
        .map((other) => other.project_id)
    : [];
  const dependencies = state.projectDependencies
    .filter((dep) => dep.from_project_id === projectId || dep.to_project_id === projectId)
    .map((dep) => toDependency(state, dep, projectId))
    .sort(
      (a, b) =>
        (a.due_date ?? '9999-12-31').localeCompare(b.due_date ?? '9999-12-31') ||
        byName(a.project, b.project) ||
        a.id - b.id,
    );
  return {
    programme: stored ? toProgramme(state, stored) : null,
    programme_projects: links(state, members),
    parent: placement?.parent_id ? (projectLink(state, placement.parent_id) ?? null) : null,
    children: links(
      state,
      state.projectPlacements
        .filter((other) => other.parent_id === projectId)
        .map((other) => other.project_id),
    ),
    related: links(state, relatedIds(state, projectId)),
    dependencies,
  };
}

/** A dependency in one line of History, seen from `projectId`. */
export function dependencySummary(
  state: MockState,
  stored: StoredDependency,
  projectId: number,
): string {
  const seen = toDependency(state, stored, projectId);
  const verb = seen.direction === 'depends_on' ? 'Depends on' : 'Depended on by';
  const parts = [
    DEPENDENCY_TYPE_LABELS[stored.type],
    stored.due_date ? `due ${formatDate(stored.due_date)}` : 'no due date',
    ...(stored.note ? [stored.note] : []),
  ];
  return `${verb} ${projectName(seen.project)}: ${parts.join(', ')}`;
}
