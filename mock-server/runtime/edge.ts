import { FILE_ERROR, TEXT_MAX } from '../../src/api/contract/risks';
import {
  authenticate,
  type AuthLocals,
  CSRF_COOKIE,
  CSRF_HEADER,
  csrfRefusal,
  FAKE_AUTH_PATH,
  PUBLIC_API_PATHS,
  WWW_AUTHENTICATE,
} from '../auth/middleware';
import type { Area, AreaServices } from '../lib/area';
import { extensionOf } from '../lib/attachments';
import { nullsNamed, objectBodyProblem, TOO_LONG } from '../lib/drf';
import { answerOf, type MockAnswer, type MockRequest, type UploadedFile } from '../lib/http';
import { MAX_UPLOAD_REQUEST_BYTES, uploadErrors, type Route } from '../lib/routes';
import type { ScenarioRegistry } from '../scenarios/registry';
import { AREAS } from '../areas';
import {
  DJANGO_NOT_FOUND_PAGE,
  jsonBodyProblem,
  MAX_BODY_DEPTH,
  metadataOf,
  type ResolvedRoute,
  type RouteInfo,
} from './django';

/**
 * The DRF edge, the mock's only one, without a web framework: a raw HTTP request in, a raw answer
 * out, in the order Django and DRF check a request:
 * scenarios and latency, URL resolution (APPEND_SLASH's 301, Django's HTML 404, `Allow`), canonical
 * ids, signed download links, the JWT (401), CSRF (403), the view's methods (405, OPTIONS), the
 * body's media type (415), JSON's limits (413, depth, shadowing keys), then the area's handler.
 * The Express app (app.ts, through lib/express.ts), the browser's static demo (mock-server/browser/)
 * and the unit tests' mock backend run it.
 */

/** A request as it arrives: method, absolute URL, headers by lower-case name, cookies, bytes. */
export interface RawRequest {
  method: string;
  url: string;
  headers: Record<string, string | undefined>;
  /** The request's cookies (the `Cookie` header's, when not given). */
  cookies?: Record<string, string>;
  /**
   * The body's bytes, or how to read them: the edge reads a body only once the request has passed
   * every check before its parser (a caller without credentials learns nothing about the body it
   * sent, and an upload refused on its declared size is never read).
   */
  body?: Uint8Array | (() => Promise<Uint8Array>);
}

/** An answer as it leaves: status, headers, `Set-Cookie` lines and the body's bytes or text. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  setCookies: string[];
  body?: string | Uint8Array;
  /** A scenario dropped the connection: no answer at all. */
  networkError?: boolean;
  /**
   * The request passed the edge to a route of an area the runtime answers itself (see
   * EdgeOptions.delegate): the runtime answers it for this user, with `headers` (`Allow`).
   */
  delegated?: { auth: AuthLocals };
}

const JSON_LIMIT_BYTES = 1_048_576;
const UNSUPPORTED = (type: string) => ({ detail: `Unsupported media type "${type}" in request.` });

/** A compiled route pattern: '/risks/:id/' as a regular expression with its parameter names. */
interface Compiled {
  area: Area;
  route: Route;
  pattern: RegExp;
  names: string[];
  literals: number;
}

function compile(area: Area, route: Route): Compiled {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  const literals = route.path.split('/').filter((part) => part && !part.startsWith(':')).length;
  return { area, route, pattern: new RegExp(`^${source}$`, 'i'), names, literals };
}

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** The query as Express 5's simple parser gives it: a text, or a list for a repeated key. */
function queryOf(search: URLSearchParams): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [key, value] of search) {
    const known = query[key];
    if (known === undefined) query[key] = value;
    else query[key] = Array.isArray(known) ? [...(known as string[]), value] : [known, value];
  }
  return query;
}

function cookiesOf(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (name && !(name in cookies)) {
      try {
        cookies[name] = decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        cookies[name] = part.slice(at + 1).trim();
      }
    }
  }
  return cookies;
}

