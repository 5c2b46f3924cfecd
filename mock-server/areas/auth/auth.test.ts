import request from 'supertest';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import banner from '../../../fixtures/banner.json' with { type: 'json' };
import personas from '../../../fixtures/personas.json' with { type: 'json' };
import type { CurrentUser } from '../../../src/api/contract/auth';
import { createMockApp } from '../../app';
import { csrfCookieOf, signIn } from '../../testing/signIn';

const FAKE_AUTH = '/api/auth/fake-auth/';
const SELF = '/api/auth/self/';
const REFRESH = '/api/auth/token/refresh/';
const LOGOUT = '/api/auth/logout/';

const PERSONA_IDS = [
  'admin',
  'pm',
  'expert',
  'main_expert',
  'qcl',
  'auditor',
  'supervisor',
  'risk_owner',
  'account_owner',
  'viewer',
  'portfolio',
];

const CURRENT_USER_KEYS: (keyof CurrentUser)[] = [
  'id',
  'name',
  'login',
  'permissions',
  'risk_action_requests_counter',
  'available_checklists_counter',
  'banner',
  'isPortfolio',
];

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

const TOKEN_NOT_VALID = { code: 'token_not_valid', detail: expect.any(String) as unknown };

/** The seed's checklists still available or in progress, per persona (mock-server/seed/checklists.ts). */
const SEED_AVAILABLE_CHECKLISTS: Record<string, number> = { admin: 114, pm: 4, qcl: 2 };

function fixturePersona(id: string) {
  const persona = personas.find((candidate) => candidate.id === id);
  if (!persona) throw new Error(`no persona ${id} in fixtures/personas.json`);
  return persona;
}

/** The CurrentUser the spec says a persona is, from the fixtures alone. */
function expectedUser(id: string): CurrentUser {
  const persona = fixturePersona(id);
  return {
    id: persona.userId,
    name: persona.name,
    login: persona.login,
    permissions: persona.permissions,
    risk_action_requests_counter: persona.risk_action_requests_counter,
    available_checklists_counter: SEED_AVAILABLE_CHECKLISTS[id] ?? 0,
    banner: { isHideBanner: false, text: banner.html_text },
    isPortfolio: persona.isPortfolio,
  };
}

