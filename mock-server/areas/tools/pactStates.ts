import type { MockApp } from '../../app';
import { findPersona } from '../../auth/personas';
import { TOOL_STATES } from '../../../src/testing/pact/states';
import { handlersFor, type SignIn, type AreaPactStates } from '../../../scripts/pact/stateHandlers';

/** The fixtures' project whose register the states stand on. */
const PROJECT = 1;
/** No tool of the fixtures has it. */
const MISSING = 999_999;

/** The Tools register provider states, on the fixtures' register of one project. */
export function toolStateHandlers(app: MockApp, signIn: SignIn) {
  const { db } = app.mock;
  const owner = () => findPersona('expert')!.userId;
  return handlersFor(TOOL_STATES, signIn, {
    admin: () => {
      const tools = db.getState().tools.filter((tool) => tool.project_id === PROJECT);
      const has = (name: string, version: string) =>
        tools.some((tool) => tool.name === name && tool.version === version);
      const grafana = tools.find((tool) => tool.name === 'Grafana');
      if (!grafana || !has('GitLab', '17.5') || has('Postman', '11.2'))
        throw new Error(`The register of project ${PROJECT} is not as the state needs`);
      if (db.getState().tools.some((tool) => tool.id === MISSING))
        throw new Error(`A tool of the fixtures has the id ${MISSING}`);
      return { projectId: PROJECT, toolId: grafana.id, ownerId: owner(), missingToolId: MISSING };
    },
    pm: () => ({ projectId: PROJECT, ownerId: owner() }),
  });
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = toolStateHandlers;
