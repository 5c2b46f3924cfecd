import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockApp, type MockApp } from '../../mock-server/app';
import { createMockRuntime, type MockRuntime } from '../../mock-server/runtime/runtime';
import type { RawRequest } from '../../mock-server/runtime/edge';
import { mockStateHandlers } from './states';

/**
 * Parity of the two runtimes of the mock: every pact interaction's request answered by the
 * Express app and by the framework-neutral edge the browser's static demo runs (over the same
 * store, each after the interaction's provider state is set up afresh), held to the same status,
 * the headers that matter and the same body. Volatile values are masked on both sides alike:
 * JWTs, timestamps of the moment of the call (ISO date-times, an iCalendar's DTSTAMP), and the
 * expiry and signature of signed download links.
 */

interface PactBody {
  content?: unknown;
  contentType?: string;
  encoded?: false | string;
}
interface Generator {
  type: string;
  expression: string;
}
interface Interaction {
  description: string;
  providerStates?: { name: string; params?: Record<string, unknown> }[];
  request: {
    method: string;
    path: string;
    query?: Record<string, string[]>;
    headers?: Record<string, string[]>;
    body?: PactBody;
    generators?: {
      path?: Generator;
      header?: Record<string, Generator>;
      query?: Record<string, Generator>;
      body?: Record<string, Generator>;
    };
  };
}

const PACT = JSON.parse(readFileSync('pacts/pep-spa-pep-api.json', 'utf8')) as {
  interactions: Interaction[];
};

const fill = (expression: string, values: Record<string, unknown>) =>
  expression.replace(/\$\{(\w+)\}/g, (_, key: string) => String(values[key]));

/** Sets `$.a.b[0]` in `target` (the generator paths the pact's bodies use). */
function setPath(target: unknown, path: string, value: unknown) {
  const keys = path
    .replace(/^\$\.?/, '')
    .split(/\.|\[(\d+)\]/)
    .filter((key) => key !== undefined && key !== '');
  let node = target as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1)!] = value;
}

/** The interaction's request with the provider state's values injected. */
function requestOf(interaction: Interaction, values: Record<string, unknown>) {
  const { request } = interaction;
  const generators = request.generators ?? {};
  const path = generators.path ? fill(generators.path.expression, values) : request.path;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {}))
    headers[name.toLowerCase()] = value.join(', ');
  for (const [name, generator] of Object.entries(generators.header ?? {}))
    headers[name.toLowerCase()] = fill(generator.expression, values);
  const query = new URLSearchParams();
  for (const [name, list] of Object.entries(request.query ?? {}))
    for (const value of list) {
      const generator = generators.query?.[name];
      query.append(name, generator ? fill(generator.expression, values) : value);
    }
  let body: Uint8Array | undefined;
  if (request.body?.content !== undefined) {
    if (request.body.encoded === 'base64')
      body = Buffer.from(request.body.content as string, 'base64');
    else if (typeof request.body.content === 'string')
      body = Buffer.from(request.body.content, 'utf8');
    else {
      const content = structuredClone(request.body.content);
      for (const [path, generator] of Object.entries(generators.body ?? {})) {
        // `${key}` alone keeps the value's type (a number stays a number).
        const whole = /^\$\{(\w+)\}$/.exec(generator.expression);
        setPath(content, path, whole ? values[whole[1]!] : fill(generator.expression, values));
      }
      body = Buffer.from(JSON.stringify(content), 'utf8');
    }
  }
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return { method: request.method, path: `${path}${search}`, headers, body };
}

/** What two answers must agree on, volatile values masked. */
function comparable(status: number, headers: Headers | Record<string, string>, text: string) {
  const get = (name: string) =>
    headers instanceof Headers
      ? (headers.get(name) ?? undefined)
      : Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  const masked = text
    .replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, '<jwt>')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?/g, '<now>')
    .replace(/expires=\d+&signature=[0-9a-f]{64}/g, 'expires=<e>&signature=<s>')
    .replace(/DTSTAMP:\d{8}T\d{6}Z/g, 'DTSTAMP:<now>');
  let body: unknown = masked;
  try {
    body = masked === '' ? '' : JSON.parse(masked);
  } catch {
    // Django's HTML pages compare as text.
  }
  return {
    status,
    type: get('content-type')
      ?.replace(/;\s*charset=utf-8/i, '')
      .toLowerCase(),
    allow: get('allow'),
    location: get('location'),
    wwwAuthenticate: get('www-authenticate'),
    disposition: get('content-disposition'),
    body,
  };
}

let app: MockApp;
let runtime: MockRuntime;
let server: Server;
let origin: string;
let setUp: ReturnType<typeof mockStateHandlers>;

beforeAll(async () => {
  app = createMockApp();
  // The neutral runtime over the Express app's own store and uploads: a state set up once serves both.
  runtime = createMockRuntime({ db: app.mock.db, attachments: app.mock.attachments });
  setUp = mockStateHandlers(app);
  server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function stateValues(interaction: Interaction) {
  let values: Record<string, unknown> = {};
  for (const state of interaction.providerStates ?? []) {
    const handler = setUp[state.name] as
      ((params?: unknown) => unknown) | { setup?: (params?: unknown) => unknown };
    const run = typeof handler === 'function' ? handler : handler.setup!;
    values = { ...values, ...((await run(state.params ?? {})) as Record<string, unknown>) };
  }
  return values;
}

describe('the Express app and the neutral edge answer every pact interaction alike', () => {
  it.each(PACT.interactions.map((interaction) => [interaction.description, interaction] as const))(
    '%s',
    async (_, interaction) => {
      const viaExpress = requestOf(interaction, await stateValues(interaction));
      const express = await fetch(`${origin}${viaExpress.path}`, {
        method: viaExpress.method,
        headers: viaExpress.headers,
        body: viaExpress.body as BodyInit | undefined,
        redirect: 'manual',
      });
      const expected = comparable(express.status, express.headers, await express.text());

      const viaEdge = requestOf(interaction, await stateValues(interaction));
      const raw: RawRequest = {
        method: viaEdge.method,
        url: `${origin}${viaEdge.path}`,
        headers: viaEdge.headers,
        body: viaEdge.body,
      };
      const answer = await runtime.handle(raw);
      const text =
        answer.body === undefined
          ? ''
          : typeof answer.body === 'string'
            ? answer.body
            : Buffer.from(answer.body).toString('utf8');
      expect(comparable(answer.status, answer.headers, text)).toEqual(expected);
    },
  );
});
