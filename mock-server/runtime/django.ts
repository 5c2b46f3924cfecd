/**
 * What Django and DRF answer before a view runs, as plain values (no runtime): the HTML 404 page,
 * JSON's limits, OPTIONS' metadata. The neutral edge (runtime/edge.ts) answers with them.
 */

/** Deeper than this, a JSON body is refused before anything walks it. */
export const MAX_BODY_DEPTH = 32;

/** Own keys that would shadow what every object inherits, or reach its prototype. */
const SHADOWING = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

/**
 * Why a JSON body is refused, if it is: nesting deeper than MAX_BODY_DEPTH (a 400 in DRF's parse
 * error shape), or a value holding a key such as `__proto__`, `constructor` or `toString` (a 400
 * on its top-level field, as DRF's serializer fields refuse a dictionary where they expect a
 * value). Walks the body without recursion.
 */
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

/** The route a path resolves to, as Django's URL resolver picks the view. */
export interface ResolvedRoute {
  /** Its path pattern under /api, e.g. '/risks/:id/'. */
  pattern: string;
  /** What `Allow` says: the view's methods, HEAD with GET, and OPTIONS, in DRF's order. */
  allowed: string[];
}

/** One route of the API: its path pattern (under /api) and the methods it answers. */
export interface RouteInfo {
  path: string;
  methods: string[];
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
