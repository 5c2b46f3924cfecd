import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CONSUMER, PROVIDER } from './names';
import { PACT_DIR } from './pactDir';

/**
 * Vitest global setup of the contract run: the pact is written afresh, no stale interaction stays.
 * The state catalogue beside it stays until `npm run pact:catalogue` writes it again.
 */
export default function cleanPacts(): void {
  mkdirSync(PACT_DIR, { recursive: true });
  rmSync(join(PACT_DIR, `${CONSUMER}-${PROVIDER}.json`), { force: true });
}
