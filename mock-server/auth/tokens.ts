import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export interface TokenSettings {
  /** Life of an access token in seconds (simplejwt's ACCESS_TOKEN_LIFETIME). */
  accessTtlSeconds: number;
  /** Life of a refresh token in seconds. */
  refreshTtlSeconds: number;
  secret: string;
}

export interface TokenClaims {
  userId: number;
  persona: string;
  sessionId: string;
  type: 'access' | 'refresh';
}

export type VerifyResult =
  { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' | 'wrong_type' };

const ISSUER = 'pep-mock';

export function createTokenService(settings: TokenSettings) {
  // A copy in this realm's Uint8Array: under jsdom (the unit tests' mock backend) TextEncoder's
  // array is node's, which jose's `instanceof Uint8Array` refuses.
  const key = new Uint8Array(new TextEncoder().encode(settings.secret));

  async function sign(
    claims: Omit<TokenClaims, 'type'>,
    type: TokenClaims['type'],
    expired = false,
  ) {
    const ttl = type === 'access' ? settings.accessTtlSeconds : settings.refreshTtlSeconds;
    // An expired token was issued one life ago and ran out a minute ago.
    const now = Math.floor(Date.now() / 1000) - (expired ? ttl + 60 : 0);
    return new SignJWT({ user_id: claims.userId, persona: claims.persona, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(String(claims.userId))
      .setJti(crypto.randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + ttl)
      .setAudience(type)
      .sign(key);
  }

  /**
   * Tokens whose signature was checked, with their claims and expiry: a client sends the same
   * access token with every call, and an HMAC per call was a tenth of a list's cost. Bounded.
   */
  const verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();

  async function verify(token: string, type: TokenClaims['type']): Promise<VerifyResult> {
    const known = verified.get(token);
    if (known && known.claims.type === type) {
      if (Date.now() < known.expiresAt) return { ok: true, claims: known.claims };
      verified.delete(token);
      return { ok: false, reason: 'expired' };
    }
    try {
      const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (payload.aud !== type) return { ok: false, reason: 'wrong_type' };
      const userId = payload.user_id;
      const persona = payload.persona;
      const sessionId = payload.sid;
      if (
        typeof userId !== 'number' ||
        typeof persona !== 'string' ||
        typeof sessionId !== 'string'
      ) {
        return { ok: false, reason: 'invalid' };
      }
      const claims: TokenClaims = { userId, persona, sessionId, type };
      if (verified.size >= 10_000) verified.clear();
      if (typeof payload.exp === 'number')
        verified.set(token, { claims, expiresAt: payload.exp * 1000 });
      return { ok: true, claims };
    } catch (error) {
      return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
    }
  }

  return {
    settings,
    /** A new session: a refresh token and its first access token. */
    async issuePair(userId: number, persona: string) {
      const claims = { userId, persona, sessionId: crypto.randomUUID() };
      return { access: await sign(claims, 'access'), refresh: await sign(claims, 'refresh') };
    },
    async accessFor(claims: Omit<TokenClaims, 'type'>) {
      return sign(claims, 'access');
    },
    /** Tokens that ran out, for tests and pact provider states. */
    async issueExpiredPair(userId: number, persona: string) {
      const claims = { userId, persona, sessionId: crypto.randomUUID() };
      return {
        access: await sign(claims, 'access', true),
        refresh: await sign(claims, 'refresh', true),
      };
    },
    verify,
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
