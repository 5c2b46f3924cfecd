/** A made-up origin to resolve in-app paths against: only its own paths stay on it. */
const APP = 'https://app.invalid';

/**
 * A link target that came with data (an API answer) as an href, or undefined when it may not be
 * one. Only an in-app path (a single leading `/`) or an http(s) address passes; `data:`,
 * `vbscript:`, `javascript:` (React blocks only this one), a protocol-relative `//host` or
 * `/\host`, a relative path or anything unreadable never reaches an href. The result is the target
 * as the browser reads it (a path stays a path, for the router).
 */
export function safeHref(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    if (value.startsWith('/')) {
      // Resolved the browser's way: `/\evil.example` or `/<tab>/evil.example` leaves the origin.
      const url = new URL(value, APP);
      return url.origin === APP ? `${url.pathname}${url.search}${url.hash}` : undefined;
    }
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
