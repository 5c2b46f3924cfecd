import type { RequestHandler, Router } from 'express';
import { drf } from './drf';

/**
 * Checks at the edge of the API, before any route reads a request: what Django and DRF refuse
 * before a view runs, so no route ever meets it (and no request crashes one).
 */

/**
 * Django's `<int:id>` converter matches digits only: '1e0', '0x1', '1.0', '-1' or ' 1' name no
 * record (404), although `Number()` would read each as a number.
 */
export const canonicalIds: RequestHandler = (req, res, next) => {
  for (const segment of req.path.split('/')) {
    if (segment === '' || /^\d+$/.test(segment)) continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      drf.notFound(res);
      return;
    }
    if (decoded.trim() !== '' && Number.isFinite(Number(decoded))) {
      drf.notFound(res);
      return;
    }
  }
  next();
};

/** Deeper than this, a JSON body is refused before anything walks it. */
export const MAX_BODY_DEPTH = 32;

/** Own keys that would shadow what every object inherits, or reach its prototype. */
const SHADOWING = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

/**
 * A JSON body whose nesting is deeper than MAX_BODY_DEPTH is a 400 (DRF's parse error shape); a
 * value holding a key such as `__proto__`, `constructor` or `toString` is a 400 on its top-level
 * field, as DRF's serializer fields refuse a dictionary where they expect a value.
 */
export const boundedJson: RequestHandler = (req, res, next) => {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null) {
    next();
    return;
  }
  const problem = jsonBodyProblem(body);
  if (problem === 'too deep') {
    res.status(400).json({ detail: `JSON parse error - nesting deeper than ${MAX_BODY_DEPTH}.` });
    return;
  }
  if (problem) {
    res.status(400).json({ [problem.field]: ['Not a valid value.'] });
    return;
  }
  next();
};

/** Walks the body without recursion: the deepest level, and the first top-level field at fault. */
export function jsonBodyProblem(body: object): 'too deep' | { field: string } | null {
  const stack: { value: unknown; depth: number; field: string }[] = [];
  if (Array.isArray(body))
    body.forEach((value) => stack.push({ value, depth: 2, field: 'non_field_errors' }));
  else {
    for (const [field, value] of Object.entries(body)) {
      if (SHADOWING.has(field)) return { field };
      stack.push({ value, depth: 2, field });
    }
  }
  while (stack.length > 0) {
    const { value, depth, field } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_BODY_DEPTH) return 'too deep';
    for (const [key, child] of Object.entries(value)) {
      if (!Array.isArray(value) && SHADOWING.has(key)) return { field };
      stack.push({ value: child, depth: depth + 1, field });
    }
  }
  return null;
}

interface RouteLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: RouteLayer[] };
  match(path: string): boolean;
}

/** The order of the methods in DRF's `Allow` (APIView.allowed_methods follows http_method_names). */
const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** The route a path resolves to, as Django's URL resolver picks the view. */
export interface ResolvedRoute {
  /** Its path pattern under /api, e.g. '/risks/:id/'. */
  pattern: string;
  /** What `Allow` says: the view's methods, HEAD with GET, and OPTIONS, in DRF's order. */
  allowed: string[];
}

/**
 * The route of `path`, or null when no pattern matches. The most specific patterns win
 * ('/risks/similar/' over '/risks/:id/'), so a literal path is never handed to an id route.
 */
export function resolveRoute(api: Router, path: string): ResolvedRoute | null {
  const candidates = matchingRoutes(api.stack as unknown as RouteLayer[], path);
  if (candidates.length === 0) return null;
  const best = Math.max(...candidates.map((candidate) => candidate.literals));
  const winners = candidates.filter((candidate) => candidate.literals === best);
  const methods = new Set(winners.flatMap((candidate) => candidate.methods));
  if (methods.has('GET')) methods.add('HEAD');
  methods.add('OPTIONS');
  return {
    pattern: winners[0]!.pattern,
    allowed: [
      ...METHOD_ORDER.filter((method) => methods.has(method)),
      ...[...methods].filter((method) => !METHOD_ORDER.includes(method)).sort(),
    ],
  };
}

/** Django's 404 page with DEBUG off and no 404.html template (django.views.defaults). */
export const DJANGO_NOT_FOUND_PAGE = `
<!doctype html>
<html lang="en">
<head>
  <title>Not Found</title>
</head>
<body>
  <h1>Not Found</h1><p>The requested resource was not found on this server.</p>
</body>
</html>
`;

/**
 * Django resolves the URL before any view (or DRF's authentication) runs:
 * - a path no pattern matches whose slashed form does is a 301 there, query kept (APPEND_SLASH;
 *   with DEBUG off for every method, so a browser turns a POST into a GET of the slashed path);
 * - any other unmatched path is Django's HTML 404 page, not DRF's JSON;
 * - a resolved route's every answer carries `Allow`, as DRF's APIView.finalize_response sets it.
 * The route is kept in `res.locals.route` for `methodNotAllowed`.
 */
