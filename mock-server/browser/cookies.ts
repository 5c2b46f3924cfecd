/**
 * The static demo's cookies. A service worker's answer cannot set cookies (MSW keeps a mocked
 * `Set-Cookie` in a store of its own), so the browser runtime writes them itself: a cookie the SPA
 * may read (the CSRF token) to `document.cookie`, an HttpOnly one to a jar in localStorage that the
 * SPA's code never reads, so that it stays out of `document.cookie` as a real server's would.
 */
const JAR_KEY = 'pep-static-demo:http-only-cookies';

interface JarEntry {
  value: string;
  /** Epoch milliseconds; absent for a session cookie. */
  expires?: number;
}

type Jar = Record<string, JarEntry>;

const readJar = (): Jar => {
  try {
    return JSON.parse(localStorage.getItem(JAR_KEY) ?? '{}') as Jar;
  } catch {
    return {};
  }
};

function parseCookies(text: string): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of text.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (name) cookies[name] = decodeURIComponent(part.slice(at + 1).trim());
  }
  return cookies;
}

/** The cookies a request carries: the page's and the jar's live ones. */
export function requestCookies(now = Date.now()): Record<string, string> {
  const cookies = parseCookies(document.cookie);
  for (const [name, entry] of Object.entries(readJar()))
    if (entry.expires === undefined || entry.expires > now) cookies[name] = entry.value;
  return cookies;
}

/** Keeps one `Set-Cookie` line of an answer as the browser would. */
export function applySetCookie(line: string, now = Date.now()): void {
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  const flags = new Map(
    attributes.map((attribute) => {
      const at = attribute.indexOf('=');
      return at < 0
        ? [attribute.toLowerCase(), '']
        : [attribute.slice(0, at).toLowerCase(), attribute.slice(at + 1)];
    }),
  );
  if (!flags.has('httponly')) {
    document.cookie = line;
    return;
  }
  const at = pair.indexOf('=');
  const name = pair.slice(0, at).trim();
  const maxAge = flags.get('max-age');
  const expiresAt = flags.get('expires');
  const expires =
    maxAge !== undefined
      ? now + Number(maxAge) * 1000
      : expiresAt !== undefined
        ? Date.parse(expiresAt)
        : undefined;
  const jar = readJar();
  if (expires !== undefined && expires <= now) delete jar[name];
  else jar[name] = { value: decodeURIComponent(pair.slice(at + 1)), expires };
  localStorage.setItem(JAR_KEY, JSON.stringify(jar));
}
