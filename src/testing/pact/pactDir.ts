import { resolve } from 'node:path';

/** Where the consumer tests write the pact and the verifier reads it. */
export const PACT_DIR = resolve('pacts');
