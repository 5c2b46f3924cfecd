import { execSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Verifier, type VerifierOptions } from '@pact-foundation/pact';
import type { RequestHandler } from 'express';
import { createMockApp } from '../../mock-server/app';
import { PROVIDER } from '../../src/testing/pact/names';
import { PACT_FILE } from './pactFile';
import { mockStateHandlers } from './states';
import { remoteStateHandlers } from './remoteStates';

export const USAGE = `npm run pact:verify -- [options]

Verifies the pact of the SPA (pep-spa) against a provider (pep-api).

Without --base-url: against the mock backend, in process (part of npm test).

  --base-url URL            the provider to verify, e.g. http://localhost:8000
  --states-url URL          the provider's state-change endpoint (POST {state, params, action});
                            called exactly as given, trailing slash and all; see pacts/README.md
  --pact FILE|DIR           a pact file or a folder of them (repeatable; default ${PACT_FILE})
  --broker-url URL          take the pacts from a Pact Broker instead (or PACT_BROKER_BASE_URL);
                            credentials from PACT_BROKER_TOKEN, or PACT_BROKER_USERNAME/PASSWORD
  --selector JSON           a consumer version selector (repeatable), e.g. '{"mainBranch":true}';
                            default: {"mainBranch":true} and {"deployedOrReleased":true}
  --enable-pending          pending pacts do not fail the build
  --include-wip-since DATE  also verify work-in-progress pacts since DATE (YYYY-MM-DD)
  --description REGEX       only the interactions whose description matches (PACT_DESCRIPTION)
  --state REGEX             only the interactions given a matching state (PACT_PROVIDER_STATE)
  --header 'NAME: VALUE'    a header added to every request (repeatable)
  --provider-version V      the provider version to publish results as (default: the git sha)
  --provider-branch B       the provider branch to publish results with (default: the git branch)
  --publish                 publish the verification results to the broker
  --log-level LEVEL         trace, debug, info, warn or error (default warn)
  --help                    this text`;

export interface VerifyArgs {
  'base-url'?: string;
  'states-url'?: string;
  pact?: string[];
  'broker-url'?: string;
  selector?: string[];
  'enable-pending'?: boolean;
  'include-wip-since'?: string;
  description?: string;
  state?: string;
  header?: string[];
  'provider-version'?: string;
  'provider-branch'?: string;
  publish?: boolean;
  'log-level'?: string;
  help?: boolean;
}

export function parseVerifyArgs(args: string[]): VerifyArgs {
  const { values } = parseArgs({
    args,
    options: {
      'base-url': { type: 'string' },
      'states-url': { type: 'string' },
      pact: { type: 'string', multiple: true },
      'broker-url': { type: 'string' },
      selector: { type: 'string', multiple: true },
      'enable-pending': { type: 'boolean' },
      'include-wip-since': { type: 'string' },
      description: { type: 'string' },
      state: { type: 'string' },
      header: { type: 'string', multiple: true },
      'provider-version': { type: 'string' },
      'provider-branch': { type: 'string' },
      publish: { type: 'boolean' },
      'log-level': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  return values;
}

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error'] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

function git(command: string, fallback: string): string {
  try {
    return execSync(`git ${command}`, { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return fallback;
  }
}

/** `NAME: VALUE` → [NAME, VALUE]; anything else is refused. */
export function parseHeader(header: string): [string, string] {
  const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*:\s*(.*)$/.exec(header);
  if (!match) throw new Error(`--header must read 'NAME: VALUE', not ${JSON.stringify(header)}`);
  return [match[1]!, match[2]!];
}

/** The pact files of `--pact`: a file as given, a folder's JSON files that are pacts. */
export function pactFilesOf(sources: string[]): string[] {
  return sources.flatMap((source) => {
    if (/^https?:\/\//.test(source) || !statSync(source).isDirectory()) return [source];
    const files = readdirSync(source)
      .filter((name) => name.endsWith('.json'))
      .map((name) => join(source, name))
      .filter((file) => {
        const content = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
        return 'interactions' in content && 'consumer' in content && 'provider' in content;
      });
    if (files.length === 0) throw new Error(`No pact file in ${source}`);
    return files;
  });
}

/**
 * The verifier's options for the arguments, apart from the provider's address and its states:
 * where the pacts come from, filters, headers, publishing, logs.
 */
export function verifierOptions(args: VerifyArgs, env = process.env): VerifierOptions {
  const logLevel = (args['log-level'] ?? 'warn') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel))
    throw new Error(`--log-level must be one of ${LOG_LEVELS.join(', ')}`);
  const brokerUrl = args['broker-url'] ?? env.PACT_BROKER_BASE_URL;
  const options: VerifierOptions = {
    provider: PROVIDER,
    providerBaseUrl: args['base-url'] ?? '',
    logLevel,
    providerVersion:
      args['provider-version'] ??
      env.PACT_PROVIDER_VERSION ??
      git('rev-parse --short HEAD', 'local'),
    providerVersionBranch:
      args['provider-branch'] ??
      env.PACT_PROVIDER_BRANCH ??
      git('rev-parse --abbrev-ref HEAD', 'local'),
    publishVerificationResult: args.publish ?? false,
  };
  if (args.pact?.length || !brokerUrl)
    options.pactUrls = args.pact?.length ? args.pact : [PACT_FILE];
  else {
    options.pactBrokerUrl = brokerUrl;
    if (env.PACT_BROKER_TOKEN) options.pactBrokerToken = env.PACT_BROKER_TOKEN;
    if (env.PACT_BROKER_USERNAME) options.pactBrokerUsername = env.PACT_BROKER_USERNAME;
    if (env.PACT_BROKER_PASSWORD) options.pactBrokerPassword = env.PACT_BROKER_PASSWORD;
    options.consumerVersionSelectors = (
      args.selector?.length ? args.selector : ['{"mainBranch":true}', '{"deployedOrReleased":true}']
    ).map((selector) => {
      try {
        return JSON.parse(selector) as NonNullable<
          VerifierOptions['consumerVersionSelectors']
        >[number];
      } catch {
        throw new Error(`--selector must be JSON, not ${JSON.stringify(selector)}`);
      }
    });
    options.enablePending = args['enable-pending'] ?? false;
    if (args['include-wip-since']) options.includeWipPactsSince = args['include-wip-since'];
  }
  if (args.header?.length)
    options.customProviderHeaders = Object.fromEntries(args.header.map(parseHeader));
  return options;
}

/** The filters, as pact's verifier reads them from the environment. */
export function applyFilters(args: VerifyArgs, env = process.env): void {
  if (args.description) env.PACT_DESCRIPTION = args.description;
  if (args.state) env.PACT_PROVIDER_STATE = args.state;
}

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

/** Verifies the pacts the arguments name against the provider they name (the mock by default). */
export async function verify(args: VerifyArgs): Promise<void> {
  const options = verifierOptions(args);
  applyFilters(args);

  let close = async () => undefined as void;
  if (args['base-url']) {
    if (args['states-url']) options.stateHandlers = remoteStateHandlers(args['states-url']);
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

  const source = options.pactBrokerUrl ?? options.pactUrls?.join(', ');
  console.log(`Verifying ${source} against ${options.providerBaseUrl}`);
  try {
    await new Verifier(options).verifyProvider();
    console.log('Pact verification passed.');
  } finally {
    await close();
  }
}

async function main(): Promise<void> {
  const args = parseVerifyArgs(process.argv.slice(2));
  if (args.help) console.log(USAGE);
  else await verify(args);
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  main().catch((error: unknown) => {
    console.error('Pact verification failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
