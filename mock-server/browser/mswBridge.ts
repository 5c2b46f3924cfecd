import { HttpResponse } from 'msw';
import type { RawRequest, RawResponse } from '../runtime/edge';
import { applySetCookie, requestCookies } from './cookies';

/**
 * Between MSW and the neutral DRF edge (runtime/edge.ts): a request MSW intercepted as the edge
 * reads it, and the edge's answer as MSW sends it. The static demo's service worker and the unit
 * tests' mock backend (src/testing/mockBackend.ts) both answer through it.
 */
const BODYLESS = new Set(['GET', 'HEAD']);

/** The request with the page's cookies (and the jar's HttpOnly ones) and its bytes. */
export async function rawRequestOf(request: Request): Promise<RawRequest> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return {
    method: request.method,
    url: request.url,
    headers,
    cookies: requestCookies(),
    body: BODYLESS.has(request.method.toUpperCase())
      ? undefined
      : new Uint8Array(await request.arrayBuffer()),
  };
}

/** The answer; its cookies are kept as the browser would keep them. */
export function responseOf(raw: RawResponse): Response {
  if (raw.networkError) return HttpResponse.error();
  for (const line of raw.setCookies) applySetCookie(line);
  const empty = raw.body === undefined || raw.status === 204 || raw.status === 304;
  return new HttpResponse(empty ? null : (raw.body as BodyInit), {
    status: raw.status,
    headers: raw.headers,
  });
}
