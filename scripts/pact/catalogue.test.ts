import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stateDefinitions } from '../../src/testing/pact/states';
import { auditPact } from './audit';
import { CATALOGUE_FILE, CATALOGUE_README, catalogueOfPact, type Catalogue } from './catalogue';
import { injectedNames, readPact } from './pactFile';

/**
 * The committed contract as the backend team reads it: the pact holds nothing only our mock could
 * meet, and the state catalogue beside it is the one its definitions generate.
 */
describe('the committed pact and its state catalogue', () => {
  const pact = readPact();
  const catalogue = JSON.parse(readFileSync(CATALOGUE_FILE, 'utf8')) as Catalogue;

  it('holds no literal id, no state named after a record, no strict time, no pinned value', () => {
    expect(
      auditPact(
        pact,
        stateDefinitions().map(({ definition }) => definition),
      ),
    ).toEqual([]);
  });

  it('is described by the catalogue and its page as `npm run pact:catalogue` writes them', () => {
    const { json, readme } = catalogueOfPact(pact);
    expect(readFileSync(CATALOGUE_FILE, 'utf8')).toBe(json);
    expect(readFileSync(CATALOGUE_README, 'utf8')).toBe(readme);
  });

  it('lists every state of the pact with every value its interactions inject', () => {
    const byName = new Map(catalogue.states.map((state) => [state.name, state]));
    for (const interaction of pact.interactions) {
      const states = (interaction.providerStates ?? []).map((state) => byName.get(state.name));
      expect(states, interaction.description).not.toContain(undefined);
      const returned = new Set(states.flatMap((state) => Object.keys(state!.returns)));
      for (const name of injectedNames(interaction))
        expect(returned.has(name), `${interaction.description}: \${${name}}`).toBe(true);
      for (const state of states) expect(state!.interactions).toContain(interaction.description);
    }
    for (const state of catalogue.states) {
      expect(catalogue.personas[state.persona]?.permissions, state.name).toBeDefined();
      expect(state.needs.length, state.name).toBeGreaterThan(20);
    }
  });
});
