import type { MockApp } from '../../app';
import { findPersona } from '../../auth/personas';
import { heldChecklists } from '../checklists/issue';
import { DEX_PRACTICES, type DexPracticeCode } from '../../../src/api/contract/dexSetup';
import { DEX_SETUP_STATES } from '../../../src/testing/pact/states';
import { handlersFor, type SignIn, type AreaPactStates } from '../../../scripts/pact/stateHandlers';

/** The fixtures' project whose saved DEX set up the states stand on. */
const PROJECT = 1;
/** The checklist practices the saved set up holds in scope, and the one it leaves out. */
const IN_SCOPE: DexPracticeCode[] = [
  'release_readiness',
  'sprint_quality_gate',
  'security_baseline',
];
const KICK_OFF: DexPracticeCode = 'project_kick_off';

/** The DEX set up provider states, on the fixtures' saved set up of one project. */
export function dexSetupStateHandlers(app: MockApp, signIn: SignIn) {
  const { db } = app.mock;
  const saved = () => {
    const state = db.getState();
    const setup = state.dexSetups.find((candidate) => candidate.project_id === PROJECT);
    const inScope = (code: DexPracticeCode) =>
      setup?.practices.find((practice) => practice.code === code)?.in_scope;
    const kickOff = DEX_PRACTICES[KICK_OFF].asks;
    if (
      !setup ||
      inScope(KICK_OFF) !== false ||
      !IN_SCOPE.every((code) => inScope(code) === true) ||
      kickOff?.kind !== 'checklist' ||
      heldChecklists(state, PROJECT, kickOff.template).length > 0
    )
      throw new Error(`The DEX set up of project ${PROJECT} is not as the states need`);
    return { projectId: PROJECT, ownerId: findPersona('pm')!.userId };
  };
  return handlersFor(DEX_SETUP_STATES, signIn, { qcl: saved, pm: saved });
}

/** This area's provider states, as scripts/pact/states.ts gathers every area's. */
export const pactStates: AreaPactStates = dexSetupStateHandlers;
