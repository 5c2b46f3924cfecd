import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import type {
  CurrentUser,
  CurrentUserWithPlatform,
  FakeAuthResponse,
  TokenRefreshResponse,
} from '../../src/api/contract/auth';
import { CSRF_COOKIE, WWW_AUTHENTICATE, authOf } from '../auth/middleware';
import { PERSONAS, findPersona, toCurrentUser, toSummary, type Persona } from '../auth/personas';
import type { TokenService } from '../auth/tokens';
import {
  FieldErrors,
  NOT_A_STRING,
  REQUIRED,
  drf,
  rejected,
  requireObjectBody,
  requiredText,
} from '../drf';
import type { MockState } from '../store/state';
import { mutate, type MockDb } from '../store/db';
import { availableChecklists } from '../areas/checklists/model';
import { pendingActionRequests } from './actionRequests';

export function authRoutes(tokens: TokenService, db: MockDb): Router {
  const router = Router({ strict: true });

  // Mock-only: the personas the fake-auth screen offers.
  router.get('/auth/personas/', (_req, res) => {
    res.json(PERSONAS.map(toSummary));
  });

  // Mock-only stand-in for corporate SSO.
  router.post('/auth/fake-auth/', requireObjectBody, async (req, res) => {
    const { persona: personaId } = req.body as Record<string, unknown>;
    const errors = new FieldErrors();
    if (personaId === undefined || personaId === null) errors.add('persona', REQUIRED);
    else if (typeof personaId !== 'string') errors.add('persona', NOT_A_STRING);
    const persona = typeof personaId === 'string' ? findPersona(personaId) : undefined;
    if (typeof personaId === 'string' && !persona) {
      errors.add('persona', `"${personaId}" is not a valid choice.`);
    }
    if (!errors.isEmpty || !persona) {
      drf.badRequest(res, errors.toJSON());
      return;
    }
    const pair = await tokens.issuePair(persona.userId, persona.id);
    res.cookie(CSRF_COOKIE, randomBytes(24).toString('hex'), {
      path: '/',
      sameSite: 'lax',
      httpOnly: false,
      maxAge: tokens.settings.refreshTtlSeconds * 1000,
    });
    const body: FakeAuthResponse = {
      ...pair,
      user: currentUserOf(persona, db.getState()),
    };
    res.json(body);
  });

  // simplejwt's TokenRefreshView: `refresh` is a CharField; a token that is not a refresh token
  // is "wrong type"; every refusal is InvalidToken with the view's WWW-Authenticate.
  router.post('/auth/token/refresh/', requireObjectBody, async (req, res) => {
    const errors = new FieldErrors();
    const refresh = requiredText(errors, req.body as Record<string, unknown>, 'refresh', Infinity);
    if (rejected(res, errors)) return;
    const result = await tokens.verify(refresh, 'refresh');
    if (!result.ok || db.getState().revokedSessions.includes(result.claims.sessionId)) {
      const detail =
        !result.ok && result.reason === 'wrong_type'
          ? 'Token has wrong type'
          : 'Token is invalid or expired';
      res
        .status(401)
        .set('WWW-Authenticate', WWW_AUTHENTICATE)
        .json({ detail, code: 'token_not_valid' });
      return;
    }
    const body: TokenRefreshResponse = { access: await tokens.accessFor(result.claims) };
    res.json(body);
  });

  router.get('/auth/self/', (req, res) => {
    const { persona } = authOf(res.locals);
    const state = db.getState();
    const user = currentUserOf(persona, state);
    if (req.query.platform === 'true') {
      const body: CurrentUserWithPlatform = {
        ...user,
        platform_projects: state.projects
          .filter((project) => project.id % 11 === persona.userId % 11)
          .slice(0, 5)
          .map(({ id, name }) => ({ id, name })),
      };
      res.json(body);
      return;
    }
    res.json(user);
  });

  router.delete('/auth/logout/', (_req, res) => {
    const { claims } = authOf(res.locals);
    mutate(db, (state) => {
      if (!state.revokedSessions.includes(claims.sessionId))
        state.revokedSessions.push(claims.sessionId);
    });
    res.status(204).end();
  });

  return router;
}

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
