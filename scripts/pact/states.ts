import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { findPersona } from '../../mock-server/auth/personas';
import { resetDb } from '../../mock-server/store/db';
import { stateDefinitions } from '../../src/testing/pact/states';
import { sessionStateHandlers } from './sessionStates';
import type { AreaPactStates } from './stateHandlers';

const AREAS_DIR = join(import.meta.dirname, '..', '..', 'mock-server', 'areas');

/** Every area's provider states: each folder of mock-server/areas that has a pactStates.ts. */
const AREA_STATES: AreaPactStates[] = await Promise.all(
  readdirSync(AREAS_DIR, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && existsSync(join(AREAS_DIR, entry.name, 'pactStates.ts')),
    )
    .map((entry) => entry.name)
    .sort()
    .map(async (area) => {
      const module = (await import(pathToFileURL(join(AREAS_DIR, area, 'pactStates.ts')).href)) as {
        pactStates: AreaPactStates;
      };
      return module.pactStates;
    }),
);

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

  const handlers: NonNullable<VerifierOptions['stateHandlers']> = sessionStateHandlers(signIn);
  for (const states of AREA_STATES)
    for (const [name, handler] of Object.entries(states(app, signIn))) {
      if (name in handlers) throw new Error(`Two areas set up the provider state: ${name}`);
      handlers[name] = handler;
    }
  const missing = stateDefinitions()
    .map(({ definition }) => definition.name)
    .filter((name) => !(name in handlers));
  if (missing.length > 0)
    throw new Error(`The mock backend sets up no state named: ${missing.join('; ')}`);
  return handlers;
}
