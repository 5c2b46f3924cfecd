import type { FetchArgs } from '@reduxjs/toolkit/query';
import { describe, expect, it, vi } from 'vitest';
import pact from '../../pacts/pep-spa-pep-api.json' with { type: 'json' };
import { TOKEN_REFRESH_PATH } from './baseQuery';

/**
 * Django's APPEND_SLASH answers a path without its trailing slash with a 301, and a browser
 * follows a 301 of a POST as a GET: a create sent to `/api/risks` would come back as the list.
 * So every call of the SPA ends its path with a slash.
 */

type Definition = {
  query?: (arg: unknown) => string | FetchArgs;
  /** An endpoint that makes its own calls (e.g. reads every page) through the base query. */
  queryFn?: (
    arg: unknown,
    api: unknown,
    extra: unknown,
    baseQuery: (args: string | FetchArgs) => Promise<{ data: unknown }>,
  ) => Promise<unknown>;
};

/** Every endpoint definition a feature injects, by name, as its `endpoints(build)` returns it. */
const definitions = vi.hoisted(() => new Map<string, Definition>());

vi.mock('./baseApi', async (importOriginal) => {
  const module = await importOriginal<typeof import('./baseApi')>();
  const { baseApi } = module;
  const inject = baseApi.injectEndpoints.bind(baseApi);
  const record = (definition: unknown) => definition;
  const build = { query: record, mutation: record, infiniteQuery: record };
  const intercept = (options: { endpoints: (b: typeof build) => object }) => {
    for (const [name, definition] of Object.entries(options.endpoints(build)))
      definitions.set(name, definition as Definition);
    return inject(options as never);
  };
  baseApi.injectEndpoints = intercept as unknown as typeof baseApi.injectEndpoints;
  return module;
});

// Every feature's endpoints, injected into the one API.
import.meta.glob('../features/**/api.ts', { eager: true });

/**
 * An argument that fits any endpoint: each property is another such value, it reads as 7 where a
 * number or a text is wanted, it spreads as nothing, and it is not a promise.
 */
function anything(): never {
  const target = () => undefined;
  const handler: ProxyHandler<typeof target> = {
    get(_target, key) {
      if (key === Symbol.toPrimitive) return () => 7;
      if (key === Symbol.iterator) return function* () {};
      if (key === 'then' || typeof key === 'symbol') return undefined;
      if (key === 'length') return 0;
      return anything();
    },
    apply: () => anything(),
    ownKeys: () => [],
  };
  return new Proxy(target, handler) as never;
}

const endsWithSlash = (path: string) => path.endsWith('/');

describe('trailing slashes', () => {
  it("ends the path of every endpoint's call with a slash", async () => {
    expect(definitions.size).toBeGreaterThan(100);
    // An upload's body takes files; the stand-in argument is none.
    const append = vi.spyOn(FormData.prototype, 'append').mockImplementation(() => undefined);
    const urlOf = (args: string | FetchArgs | undefined) =>
      typeof args === 'string' ? args : args?.url;
    const paths: { name: string; path: string | undefined }[] = [];
    for (const [name, { query, queryFn }] of definitions) {
      if (queryFn) {
        // Its calls go through the base query: each one's path is recorded (an empty last page).
        const calls: (string | undefined)[] = [];
        await queryFn(anything(), anything(), undefined, (args) => {
          calls.push(urlOf(args));
          return Promise.resolve({ data: { count: 0, next: null, previous: null, results: [] } });
        });
        if (calls.length === 0) calls.push(undefined);
        for (const url of calls) paths.push({ name, path: url?.split('?')[0] });
      } else paths.push({ name, path: urlOf(query?.(anything()))?.split('?')[0] });
    }
    append.mockRestore();
    expect(paths.filter(({ path }) => path === undefined).map(({ name }) => name)).toEqual([]);
    expect(paths.filter(({ path }) => !path!.startsWith('/api/'))).toEqual([]);
    expect(paths.filter(({ path }) => !endsWithSlash(path!))).toEqual([]);
  });

  it('refreshes the token at a slashed path', () => {
    expect(endsWithSlash(TOKEN_REFRESH_PATH)).toBe(true);
  });

  it('has recorded only slashed paths in the pact', () => {
    const paths = pact.interactions.map((interaction) => interaction.request.path);
    expect(paths.length).toBeGreaterThan(100);
    expect(paths.filter((path) => path.startsWith('/api/') && !endsWithSlash(path))).toEqual([]);
  });
});
