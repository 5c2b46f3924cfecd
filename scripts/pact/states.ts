import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { findPersona } from '../../mock-server/auth/personas';
import { resetDb } from '../../mock-server/store/db';
import { searchStateHandlers } from '../../mock-server/areas/search/pactStates';
import { stateDefinitions } from '../../src/testing/pact/states';
import { pollStateHandlers } from '../../mock-server/areas/checks/pactStates';
import { sessionStateHandlers } from './sessionStates';
import { projectStateHandlers } from '../../mock-server/areas/projects/pactStates';
import { accountStateHandlers } from '../../mock-server/areas/accounts/pactStates';
import { agreementStateHandlers } from '../../mock-server/areas/agreements/pactStates';
import { raciStateHandlers } from '../../mock-server/areas/raci/pactStates';
import { attributeStateHandlers } from '../../mock-server/areas/attributes/pactStates';
import { riskStateHandlers } from '../../mock-server/areas/risks/pactStates';
import { teamStateHandlers } from '../../mock-server/areas/team/pactStates';
import { actionRequestStateHandlers } from '../../mock-server/areas/notifications/pactStates';
import { targetStateHandlers } from '../../mock-server/areas/targets/pactStates';
import { genAiStateHandlers } from '../../mock-server/areas/genAi/pactStates';
import { toolStateHandlers } from '../../mock-server/areas/tools/pactStates';
import { placementStateHandlers } from '../../mock-server/areas/placement/pactStates';
import { caseStudyStateHandlers } from '../../mock-server/areas/caseStudy/pactStates';
import { dexSetupStateHandlers } from '../../mock-server/areas/dexSetup/pactStates';
import { metricsStateHandlers } from '../../mock-server/areas/metricsApprovals/pactStates';
import { approvalStateHandlers } from '../../mock-server/areas/approvals/pactStates';
import { iso9001StateHandlers } from '../../mock-server/areas/iso9001/pactStates';
import { plannerStateHandlers } from '../../mock-server/areas/planning/pactStates';
import { checklistStateHandlers } from '../../mock-server/areas/checklists/pactStates';
import { checkViewStateHandlers } from '../../mock-server/areas/checkViews/pactStates';
import { dashboardStateHandlers } from '../../mock-server/areas/dashboard/pactStates';
import { compareStateHandlers } from '../../mock-server/areas/compare/pactStates';
import { reportStateHandlers } from '../../mock-server/areas/reports/pactStates';
import { calendarStateHandlers } from '../../mock-server/areas/calendar/pactStates';

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
    ...sessionStateHandlers(signIn),
    ...actionRequestStateHandlers(app, signIn),
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
    ...searchStateHandlers(app, signIn),
  };
  const missing = stateDefinitions()
    .map(({ definition }) => definition.name)
    .filter((name) => !(name in handlers));
  if (missing.length > 0)
    throw new Error(`The mock backend sets up no state named: ${missing.join('; ')}`);
  return handlers;
}
