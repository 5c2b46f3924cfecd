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

/** Django's CSRF check (double submit): the header must equal the cookie on unsafe methods. */
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
    } else if (!header) {
      res.status(403).json({ detail: 'CSRF Failed: CSRF token missing.' });
    } else if (header !== cookie) {
      res.status(403).json({ detail: 'CSRF Failed: CSRF token incorrect.' });
    } else {
      next();
    }
  };
}

export const TOKEN_NOT_VALID = {
  detail: 'Given token not valid for any token type',
  code: 'token_not_valid',
  messages: [
    { token_class: 'AccessToken', token_type: 'access', message: 'Token is invalid or expired' },
  ],
};

/** simplejwt's JWTAuthentication with AUTH_HEADER_TYPES = ('JWT',). */
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
    const header = req.get('authorization');
    const match = header ? /^JWT\s+(\S+)$/.exec(header) : null;
    if (!match?.[1]) {
      res.status(401).set('WWW-Authenticate', 'JWT realm="api"').json({
        detail: 'Authentication credentials were not provided.',
        code: 'not_authenticated',
      });
      return;
    }
    const result = await tokens.verify(match[1], 'access');
    const persona = result.ok ? findPersona(result.claims.persona) : undefined;
    const revoked = result.ok && db.getState().revokedSessions.includes(result.claims.sessionId);
    if (!result.ok || !persona || revoked) {
      res.status(401).set('WWW-Authenticate', 'JWT realm="api"').json(TOKEN_NOT_VALID);
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
