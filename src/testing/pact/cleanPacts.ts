import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PACT_DIR } from './pactDir';

/** Vitest global setup of the contract run: the pact is written afresh, no stale interaction stays. */
export default function cleanPacts(): void {
  mkdirSync(PACT_DIR, { recursive: true });
  for (const file of readdirSync(PACT_DIR)) {
    if (file.endsWith('.json')) rmSync(join(PACT_DIR, file));
  }
}
