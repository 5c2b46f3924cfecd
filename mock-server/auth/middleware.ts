import type { MockDb } from '../store/db';
import { findPersona, type Persona } from './personas';
import type { TokenClaims, TokenService } from './tokens';

export const CSRF_COOKIE = 'csrftoken';
/** The fake SSO's sign-in: no JWT yet, so no CSRF check either. */
export const FAKE_AUTH_PATH = '/auth/fake-auth/';
/** The paths under /api that take no JWT. */
export const PUBLIC_API_PATHS = [FAKE_AUTH_PATH, '/auth/token/refresh/', '/auth/personas/'];
export const CSRF_HEADER = 'x-csrftoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

export interface AuthLocals {
  persona: Persona;
  claims: TokenClaims;
}

/**
 * Django's CSRF check (double submit): the header must equal the cookie on unsafe methods, the
 * 403 it answers or undefined to go on. The edge runs it after authentication, as DRF's
 * SessionAuthentication checks CSRF once it knows the user; the real backend checks it only for a
 * session-authenticated call, the mock for every unsafe call (the README says why).
 */
export function csrfRefusal(
  method: string,
  path: string,
  cookie: string | undefined,
  header: string | undefined,
  exemptPaths: readonly string[],
): { status: 403; body: { detail: string } } | undefined {
  if (SAFE_METHODS.has(method) || exemptPaths.includes(path)) return undefined;
  if (!cookie) return { status: 403, body: { detail: 'CSRF Failed: CSRF cookie not set.' } };
  // Django 3.2's wording for both (Django 4 split it into "missing." and "incorrect.").
  if (!header || header !== cookie)
    return { status: 403, body: { detail: 'CSRF Failed: CSRF token missing or incorrect.' } };
  return undefined;
}

/** What simplejwt's JWTAuthentication sends with a 401 (AUTH_HEADER_TYPES = ('JWT',)). */
export const WWW_AUTHENTICATE = 'JWT realm="api"';

export const NOT_AUTHENTICATED = { detail: 'Authentication credentials were not provided.' };

export const BAD_AUTHORIZATION_HEADER = {
  detail: 'Authorization header must contain two space-delimited values',
  code: 'bad_authorization_header',
};

/** simplejwt's InvalidToken for a bearer token no token class accepts. */
export const tokenNotValid = (message = 'Token is invalid or expired') => ({
  detail: 'Given token not valid for any token type',
  code: 'token_not_valid',
  messages: [{ token_class: 'AccessToken', token_type: 'access', message }],
});

/**
 * The raw token of an `Authorization` header as simplejwt reads it: none when the header is absent,
 * empty or of another type ('Bearer …', 'jwt …': another authenticator's, so no credentials);
 * 'malformed' when a JWT header is not exactly two space-delimited values.
 */
export function rawToken(header: string | undefined): string | 'malformed' | null {
  // Python's bytes.split(): runs of ASCII whitespace, none at either end.
  const parts = (header ?? '').split(/[ \t\n\r\v\f]+/).filter(Boolean);
  if (parts.length === 0 || parts[0] !== 'JWT') return null;
  return parts.length === 2 ? parts[1]! : 'malformed';
}

/**
 * simplejwt's JWTAuthentication with AUTH_HEADER_TYPES = ('JWT',), then DRF's IsAuthenticated:
 * the signed-in user, or the 401's body. No credentials are DRF's NotAuthenticated (no `code`), a
 * malformed header or a bad token simplejwt's AuthenticationFailed / InvalidToken (with `code`);
 * every 401 carries WWW-Authenticate.
 */
export async function authenticate(
  tokens: TokenService,
  db: MockDb,
  authorization: string | undefined,
): Promise<{ auth: AuthLocals } | { refusal: object }> {
  const token = rawToken(authorization);
  if (token === null) return { refusal: NOT_AUTHENTICATED };
  if (token === 'malformed') return { refusal: BAD_AUTHORIZATION_HEADER };
  const result = await tokens.verify(token, 'access');
  const persona = result.ok ? findPersona(result.claims.persona) : undefined;
  const revoked = result.ok && db.readState().revokedSessions.includes(result.claims.sessionId);
  if (!result.ok || !persona || revoked) {
    const wrongType = !result.ok && result.reason === 'wrong_type';
    return { refusal: tokenNotValid(wrongType ? 'Token has wrong type' : undefined) };
  }
  return { auth: { persona, claims: result.claims } };
}

export function authOf(locals: Record<string, unknown>): AuthLocals {
  return locals.auth as AuthLocals;
}
