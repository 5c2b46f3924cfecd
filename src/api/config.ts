/**
 * The API lives on the same origin as the SPA. The origin is read at call time so that tests and
 * pact runs (no `location` in node) can point the real endpoints elsewhere.
 */
let apiOrigin: string | undefined;

export function setApiOrigin(origin: string | undefined): void {
  apiOrigin = origin;
}

export function getApiOrigin(): string {
  if (apiOrigin) return apiOrigin;
  if (typeof location !== 'undefined') return location.origin;
  throw new Error('No API origin: call setApiOrigin() outside the browser.');
}

/** Spec §3 "Configuration". */
export const CSRF_COOKIE_NAME = 'csrftoken';
export const CSRF_HEADER_NAME = 'X-CSRFToken';
