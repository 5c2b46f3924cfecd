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
  const problem = inspect(body);
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
function inspect(body: object): 'too deep' | { field: string } | null {
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

/**
 * Django resolves the path first, then the view refuses a method it lacks: 405 naming the methods
 * it allows. The most specific patterns win ('/risks/similar/' over '/risks/:id/'), so a literal
 * path is never handed to an id route. Put it after authentication and before the routes of `api`.
 */
export function methodNotAllowed(api: Router): RequestHandler {
  return (req, res, next) => {
    const candidates = matchingRoutes(api.stack as unknown as RouteLayer[], req.path);
    if (candidates.length === 0) {
      next();
      return;
    }
    const best = Math.max(...candidates.map((candidate) => candidate.literals));
    const allowed = new Set(
      candidates
        .filter((candidate) => candidate.literals === best)
        .flatMap((candidate) => candidate.methods),
    );
    if (allowed.has(req.method) || (req.method === 'HEAD' && allowed.has('GET'))) {
      next();
      return;
    }
    if (req.method === 'OPTIONS') {
      next();
      return;
    }
    if (allowed.has('GET')) allowed.add('HEAD');
    allowed.add('OPTIONS');
    drf.methodNotAllowed(req, res, [...allowed].sort());
  };
}

function matchingRoutes(
  stack: readonly RouteLayer[],
  path: string,
): { methods: string[]; literals: number }[] {
  const found: { methods: string[]; literals: number }[] = [];
  for (const layer of stack) {
    if (layer.route) {
      const methods = routeMethods(layer);
      if (methods.length === 0 || !layer.match(path)) continue;
      const patterns = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      const literals = Math.max(
        ...patterns.map(
          (pattern) => pattern.split('/').filter((part) => part && !part.startsWith(':')).length,
        ),
      );
      found.push({ methods, literals });
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
