import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { findPersona } from '../../mock-server/auth/personas';
import { resetDb } from '../../mock-server/store/db';
import { stateDefinitions } from '../../src/testing/pact/states';
import { pollStateHandlers } from './pollStates';
import { sessionStateHandlers } from './sessionStates';
import { projectStateHandlers } from './projectStates';
import { accountStateHandlers } from './accountStates';
import { agreementStateHandlers } from './agreementStates';
import { raciStateHandlers } from './raciStates';
import { attributeStateHandlers } from './attributeStates';
import { riskStateHandlers } from './riskStates';
import { teamStateHandlers } from './teamStates';
import { targetStateHandlers } from './targetStates';
import { genAiStateHandlers } from '../../mock-server/areas/genAi/pactStates';
import { toolStateHandlers } from '../../mock-server/areas/tools/pactStates';
import { placementStateHandlers } from '../../mock-server/areas/placement/pactStates';
import { caseStudyStateHandlers } from '../../mock-server/areas/caseStudy/pactStates';
import { dexSetupStateHandlers } from '../../mock-server/areas/dexSetup/pactStates';
import { metricsStateHandlers } from './metricsStates';
import { approvalStateHandlers } from './approvalStates';
import { iso9001StateHandlers } from './iso9001States';
import { plannerStateHandlers } from '../../mock-server/areas/planning/pactStates';
import { checklistStateHandlers } from '../../mock-server/areas/checklists/pactStates';
import { checkViewStateHandlers } from './checkViewStates';
import { dashboardStateHandlers } from './dashboardStates';
import { compareStateHandlers } from './compareStates';
import { reportStateHandlers } from './reportStates';
import { calendarStateHandlers } from './calendarStates';

/**
 * Provider states of the mock backend: each resets the store to the fixtures and mints the
 * tokens the interaction's request needs (injected through `fromProviderState`).
 */
export function mockStateHandlers(app: MockApp): NonNullable<VerifierOptions['stateHandlers']> {
  const { db, tokens, scenarios } = app.mock;

  async function signIn(personaId: string) {
    resetDb(db);
    app.mock.attachments.clear();
    scenarios.clear();
    const persona = findPersona(personaId);
    if (!persona) throw new Error(`Unknown persona in a provider state: ${personaId}`);
    const valid = await tokens.issuePair(persona.userId, persona.id);
    const expired = await tokens.issueExpiredPair(persona.userId, persona.id);
    return { valid, expired };
  }

  const handlers: NonNullable<VerifierOptions['stateHandlers']> = {
    ...pollStateHandlers(app, signIn),
    ...sessionStateHandlers(app, signIn),
    ...riskStateHandlers(app, signIn),
    ...projectStateHandlers(app, signIn),
    ...accountStateHandlers(app, signIn),
    ...teamStateHandlers(app, signIn),
    ...raciStateHandlers(app, signIn),
    ...targetStateHandlers(app, signIn),
    ...genAiStateHandlers(app, signIn),
    ...toolStateHandlers(app, signIn),
    ...placementStateHandlers(app, signIn),
    ...caseStudyStateHandlers(app, signIn),
    ...dexSetupStateHandlers(app, signIn),
    ...approvalStateHandlers(app, signIn),
    ...iso9001StateHandlers(app, signIn),
    ...agreementStateHandlers(app, signIn),
    ...metricsStateHandlers(app, signIn),
    ...attributeStateHandlers(app, signIn),
    ...plannerStateHandlers(app, signIn),
    ...checklistStateHandlers(app, signIn),
    ...checkViewStateHandlers(signIn),
    ...dashboardStateHandlers(app, signIn),
    ...compareStateHandlers(signIn),
    ...reportStateHandlers(signIn),
    ...calendarStateHandlers(app, signIn),
  };
  const missing = stateDefinitions()
    .map(({ definition }) => definition.name)
    .filter((name) => !(name in handlers));
  if (missing.length > 0)
    throw new Error(`The mock backend sets up no state named: ${missing.join('; ')}`);
  return handlers;
}
