import { execSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { Verifier, type VerifierOptions } from '@pact-foundation/pact';
import type { RequestHandler } from 'express';
import { createMockApp } from '../../mock-server/app';
import { PACT_DIR } from '../../src/testing/pact/pactDir';
import { PROVIDER } from '../../src/testing/pact/names';
import { mockStateHandlers } from './states';

/**
 * Verifies the pacts in pacts/ against a provider.
 *   npm run pact:verify                      → the mock backend, in process (part of npm test)
 *   npm run pact:verify -- --base-url URL    → any backend, e.g. the real Django API; its provider
 *       states come from --states-url (a POST endpoint that sets a state up and returns
 *       {accessToken, refreshToken, expiredAccessToken}), as Pact's providerStatesSetupUrl.
 */
const { values } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    'states-url': { type: 'string' },
    publish: { type: 'boolean', default: false },
  },
});

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const PACT_CSRF = 'pact-verification-csrf-token';

/** The mock backend checks CSRF like Django; the browser would send the cookie and the header. */
const supplyCsrf: RequestHandler = (req, _res, next) => {
  if (!SAFE.has(req.method)) {
    req.headers.cookie = `csrftoken=${PACT_CSRF}`;
    req.headers['x-csrftoken'] = PACT_CSRF;
  }
  next();
};

function gitSha(): string {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'local';
  }
}

async function main(): Promise<void> {
  const options: VerifierOptions = {
    provider: PROVIDER,
    pactUrls: [PACT_DIR],
    providerVersion: process.env.PACT_PROVIDER_VERSION ?? gitSha(),
    publishVerificationResult: values.publish,
    logLevel: 'warn',
    providerBaseUrl: '',
  };

  let close = async () => undefined as void;
  if (values['base-url']) {
    options.providerBaseUrl = values['base-url'];
    if (values['states-url']) options.providerStatesSetupUrl = values['states-url'];
    else console.warn('No --states-url: provider states will not be set up on that backend.');
  } else {
    const app = createMockApp();
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    options.providerBaseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    options.stateHandlers = mockStateHandlers(app);
    options.requestFilter = supplyCsrf;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  }

  console.log(`Verifying ${PACT_DIR} against ${options.providerBaseUrl}`);
  try {
    await new Verifier(options).verifyProvider();
    console.log('Pact verification passed.');
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error('Pact verification failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