export function urlResolver(api: Router): RequestHandler {
  // Resolving walks every route's pattern: remembered per path (the routes are fixed once the
  // app serves), bounded so that a scan of made-up paths cannot grow it without end.
  const resolved = new Map<string, ResolvedRoute | null>();
  const resolve = (path: string) => {
    let route = resolved.get(path);
    if (route === undefined) {
      route = resolveRoute(api, path);
      if (resolved.size >= 10_000) resolved.clear();
      resolved.set(path, route);
    }
    return route;
  };
  return (req, res, next) => {
    const route = resolve(req.path);
    if (route) {
      res.locals.route = route;
      res.set('Allow', route.allowed.join(', '));
      next();
      return;
    }
    if (!req.path.endsWith('/') && resolve(`${req.path}/`)) {
      const query = req.originalUrl.includes('?')
        ? req.originalUrl.slice(req.originalUrl.indexOf('?'))
        : '';
      res.status(301);
      res.setHeader('Location', `${req.baseUrl}${req.path}/${query}`);
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Content-Length', '0');
      res.end();
      return;
    }
    res.status(404);
    // Set by hand: Express would add '; charset=utf-8', which Django's page does not have.
    res.setHeader('Content-Type', 'text/html');
    res.setHeader('Content-Length', String(Buffer.byteLength(DJANGO_NOT_FOUND_PAGE)));
    res.end(DJANGO_NOT_FOUND_PAGE);
  };
}

/** How the mock describes a route in DRF's OPTIONS metadata. */
export interface MetadataOptions {
  /** The media types a path's body may have (JSON; multipart where it takes uploads). */
  parses: (path: string) => string[];
}

/**
 * After authentication, as DRF's APIView.dispatch: a method the resolved view lacks is a 405
 * naming it (its `Allow` is already set), and OPTIONS answers DRF's SimpleMetadata. Put it after
 * `urlResolver` and authentication, before the routes of `api`.
 */
export function methodNotAllowed({ parses }: MetadataOptions): RequestHandler {
  return (req, res, next) => {
    const route = res.locals.route as ResolvedRoute | undefined;
    if (!route || (route.allowed.includes(req.method) && req.method !== 'OPTIONS')) {
      next();
      return;
    }
    if (req.method === 'OPTIONS') {
      res.json(metadataOf(route, parses(req.path)));
      return;
    }
    drf.methodNotAllowed(req, res, route.allowed);
  };
}

/**
 * DRF's SimpleMetadata: the view's name (here from its path: '/risks/:id/' is "Risks Instance"),
 * its description (none), the media types it renders and parses, and for a route that takes POST
 * or PUT the `actions` those methods have, without their serializer's field descriptions.
 */
export function metadataOf(route: ResolvedRoute, parses: string[]) {
  const segments = route.pattern.split('/').filter(Boolean);
  const instance = segments.at(-1)?.startsWith(':') ?? false;
  const literal = segments.filter((segment) => !segment.startsWith(':')).at(-1) ?? 'Api Root';
  const title = literal
    .split(/[-_]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
  const writes = ['POST', 'PUT'].filter((method) => route.allowed.includes(method));
  return {
    name: instance ? `${title} Instance` : title,
    description: '',
    renders: ['application/json'],
    parses,
    ...(writes.length > 0
      ? { actions: Object.fromEntries(writes.map((method) => [method, {}])) }
      : {}),
  };
}

interface Candidate {
  methods: string[];
  literals: number;
  pattern: string;
}

function matchingRoutes(stack: readonly RouteLayer[], path: string): Candidate[] {
  const found: Candidate[] = [];
  const depth = path.split('/').length;
  for (const layer of stack) {
    if (layer.route) {
      const methods = routeMethods(layer);
      if (methods.length === 0 || !layer.match(path)) continue;
      const patterns = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      // Of several patterns, the one as deep as the path is the one that matched.
      const pattern =
        patterns.find((candidate) => candidate.split('/').length === depth) ?? patterns[0]!;
      const literals = pattern.split('/').filter((part) => part && !part.startsWith(':')).length;
      found.push({ methods, literals, pattern });
    } else if (layer.handle?.stack && layer.match(path)) {
      // Routers mounted without a prefix: their routes carry the whole path.
      found.push(...matchingRoutes(layer.handle.stack, path));
    }
  }
  return found;
}

const routeMethods = (layer: RouteLayer): string[] =>
  Object.entries(layer.route?.methods ?? {})
    .filter(([method, on]) => on && method !== '_all')
    .map(([method]) => method.toUpperCase());

/** One route of the API: its path pattern (under /api) and the methods it answers. */
export interface RouteInfo {
  path: string;
  methods: string[];
}

/** Every route of `api` with its methods (routes that take any method, `all`, are left out). */
export function routeTable(api: Router): RouteInfo[] {
  const table: RouteInfo[] = [];
  const walk = (stack: readonly RouteLayer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const methods = routeMethods(layer);
        if (methods.length === 0) continue;
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const path of paths) table.push({ path, methods });
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk(api.stack as unknown as RouteLayer[]);
  return table;
}
