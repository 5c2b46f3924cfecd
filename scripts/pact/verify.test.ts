import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { remoteStateHandlers } from './remoteStates';
import { PACT_FILE } from './pactFile';
import {
  applyFilters,
  pactFilesOf,
  parseHeader,
  parseVerifyArgs,
  verifierOptions,
  verify,
} from './verify';

/**
 * `npm run pact:verify` as the backend team runs it: against a provider that, like Django with
 * APPEND_SLASH, answers a slashless state-change URL with a 301, and that needs a header of its own.
 */

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(text));
  });

/** A provider: the states endpoint at `/_pact/provider-states/` and a thing resource. */
function djangoLike() {
  const calls: { path: string; method: string; body: Record<string, unknown> }[] = [];
  let thing: number | null = null;
  const server = createServer((req, res) => {
    void body(req).then((text) => {
      const url = new URL(req.url!, 'http://localhost');
      calls.push({
        path: url.pathname,
        method: req.method!,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (url.pathname === '/_pact/provider-states') {
        // Django's CommonMiddleware with APPEND_SLASH.
        res.writeHead(301, { Location: '/_pact/provider-states/' });
        return res.end();
      }
      if (url.pathname === '/_pact/provider-states/') {
        if (req.method !== 'POST') return json(405, { detail: 'Method "GET" not allowed.' });
        const change = calls.at(-1)!.body as { action: string; params: { kind?: string } };
        if (change.action === 'teardown') {
          thing = null;
          return json(200, {});
        }
        thing = 4711;
        return json(200, { thingId: thing, kind: change.params.kind ?? 'plain' });
      }
      const match = /^\/api\/things\/(\d+)\/$/.exec(url.pathname);
      if (match && req.headers['x-tenant'] === 'acme' && Number(match[1]) === thing)
        return json(200, { id: thing, name: 'A thing' });
      return json(404, { detail: 'Not found.' });
    });
  });
  return { server, calls };
}

/** A Pact V4 file with two interactions, each injecting the thing's id from the state. */
function writePact(folder: string): string {
  const interaction = (description: string, path: string) => ({
    type: 'Synchronous/HTTP',
    description,
    providerStates: [{ name: 'a thing exists', params: { kind: 'plain' } }],
    request: {
      method: 'GET',
      path,
      generators: { path: { type: 'ProviderState', expression: path } },
    },
    response: {
      status: 200,
      headers: { 'Content-Type': ['application/json'] },
      body: { content: { id: 1, name: 'A thing' }, contentType: 'application/json' },
      matchingRules: { body: { '$.id': { combine: 'AND', matchers: [{ match: 'integer' }] } } },
    },
  });
  const file = join(folder, 'pep-spa-pep-api.json');
  writeFileSync(
    file,
    JSON.stringify({
      consumer: { name: 'pep-spa' },
      provider: { name: 'pep-api' },
      interactions: [
        interaction('a request for a thing', '/api/things/${thingId}/'),
        interaction('a request for a thing that is not there', '/api/nothing/${thingId}/'),
      ],
      metadata: { pactSpecification: { version: '4.0' } },
    }),
  );
  writeFileSync(join(folder, 'provider-states.json'), JSON.stringify({ states: [] }));
  return file;
}

describe('pact:verify options', () => {
  it('reads the pact file by default and every pact of a folder given', () => {
    expect(verifierOptions(parseVerifyArgs([]), {}).pactUrls).toEqual([PACT_FILE]);
    const folder = mkdtempSync(join(tmpdir(), 'pep-verify-'));
    const file = writePact(folder);
    // The state catalogue beside the pact is not a pact.
    expect(pactFilesOf([folder])).toEqual([file]);
    rmSync(folder, { recursive: true });
  });

  it('takes the pacts from a broker with selectors, pending and WIP pacts', () => {
    const options = verifierOptions(
      parseVerifyArgs([
        '--broker-url',
        'https://broker.example.com',
        '--selector',
        '{"branch":"main"}',
        '--enable-pending',
        '--include-wip-since',
        '2026-11-01',
      ]),
      { PACT_BROKER_TOKEN: 'secret' },
    );
    expect(options).toMatchObject({
      pactBrokerUrl: 'https://broker.example.com',
      pactBrokerToken: 'secret',
      consumerVersionSelectors: [{ branch: 'main' }],
      enablePending: true,
      includeWipPactsSince: '2026-11-01',
    });
    expect(options.pactUrls).toBeUndefined();
    expect(
      verifierOptions(parseVerifyArgs([]), { PACT_BROKER_BASE_URL: 'https://b.example.com' })
        .consumerVersionSelectors,
    ).toEqual([{ mainBranch: true }, { deployedOrReleased: true }]);
  });

  it('adds headers, a log level and filters; refuses what it cannot read', () => {
    const args = parseVerifyArgs([
      '--header',
      'X-CSRFToken: abc',
      '--header',
      'Cookie: csrftoken=abc',
      '--log-level',
      'debug',
      '--description',
      'a thing',
      '--state',
      'exists',
    ]);
    expect(verifierOptions(args, {})).toMatchObject({
      customProviderHeaders: { 'X-CSRFToken': 'abc', Cookie: 'csrftoken=abc' },
      logLevel: 'debug',
    });
    const env: Record<string, string> = {};
    applyFilters(args, env);
    expect(env).toEqual({ PACT_DESCRIPTION: 'a thing', PACT_PROVIDER_STATE: 'exists' });
    expect(() => parseHeader('no colon')).toThrow(/NAME: VALUE/);
    expect(() => verifierOptions(parseVerifyArgs(['--log-level', 'loud']), {})).toThrow();
    expect(() =>
      verifierOptions(parseVerifyArgs(['--broker-url', 'https://b', '--selector', '{x']), {}),
    ).toThrow(/JSON/);
  });
});

describe('pact:verify against a Django-like provider', () => {
  let server: Server;
  let base: string;
  let calls: ReturnType<typeof djangoLike>['calls'];
  let folder: string;
  let pact: string;
  const filters = { ...process.env };

  beforeAll(async () => {
    ({ server, calls } = djangoLike());
    server.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    folder = mkdtempSync(join(tmpdir(), 'pep-verify-'));
    pact = writePact(folder);
  });
  afterEach(() => {
    calls.length = 0;
    delete process.env.PACT_DESCRIPTION;
    delete process.env.PACT_PROVIDER_STATE;
    Object.assign(process.env, filters);
  });
  afterAll(() => {
    server.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('posts each state change to the states URL exactly as given, setup then teardown', async () => {
    const handlers = remoteStateHandlers(`${base}/_pact/provider-states/`);
    const handler = handlers['a thing exists'] as {
      setup: (params: unknown) => Promise<unknown>;
      teardown: (params: unknown) => Promise<unknown>;
    };
    expect(await handler.setup({ kind: 'plain' })).toEqual({ thingId: 4711, kind: 'plain' });
    await handler.teardown({ kind: 'plain' });
    expect(calls.map((call) => [call.method, call.path, call.body.action])).toEqual([
      ['POST', '/_pact/provider-states/', 'setup'],
      ['POST', '/_pact/provider-states/', 'teardown'],
    ]);
    expect(calls[0]!.body).toEqual({
      state: 'a thing exists',
      params: { kind: 'plain' },
      action: 'setup',
    });
  });

  it('says which address to use when the states URL redirects, instead of following it', async () => {
    const handler = remoteStateHandlers(`${base}/_pact/provider-states`)['a thing exists'] as {
      setup: (params: unknown) => Promise<unknown>;
    };
    await expect(handler.setup({})).rejects.toThrow(/301 to \/_pact\/provider-states\//);
    expect(calls.map((call) => call.method)).toEqual(['POST']);
  });

  it('verifies a pact end to end with the states URL, a header and a description filter', async () => {
    await verify(
      parseVerifyArgs([
        '--base-url',
        base,
        '--states-url',
        `${base}/_pact/provider-states/`,
        '--pact',
        folder,
        '--header',
        'X-Tenant: acme',
        '--description',
        '^a request for a thing$',
        '--log-level',
        'error',
      ]),
    );
    const thingRequests = calls.filter((call) => call.path === '/api/things/4711/');
    expect(thingRequests).toHaveLength(1);
    expect(calls.filter((call) => call.path.startsWith('/api/nothing/'))).toHaveLength(0);
    expect(calls.filter((call) => call.body.action === 'teardown')).toHaveLength(1);
  });

  it('fails when an interaction fails on the provider', async () => {
    await expect(
      verify(
        parseVerifyArgs([
          '--base-url',
          base,
          '--states-url',
          `${base}/_pact/provider-states/`,
          '--pact',
          pact,
          '--log-level',
          'error',
        ]),
      ),
    ).rejects.toThrow();
  });
});
