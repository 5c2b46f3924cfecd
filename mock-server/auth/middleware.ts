import type { RequestHandler } from 'express';
import type { MockDb } from '../store/db';
import { findPersona, type Persona } from './personas';
import type { TokenClaims, TokenService } from './tokens';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

export interface AuthLocals {
  persona: Persona;
  claims: TokenClaims;
}

/**
 * Django's CSRF check (double submit): the header must equal the cookie on unsafe methods. It runs
 * after authentication, as DRF's SessionAuthentication checks CSRF once it knows the user; the real
 * backend checks it only for a session-authenticated call, the mock for every unsafe call (the
 * README says why).
 */
export function csrfProtection(exemptPaths: readonly string[]): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || exemptPaths.includes(req.path)) {
      next();
      return;
    }
    const cookie = (req.cookies as Record<string, string | undefined>)[CSRF_COOKIE];
    const header = req.get(CSRF_HEADER);
    if (!cookie) {
      res.status(403).json({ detail: 'CSRF Failed: CSRF cookie not set.' });
    } else if (!header || header !== cookie) {
      // Django 3.2's wording for both (Django 4 split it into "missing." and "incorrect.").
      res.status(403).json({ detail: 'CSRF Failed: CSRF token missing or incorrect.' });
    } else {
      next();
    }
  };
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
 * no credentials are DRF's NotAuthenticated (no `code`), a malformed header or a bad token
 * simplejwt's AuthenticationFailed / InvalidToken (with `code`); every 401 carries
 * WWW-Authenticate.
 */
export function requireJwt(
  tokens: TokenService,
  db: MockDb,
  publicPaths: readonly string[],
): RequestHandler {
  return async (req, res, next) => {
    if (publicPaths.includes(req.path)) {
      next();
      return;
    }
    const token = rawToken(req.get('authorization'));
    if (token === null || token === 'malformed') {
      res
        .status(401)
        .set('WWW-Authenticate', WWW_AUTHENTICATE)
        .json(token === null ? NOT_AUTHENTICATED : BAD_AUTHORIZATION_HEADER);
      return;
    }
    const result = await tokens.verify(token, 'access');
    const persona = result.ok ? findPersona(result.claims.persona) : undefined;
    const revoked = result.ok && db.readState().revokedSessions.includes(result.claims.sessionId);
    if (!result.ok || !persona || revoked) {
      const wrongType = !result.ok && result.reason === 'wrong_type';
      res
        .status(401)
        .set('WWW-Authenticate', WWW_AUTHENTICATE)
        .json(tokenNotValid(wrongType ? 'Token has wrong type' : undefined));
      return;
    }
    const locals: AuthLocals = { persona, claims: result.claims };
    res.locals.auth = locals;
    next();
  };
}

export function authOf(locals: Record<string, unknown>): AuthLocals {
  return locals.auth as AuthLocals;
}