export interface EdgeOptions {
  services: AreaServices;
  scenarios: ScenarioRegistry;
  /** Latency added to every `/api` call. */
  latencyMs?: number;
  /**
   * Areas whose routes the runtime answers itself once a request passed the edge (the Express
   * app's json-server lists, Area.jsonServer): their answers are `delegated`.
   */
  delegate?: (area: Area) => boolean;
}

export interface NeutralEdge {
  /** Answers a request to `/api/…` (the URL's path must start with `/api/`). */
  handle(request: RawRequest): Promise<RawResponse>;
  /** Every route under /api with its methods, in the order they are matched. */
  routes(): RouteInfo[];
}

/** How many paths' resolutions are remembered (a scan of made-up paths cannot grow it without end). */
const RESOLVED_PATHS = 10_000;

export function createNeutralEdge({
  services,
  scenarios,
  latencyMs = 0,
  delegate = () => false,
}: EdgeOptions): NeutralEdge {
  // Every area's routes, in AREAS' order.
  const compiled = AREAS.flatMap((area) =>
    area.routes(services).map((route) => compile(area, route)),
  );

  interface Resolution {
    /** The view the path resolves to. */
    route: ResolvedRoute;
    /** The routes whose pattern matches the path, signed ones and the others. */
    signed: Compiled[];
    others: Compiled[];
    takesUploads: boolean;
  }

  /** Django's URL resolution: the most specific patterns win; their methods make `Allow`. */
  const resolveAnew = (path: string): Resolution | null => {
    const candidates = compiled.filter((entry) => entry.pattern.test(path));
    if (candidates.length === 0) return null;
    const best = Math.max(...candidates.map((candidate) => candidate.literals));
    const winners = candidates.filter((candidate) => candidate.literals === best);
    const methods = new Set<string>(winners.map((winner) => winner.route.method));
    if (methods.has('GET')) methods.add('HEAD');
    methods.add('OPTIONS');
    return {
      route: {
        pattern: winners[0]!.route.path,
        allowed: METHOD_ORDER.filter((method) => methods.has(method)),
      },
      signed: candidates.filter((entry) => entry.route.access === 'signed'),
      others: candidates.filter((entry) => entry.route.access !== 'signed'),
      takesUploads: candidates.some((entry) => entry.route.upload),
    };
  };
  // Resolving tries every route's pattern: remembered per path (the routes are fixed).
  const resolved = new Map<string, Resolution | null>();
  const resolve = (path: string) => {
    let resolution = resolved.get(path);
    if (resolution === undefined) {
      resolution = resolveAnew(path);
      if (resolved.size >= RESOLVED_PATHS) resolved.clear();
      resolved.set(path, resolution);
    }
    return resolution;
  };

  async function handle(raw: RawRequest): Promise<RawResponse> {
    const url = new URL(raw.url);
    const method = raw.method.toUpperCase();
    const fullPath = url.pathname;
    const path = fullPath.replace(/^\/api/, '');
    const headers: Record<string, string> = {};
    const answer = (
      status: number,
      body?: unknown,
      extra: Record<string, string> = {},
      setCookies: string[] = [],
    ): RawResponse => {
      const out: RawResponse = { status, headers: { ...headers, ...extra }, setCookies };
      if (body !== undefined && status !== 204 && status !== 304) {
        out.body = JSON.stringify(body);
        out.headers['Content-Type'] ??= 'application/json; charset=utf-8';
      }
      if (method === 'HEAD') delete out.body;
      return out;
    };

    // Scenarios and latency, before anything else.
    const scenario = scenarios.take(method, fullPath);
    const delay = latencyMs + (scenario?.delayMs ?? 0);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    if (scenario?.networkError)
      return { status: 0, headers: {}, setCookies: [], networkError: true };
    if (scenario && scenario.status !== undefined)
      return scenario.status === 204 || scenario.body === undefined
        ? { status: scenario.status, headers: {}, setCookies: [] }
        : answer(scenario.status, scenario.body);

    // Django's URL resolution.
    const resolution = resolve(path);
    if (!resolution) {
      if (!path.endsWith('/') && resolve(`${path}/`))
        return {
          status: 301,
          headers: {
            Location: `${fullPath}/${url.search}`,
            'Content-Type': 'text/html; charset=utf-8',
            'Content-Length': '0',
          },
          setCookies: [],
        };
      return {
        status: 404,
        headers: { 'Content-Type': 'text/html' },
        setCookies: [],
        body: method === 'HEAD' ? undefined : DJANGO_NOT_FOUND_PAGE,
      };
    }
    const { route } = resolution;
    headers.Allow = route.allowed.join(', ');

    // Django's <int:id>: digits only.
    for (const segment of path.split('/')) {
      if (segment === '' || /^\d+$/.test(segment)) continue;
      let decoded: string;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        return answer(404, { detail: 'Not found.' });
      }
      if (decoded.trim() !== '' && Number.isFinite(Number(decoded)))
        return answer(404, { detail: 'Not found.' });
    }

    const query = queryOf(url.searchParams);
    const cookies = raw.cookies ?? cookiesOf(raw.headers.cookie);
    const header = (name: string) => raw.headers[name.toLowerCase()];
    const dispatchMethod = method === 'HEAD' ? 'GET' : method;
    const paramsOf = (entry: Compiled) => {
      const values = entry.pattern.exec(path)!.slice(1);
      return Object.fromEntries(
        entry.names.map((name, index) => {
          try {
            return [name, decodeURIComponent(values[index]!)];
          } catch {
            return [name, values[index]!];
          }
        }),
      );
    };
    const requestFor = (entry: Compiled, extra: Partial<MockRequest> = {}): MockRequest => ({
      method,
      path,
      params: paramsOf(entry),
      query,
      headers: raw.headers,
      body: undefined,
      files: [],
      fields: {},
      url: raw.url,
      auth: undefined as unknown as MockRequest['auth'],
      ...extra,
    });
    const write = (result: MockAnswer, body?: unknown): RawResponse => {
      const extra = { ...result.headers };
      const setCookies: string[] = [];
      for (const [name, value] of Object.entries(extra))
        if (name.toLowerCase() === 'set-cookie') {
          setCookies.push(value);
          delete extra[name];
        }
      if (result.bytes) {
        const out = answer(result.status, undefined, extra, setCookies);
        if (method !== 'HEAD') out.body = result.bytes;
        return out;
      }
      const errors =
        result.status === 400 && isFieldErrors(result.body)
          ? nullsNamed(result.body, body)
          : result.body;
      return answer(result.status, errors, extra, setCookies);
    };

    // A signed download link: its signature instead of the JWT.
    if (query.signature !== undefined) {
      const entry = resolution.signed.find((one) => one.route.method === dispatchMethod);
      if (entry) return write(await answerOf(() => entry.route.handler(requestFor(entry))));
    }

    // DRF: authentication, then CSRF.
    let auth: MockRequest['auth'] | undefined;
    if (!PUBLIC_API_PATHS.includes(path)) {
      const result = await authenticate(services.tokens, services.db, header('authorization'));
      if ('refusal' in result)
        return answer(401, result.refusal, { 'WWW-Authenticate': WWW_AUTHENTICATE });
      auth = result.auth;
    }
    const csrf = csrfRefusal(method, path, cookies[CSRF_COOKIE], header(CSRF_HEADER), [
      FAKE_AUTH_PATH,
    ]);
    if (csrf) return answer(csrf.status, csrf.body);

    // The view's methods.
    if (method === 'OPTIONS')
      return answer(
        200,
        metadataOf(
          route,
          resolution.takesUploads
            ? ['application/json', 'multipart/form-data']
            : ['application/json'],
        ),
      );
    if (!route.allowed.includes(method))
      return answer(405, { detail: `Method "${method}" not allowed.` });

    const readBody = async () =>
      typeof raw.body === 'function' ? raw.body() : (raw.body ?? new Uint8Array(0));
    const type = header('content-type') ?? '';
    const multipart = /^multipart\/form-data/i.test(type);
    const jsonType = /^application\/(.+\+)?json\s*(;|$)/i.test(type);
    const entry = resolution.others.find((one) => one.route.method === dispatchMethod);
    const tooLarge = () => answer(413, { files: [FILE_ERROR] }, { Connection: 'close' });

    if (entry?.route.upload) {
      const spec = entry.route.upload;
      if (Number(header('content-length') ?? 0) > MAX_UPLOAD_REQUEST_BYTES) return tooLarge();
      const before = await answerOf(() => {
        spec.target(requestFor(entry, { auth: auth! }));
        return { status: 0 };
      });
      if (before.status !== 0) return write(before);
      if (!multipart) return answer(415, UNSUPPORTED(type), { Connection: 'close' });
      const bytes = await readBody();
      if (bytes.length > MAX_UPLOAD_REQUEST_BYTES) return tooLarge();
      let form: FormData;
      try {
        form = await new Response(bytes as Uint8Array<ArrayBuffer>, {
          headers: { 'content-type': type },
        }).formData();
      } catch (error) {
        const message = error instanceof Error ? error.message : 'invalid body';
        return answer(400, { detail: `Multipart form parse error - ${message}` });
      }
      const files: UploadedFile[] = [];
      const fields: Record<string, unknown> = {};
      const allowedFields = spec.fields ?? {};
      for (const [name, value] of form) {
        if (typeof value === 'string') {
          if (
            !(name in allowedFields) ||
            Object.keys(fields).length >= Object.keys(allowedFields).length
          )
            return answer(400, { detail: 'Multipart form parse error - Too many fields' });
          if (value.length > allowedFields[name]! * 4)
            return answer(400, { text: [TOO_LONG(TEXT_MAX)] });
          fields[name] = value;
          continue;
        }
        const file = value as File;
        if (
          name !== 'files' ||
          files.length >= spec.rule.maxFiles ||
          file.size > spec.rule.maxBytes ||
          !spec.rule.extensions.includes(extensionOf(file.name))
        )
          return answer(400, { files: [FILE_ERROR] });
        files.push({
          name: file.name,
          size: file.size,
          bytes: new Uint8Array(await file.arrayBuffer()),
        });
      }
      const request = requestFor(entry, { auth: auth!, files, fields, body: fields });
      const target = spec.target(request) as never;
      const errors = uploadErrors(spec, request, target);
      if (!errors.isEmpty) return answer(400, nullsNamed(errors.toJSON(), fields));
      return write(await answerOf(() => spec.store(request, target)), fields);
    }

    // DRF's parsers: JSON (multipart where the path takes uploads), else 415.
    if (jsonType && Number(header('content-length') ?? 0) > JSON_LIMIT_BYTES)
      return answer(413, { detail: 'Request entity too large.' });
    const bytes = await readBody();
    if (bytes.length > 0 && !(multipart && resolution.takesUploads) && !jsonType)
      return answer(415, UNSUPPORTED(type));
    let body: unknown;
    if (bytes.length > 0 && jsonType) {
      if (bytes.length > JSON_LIMIT_BYTES)
        return answer(413, { detail: 'Request entity too large.' });
      try {
        body = JSON.parse(new TextDecoder().decode(bytes));
      } catch (error) {
        const message = error instanceof Error ? error.message : 'invalid JSON';
        return answer(400, { detail: `JSON parse error - ${message}` });
      }
      if (typeof body === 'object' && body !== null) {
        const problem = jsonBodyProblem(body);
        if (problem === 'too deep')
          return answer(400, {
            detail: `JSON parse error - nesting deeper than ${MAX_BODY_DEPTH}.`,
          });
        if (problem) return answer(400, { [problem.field]: ['Not a valid value.'] });
      }
    }
    if (!entry) return answer(404, { detail: 'Not found.' });
    if (delegate(entry.area))
      return { status: 0, headers, setCookies: [], delegated: { auth: auth! } };
    if (entry.route.objectBody) {
      const problem = objectBodyProblem(body);
      if (problem) return answer(400, nullsNamed(problem, body));
      body ??= {};
    }
    return write(
      await answerOf(() => entry.route.handler(requestFor(entry, { auth: auth!, body }))),
      body,
    );
  }

  return {
    handle,
    routes: () => compiled.map(({ route }) => ({ path: route.path, methods: [route.method] })),
  };
}

const isFieldErrors = (body: unknown): body is Record<string, string[]> =>
  typeof body === 'object' && body !== null && !Array.isArray(body);
