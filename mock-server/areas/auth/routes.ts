import type {
  CurrentUser,
  CurrentUserWithPlatform,
  FakeAuthResponse,
  TokenRefreshResponse,
} from '../../../src/api/contract/auth';
import { CSRF_COOKIE, WWW_AUTHENTICATE } from '../../auth/middleware';
import { PERSONAS, findPersona, toCurrentUser, toSummary, type Persona } from '../../auth/personas';
import { availableChecklists } from '../checklists/model';
import type { Area } from '../../lib/area';
import { now } from '../../lib/clock';
import { FieldErrors, NOT_A_STRING, REQUIRED, requiredText } from '../../lib/drf';
import { badRequest, json, noContent, type MockAnswer } from '../../lib/http';
import { route } from '../../lib/routes';
import { pendingActionRequests } from '../notifications/model';
import { mutate } from '../../store/db';
import type { MockState } from '../../store/state';

/** 24 random bytes as hex: the CSRF cookie's value. */
const csrfToken = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(24)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

/**
 * Django's CSRF_COOKIE_AGE (a year): the cookie outlives the session's tokens, so a refresh sent
 * after the refresh token expired gets simplejwt's 401 (and the SPA signs the user out), not a
 * CSRF 403 the SPA would not read as the end of the session.
 */
export const CSRF_COOKIE_AGE_MS = 31_449_600_000;

/**
 * The CSRF cookie as Express's `res.cookie` writes it (path `/`, SameSite Lax, readable by the
 * SPA).
 */
function csrfCookie(maxAgeMs: number): string {
  const expires = new Date(now().getTime() + maxAgeMs).toUTCString();
  return `${CSRF_COOKIE}=${csrfToken()}; Max-Age=${Math.floor(maxAgeMs / 1000)}; Path=/; Expires=${expires}; SameSite=Lax`;
}

/** simplejwt's InvalidToken answer, with the view's WWW-Authenticate. */
const invalidToken = (detail: string): MockAnswer => ({
  status: 401,
  headers: { 'WWW-Authenticate': WWW_AUTHENTICATE },
  body: { detail, code: 'token_not_valid' },
});

/**
 * The mock's sign-in: the personas the fake-auth screen offers, the fake SSO that signs one in
 * (a token pair and the CSRF cookie), simplejwt's token refresh, the signed-in user (`self`) and
 * the logout that ends the session. The JWT check itself is the edge's (auth/middleware.ts).
 */
export const auth: Area = {
  feature: 'auth',
  seed: [{ name: 'auth', build: () => ({ revokedSessions: [] }) }],
  routes: ({ db, tokens }) => [
    // Mock-only: the personas the fake-auth screen offers.
    route.get('/auth/personas/', () => json(PERSONAS.map(toSummary)), { access: 'public' }),

    // Mock-only stand-in for corporate SSO.
    route.post(
      '/auth/fake-auth/',
      async (req) => {
        const { persona: personaId } = req.body;
        const errors = new FieldErrors();
        if (personaId === undefined || personaId === null) errors.add('persona', REQUIRED);
        else if (typeof personaId !== 'string') errors.add('persona', NOT_A_STRING);
        const persona = typeof personaId === 'string' ? findPersona(personaId) : undefined;
        if (typeof personaId === 'string' && !persona) {
          errors.add('persona', `"${personaId}" is not a valid choice.`);
        }
        if (!errors.isEmpty || !persona) badRequest(errors.toJSON());
        const pair = await tokens.issuePair(persona.userId, persona.id);
        const body: FakeAuthResponse = {
          ...pair,
          user: currentUserOf(persona, db.getState()),
        };
        return {
          status: 200,
          headers: { 'Set-Cookie': csrfCookie(CSRF_COOKIE_AGE_MS) },
          body,
        };
      },
      { access: 'public' },
    ),

    // simplejwt's TokenRefreshView: `refresh` is a CharField; a token that is not a refresh token
    // is "wrong type"; every refusal is InvalidToken with the view's WWW-Authenticate.
    route.post(
      '/auth/token/refresh/',
      async (req) => {
        const errors = new FieldErrors();
        const refresh = requiredText(errors, req.body, 'refresh', Infinity);
        errors.refuseIfAny();
        const result = await tokens.verify(refresh, 'refresh');
        if (!result.ok || db.getState().revokedSessions.includes(result.claims.sessionId))
          return invalidToken(
            !result.ok && result.reason === 'wrong_type'
              ? 'Token has wrong type'
              : 'Token is invalid or expired',
          );
        const body: TokenRefreshResponse = { access: await tokens.accessFor(result.claims) };
        return json(body);
      },
      { access: 'public' },
    ),

    route.get('/auth/self/', (req) => {
      const { persona } = req.auth;
      const state = db.getState();
      const user = currentUserOf(persona, state);
      if (req.query.platform !== 'true') return json(user);
      const body: CurrentUserWithPlatform = {
        ...user,
        platform_projects: state.projects
          .filter((project) => project.id % 11 === persona.userId % 11)
          .slice(0, 5)
          .map(({ id, name }) => ({ id, name })),
      };
      return json(body);
    }),

    route.delete('/auth/logout/', (req) => {
      const { claims } = req.auth;
      mutate(db, (state) => {
        if (!state.revokedSessions.includes(claims.sessionId))
          state.revokedSessions.push(claims.sessionId);
      });
      return noContent();
    }),
  ],
};

/**
 * The user as `self` answers it: the 'Actions' count is the pending action requests stored now,
 * the checklist counter the user's checklists still available or in progress.
 */
function currentUserOf(persona: Persona, state: MockState): CurrentUser {
  return toCurrentUser(persona, state.banner.html_text, {
    risk_action_requests_counter: pendingActionRequests(state, persona.userId),
    available_checklists_counter: availableChecklists(state, persona),
  });
}

declare module '../../store/state' {
  interface AreaStates {
    /** Session ids revoked by logout; their refresh tokens are refused. */
    auth: { revokedSessions: string[] };
  }
}
