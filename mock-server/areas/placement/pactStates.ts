import type { MockApp } from '../../app';
import { PLACEMENT_STATES } from '../../../src/testing/pact/states';
import { handlersFor, type SignIn, type AreaPactStates } from '../../../scripts/pact/stateHandlers';

/** The fixtures' project whose links the states stand on, and one of its account linked to nothing. */
const PROJECT = 1;
const FREE_PROJECT = 213;
/** No dependency of the fixtures has it. */
const MISSING = 999_999;

/** The Project portfolio tab's provider states, on the fixtures' links of one project. */
export function placementStateHandlers(app: MockApp, signIn: SignIn) {
  const { db } = app.mock;
  const links = () => {
    const state = db.getState();
    const project = state.projects.find((candidate) => candidate.id === PROJECT);
    const free = state.projects.find((candidate) => candidate.id === FREE_PROJECT);
    const placement = state.projectPlacements.find((row) => row.project_id === PROJECT);
    const programme = state.programmes.find((row) => row.id === placement?.programme_id);
    const related = state.projectRelations.find((row) => row.project_ids.includes(PROJECT));
    const onIt = state.projectDependencies.find(
      (row) => row.to_project_id === PROJECT && row.due_date !== null,
    );
    const linked = (id: number) =>
      state.projectPlacements.some(
        (row) =>
          (row.project_id === id && row.parent_id === PROJECT) ||
          (row.project_id === PROJECT && row.parent_id === id),
      ) ||
      state.projectRelations.some(
        (row) => row.project_ids.includes(id) && row.project_ids.includes(PROJECT),
      ) ||
      state.projectDependencies.some(
        (row) =>
          (row.from_project_id === id && row.to_project_id === PROJECT) ||
          (row.from_project_id === PROJECT && row.to_project_id === id),
      );
    if (
      !project ||
      !free ||
      free.account_id !== project.account_id ||
      linked(FREE_PROJECT) ||
      !programme ||
      programme.account_id !== project.account_id ||
      !related ||
      !onIt ||
      state.projectDependencies.some((row) => row.id === MISSING)
    )
      throw new Error(`The links of project ${PROJECT} are not as the states need`);
    return {
      projectId: PROJECT,
      programmeId: programme.id,
      relatedId: related.project_ids.find((id) => id !== PROJECT)!,
      freeProjectId: FREE_PROJECT,
      dependencyId: onIt.id,
      missingDependencyId: MISSING,
    };
  };
  return handlersFor(PLACEMENT_STATES, signIn, {
    admin: links,
    pm: () => {
      const { projectId, freeProjectId } = links();
      return { projectId, freeProjectId };
    },
  });
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = placementStateHandlers;
