import { Faker, en } from '@faker-js/faker';
import { AREAS } from '../areas';
import { today } from '../lib/clock';
import { runSeedParts } from '../lib/seed';
import { SCHEMA_VERSION, type MockState } from '../store/state';

const SEED = 20261122;

let built: { day: string; state: MockState } | undefined;

/**
 * The fixtures plus faker volume; a fixed seed gives the same records and ids every time. Built
 * once per day of the clock (a fifth of a second) and handed out as a deep copy (a twenty-fifth):
 * every reset and every test's app starts from it. A few seeded dates (review dates, licence
 * expiries, approval due dates) are counted from today, so a build made under a test's fake clock
 * is not handed out once the clock is real again.
 */
export function buildSeed(): MockState {
  const day = today();
  if (built?.day !== day) built = { day, state: composeSeed() };
  return structuredClone(built.state);
}

/**
 * A new build of the seed, from scratch: each area's parts (`Area.seed`), each after the parts
 * whose records it reads (lib/seed.ts), with one shared faker stream.
 */
export function composeSeed(): MockState {
  const parts = AREAS.flatMap((area) => area.seed ?? []);
  const collections = runSeedParts(parts, { faker: new Faker({ locale: [en], seed: SEED }) });
  return { meta: { schemaVersion: SCHEMA_VERSION }, ...collections } as MockState;
}