describe('POST /api/auth/fake-auth/', () => {
  it('answers 200 {access, refresh, user} with every CurrentUser field and sets the csrftoken cookie', async () => {
    const app = createMockApp();
    const res = await request(app).post(FAKE_AUTH).send({ persona: 'pm' });

    expect(res.status).toBe(200);
    expect(Object.keys(res.body as object).sort()).toEqual(['access', 'refresh', 'user']);
    expect(res.body.access).toMatch(JWT_SHAPE);
    expect(res.body.refresh).toMatch(JWT_SHAPE);
    expect(res.body.access).not.toBe(res.body.refresh);
    expect(Object.keys(res.body.user as object).sort()).toEqual([...CURRENT_USER_KEYS].sort());
    expect(res.body.user).toEqual(expectedUser('pm'));

    const setCookie = res.headers['set-cookie'] as unknown as string[];
    const cookie = setCookie.find((line) => line.startsWith('csrftoken='));
    expect(cookie).toBeDefined();
    expect(csrfCookieOf(setCookie)).toMatch(/^csrftoken=[0-9a-f]{32,}$/);
    // The SPA reads the cookie to echo it in X-CSRFToken: it must not be HttpOnly.
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it("sets the csrftoken cookie for a year (Django's CSRF_COOKIE_AGE), longer than the refresh token lives", async () => {
    const app = createMockApp();
    const res = await request(app).post(FAKE_AUTH).send({ persona: 'pm' });
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((line) =>
      line.startsWith('csrftoken='),
    );
    // A refresh sent once the refresh token expired must meet simplejwt's 401 (the SPA then
    // signs the user out), not a CSRF 403 for a cookie that expired with it.
    expect(cookie).toMatch(/Max-Age=31449600;/);
  });

  it('gives every sign-in its own csrftoken', async () => {
    const app = createMockApp();
    const first = await request(app).post(FAKE_AUTH).send({ persona: 'pm' });
    const second = await request(app).post(FAKE_AUTH).send({ persona: 'pm' });
    expect(csrfCookieOf(first.headers['set-cookie'])).not.toBe(
      csrfCookieOf(second.headers['set-cookie']),
    );
  });

  it('answers 400 {persona: [...]} to an unknown persona', async () => {
    const res = await request(createMockApp()).post(FAKE_AUTH).send({ persona: 'nobody' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ persona: ['"nobody" is not a valid choice.'] });
    expect(csrfCookieOf(res.headers['set-cookie'])).toBeUndefined();
  });

  it('answers 400 {persona: ["This field is required."]} when persona is missing', async () => {
    const res = await request(createMockApp()).post(FAKE_AUTH).send({});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ persona: ['This field is required.'] });
  });

  it('answers 400 {persona: [...]} when persona is not a string', async () => {
    const res = await request(createMockApp()).post(FAKE_AUTH).send({ persona: 42 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ persona: ['Not a valid string.'] });
  });

  it('answers 400 {non_field_errors: [...]} when the body is an array', async () => {
    const res = await request(createMockApp())
      .post(FAKE_AUTH)
      .send([{ persona: 'admin' }]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      non_field_errors: ['Invalid data. Expected a dictionary, but got list.'],
    });
  });

  it('answers 400 {detail: "JSON parse error - ..."} to malformed JSON', async () => {
    const res = await request(createMockApp())
      .post(FAKE_AUTH)
      .set('Content-Type', 'application/json')
      .send('{"persona": "admin"');
    expect(res.status).toBe(400);
    expect(res.type).toBe('application/json');
    expect(res.body).toEqual({ detail: expect.stringMatching(/^JSON parse error - /) });
  });

  it('answers 415 {detail} to a text/plain body', async () => {
    const res = await request(createMockApp())
      .post(FAKE_AUTH)
      .set('Content-Type', 'text/plain')
      .send('persona=admin');
    expect(res.status).toBe(415);
    expect(res.type).toBe('application/json');
    expect(res.body).toEqual({ detail: 'Unsupported media type "text/plain" in request.' });
  });

  it('signs in every persona of fixtures/personas.json, and those are exactly the spec ids', async () => {
    expect(personas.map((persona) => persona.id)).toEqual(PERSONA_IDS);
    const app = createMockApp();
    for (const id of PERSONA_IDS) {
      const signedIn = await signIn(id, { app });
      expect(signedIn.user, id).toEqual(expectedUser(id));
      const self = await request(app).get(SELF).set(signedIn.auth);
      expect(self.status, id).toBe(200);
      expect(self.body, id).toEqual(expectedUser(id));
    }
  });

  it('lists exactly the fixture personas on GET /api/auth/personas/ without credentials', async () => {
    const res = await request(createMockApp()).get('/api/auth/personas/');
    expect(res.status).toBe(200);
    expect((res.body as { id: string }[]).map((persona) => persona.id)).toEqual(PERSONA_IDS);
  });

  it('marks only the portfolio persona as isPortfolio', async () => {
    const app = createMockApp();
    for (const id of PERSONA_IDS) {
      const { user } = await signIn(id, { app });
      expect(user.isPortfolio, id).toBe(id === 'portfolio');
    }
  });

  it('gives admin more than 99 available checklists (the 99+ badge case)', async () => {
    const { user } = await signIn('admin');
    expect(user.available_checklists_counter).toBeGreaterThan(99);
  });

  it('gives viewer no permissions at all', async () => {
    const { user } = await signIn('viewer');
    expect(user.permissions).toEqual([]);
  });
});

describe('GET /api/auth/self/', () => {
  it('answers 401 with a detail and no token_not_valid code without an Authorization header', async () => {
    const res = await request(createMockApp()).get(SELF);
    expect(res.status).toBe(401);
    // DRF's NotAuthenticated: a detail alone (simplejwt's own refusals add `code`).
    expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect(res.headers['www-authenticate']).toBe('JWT realm="api"');
  });

  it('answers 401 "not provided" to a Bearer header (simplejwt only accepts the JWT type)', async () => {
    const { app, access } = await signIn('pm');
    const res = await request(app).get(SELF).set('Authorization', `Bearer ${access}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('answers 401 token_not_valid to a garbage token', async () => {
    const res = await request(createMockApp()).get(SELF).set('Authorization', 'JWT not.a.token');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(TOKEN_NOT_VALID);
  });

  it('answers 401 token_not_valid to a token signed with another secret', async () => {
    const foreign = await signIn('pm', { jwtSecret: 'some-other-secret' });
    const res = await request(createMockApp()).get(SELF).set(foreign.auth);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(TOKEN_NOT_VALID);
  });

  it('answers 401 token_not_valid once the access token has expired', async () => {
    // The clock is set, not waited on: a one-second life could run out before the first call.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const { app, auth } = await signIn('pm', { accessTtlSeconds: 60 });
    expect((await request(app).get(SELF).set(auth)).status).toBe(200);

    vi.setSystemTime(Date.now() + 61_000);

    const res = await request(app).get(SELF).set(auth);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(TOKEN_NOT_VALID);
  });

  it('answers 401 token_not_valid to a token the token service issued already expired', async () => {
    const app = createMockApp();
    const { access } = await app.mock.tokens.issueExpiredPair(2, 'pm');
    const res = await request(app).get(SELF).set('Authorization', `JWT ${access}`);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(TOKEN_NOT_VALID);
  });

  it('answers the signed-in user, without platform_projects by default', async () => {
    const { app, auth } = await signIn('qcl');
    const res = await request(app).get(SELF).set(auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expectedUser('qcl'));
    expect(res.body).not.toHaveProperty('platform_projects');
  });

  it('adds a platform_projects array of existing {id, name} projects with ?platform=true', async () => {
    const { app, auth } = await signIn('pm');
    const res = await request(app).get(SELF).query({ platform: 'true' }).set(auth);
    expect(res.status).toBe(200);
    const { platform_projects: platformProjects, ...user } = res.body as {
      platform_projects: unknown;
    } & CurrentUser;
    expect(user).toEqual(expectedUser('pm'));
    expect(Array.isArray(platformProjects)).toBe(true);
    const projects = platformProjects as { id: number; name: string }[];
    expect(projects.length).toBeGreaterThan(0);
    const stored = app.mock.db.getState().projects;
    for (const project of projects) {
      expect(Object.keys(project).sort()).toEqual(['id', 'name']);
      expect(stored.find((candidate) => candidate.id === project.id)?.name).toBe(project.name);
    }
  });
});

describe('POST /api/auth/token/refresh/', () => {
  it('answers 200 {access} for a valid refresh token, and that access works on self', async () => {
    const { app, refresh, headers } = await signIn('auditor');
    const res = await request(app).post(REFRESH).set(headers).send({ refresh });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body as object)).toEqual(['access']);
    expect(res.body.access).toMatch(JWT_SHAPE);

    const self = await request(app)
      .get(SELF)
      .set('Authorization', `JWT ${res.body.access as string}`);
    expect(self.status).toBe(200);
    expect(self.body).toEqual(expectedUser('auditor'));
  });

  it('answers 400 {refresh: ["This field is required."]} without a refresh', async () => {
    const { app, headers } = await signIn('pm');
    const res = await request(app).post(REFRESH).set(headers).send({});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ refresh: ['This field is required.'] });
  });

  it('answers 400 {refresh: [...]} when refresh is not a string', async () => {
    const { app, headers } = await signIn('pm');
    const res = await request(app)
      .post(REFRESH)
      .set(headers)
      .send({ refresh: ['x'] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ refresh: ['Not a valid string.'] });
  });

  it('reads a number as the text of a token, as a CharField does: 401 token_not_valid', async () => {
    const { app, headers } = await signIn('pm');
    const res = await request(app).post(REFRESH).set(headers).send({ refresh: 123 });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Token is invalid or expired', code: 'token_not_valid' });
  });

  it('answers 401 token_not_valid to an access token passed as the refresh', async () => {
    const { app, access, headers } = await signIn('pm');
    const res = await request(app).post(REFRESH).set(headers).send({ refresh: access });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Token has wrong type', code: 'token_not_valid' });
  });

  it('answers 401 token_not_valid to a garbage refresh token', async () => {
    const { app, headers } = await signIn('pm');
    const res = await request(app).post(REFRESH).set(headers).send({ refresh: 'garbage' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('token_not_valid');
  });

  it('answers 403 CSRF Failed without the X-CSRFToken header', async () => {
    const { app, refresh, csrfCookie } = await signIn('pm');
    const res = await request(app).post(REFRESH).set('Cookie', csrfCookie).send({ refresh });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'CSRF Failed: CSRF token missing or incorrect.' });
  });

  it('answers 403 CSRF Failed without the csrftoken cookie', async () => {
    const { app, refresh, csrfToken } = await signIn('pm');
    const res = await request(app).post(REFRESH).set('X-CSRFToken', csrfToken).send({ refresh });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'CSRF Failed: CSRF cookie not set.' });
  });

  it('answers 401 token_not_valid to the refresh token of a session that logged out', async () => {
    const { app, refresh, headers } = await signIn('pm');
    expect((await request(app).delete(LOGOUT).set(headers)).status).toBe(204);
    const res = await request(app).post(REFRESH).set(headers).send({ refresh });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('token_not_valid');
  });
});

describe('DELETE /api/auth/logout/', () => {
  it('answers 204 and revokes the session: its access and refresh tokens then get 401', async () => {
    const { app, auth, refresh, headers } = await signIn('supervisor');
    expect((await request(app).get(SELF).set(auth)).status).toBe(200);

    const res = await request(app).delete(LOGOUT).set(headers);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');

    const self = await request(app).get(SELF).set(auth);
    expect(self.status).toBe(401);
    expect(self.body).toMatchObject(TOKEN_NOT_VALID);

    const refreshed = await request(app).post(REFRESH).set(headers).send({ refresh });
    expect(refreshed.status).toBe(401);
    expect(refreshed.body.code).toBe('token_not_valid');
  });

  it('revokes only its own session, not other sessions of the same persona', async () => {
    const first = await signIn('pm');
    const second = await signIn('pm', { app: first.app });
    expect((await request(first.app).delete(LOGOUT).set(first.headers)).status).toBe(204);
    expect((await request(first.app).get(SELF).set(first.auth)).status).toBe(401);
    expect((await request(first.app).get(SELF).set(second.auth)).status).toBe(200);
  });

  it('answers 403 CSRF Failed without the X-CSRFToken header, and the session stays valid', async () => {
    const { app, auth, csrfCookie } = await signIn('pm');
    const res = await request(app).delete(LOGOUT).set(auth).set('Cookie', csrfCookie);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'CSRF Failed: CSRF token missing or incorrect.' });
    expect((await request(app).get(SELF).set(auth)).status).toBe(200);
  });

  it('answers 403 "CSRF token missing or incorrect" when the header differs from the cookie', async () => {
    const { app, auth, headers } = await signIn('pm');
    const res = await request(app)
      .delete(LOGOUT)
      .set(headers)
      .set('X-CSRFToken', `${headers['X-CSRFToken']}x`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'CSRF Failed: CSRF token missing or incorrect.' });
    expect((await request(app).get(SELF).set(auth)).status).toBe(200);
  });

  it('answers 401 without credentials even with a valid CSRF pair', async () => {
    const { app, csrfCookie, csrfToken } = await signIn('pm');
    const res = await request(app)
      .delete(LOGOUT)
      .set('Cookie', csrfCookie)
      .set('X-CSRFToken', csrfToken);
    expect(res.status).toBe(401);
  });
});
